import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { formatGameTime } from '../../shared/domain/time.ts';
import { ownerRest } from '../support/resultsRest.ts';
import { dismissNotificationPrompt, launchBrowser, openPage, waitForLiveWidget, type TestPage } from '../support/browser.ts';
import { signInAsAdmin, visitorSees } from '../support/admin.ts';

/*
 * Scheduled publishing as the admin sees it: a number scheduled from the dashboard is listed with
 * its time in IST, can be changed and cancelled, and stays off the visitor's page (the rules keep
 * it private); one scheduled a minute or so ahead is published by the stack's notify service and
 * shows up on the visitor's page by itself. Publishing exactly once across restarts is the
 * notify service's integration test (server/notify/src/scheduled.integration.test.ts).
 */
const { site, database, admin } = inject('e2e');
const TZ = 'Asia/Kolkata';
const TODAY = siteNow(new Date(), TZ).dateKey;
const GAME = 'Gwalior';

const rest = ownerRest(database);
/** Other test files share this database: everything this file touches is put back afterwards. */
const TOUCHED = [`sattanamee/${GAME}/${TODAY}`, `scheduled/${GAME}`, `notifyState/sent/${TODAY}/${GAME}`, 'notifyState/undoWindowSec'];

let browser: Browser;
let adminTab: TestPage;
let visitorTab: TestPage;
let page: Page;
const saved = new Map<string, unknown>();

/**
 * A wall-clock time of today in IST, `minutes` after the current minute, but no later than
 * 23:47 + `minutes` (a schedule is for today: close to midnight the times bunch up before it
 * instead of wrapping into tomorrow; they stay in the future until 23:57).
 */
const istIn = (minutes: number): string => formatGameTime(Math.min(siteNow(new Date(), TZ).minutesOfDay, 23 * 60 + 47) + minutes);

const todayCell = (visitor: Page): Locator => visitor.locator(`[data-widget="mf-results/ResultTable"] tr[data-game="${GAME}"] td`).last();

beforeAll(async () => {
  for (const path of TOUCHED) saved.set(path, await rest(path));
  await rest(`sattanamee/${GAME}/${TODAY}`, 'DELETE');
  await rest(`scheduled/${GAME}`, 'DELETE');
  await rest(`notifyState/sent/${TODAY}/${GAME}`, 'DELETE');
  browser = await launchBrowser();
  adminTab = await openPage(browser);
  page = adminTab.page;
  await signInAsAdmin(page, site, admin);
  visitorTab = await openPage(browser);
  await visitorTab.page.goto(site);
  await dismissNotificationPrompt(visitorTab.page);
  await waitForLiveWidget(visitorTab.page, 'mf-results/ResultTable');
}, 120_000);

afterAll(async () => {
  await visitorTab?.context.close();
  await adminTab?.context.close();
  await browser?.close();
  for (const [path, value] of saved) await rest(path, 'PUT', value);
  await rest(`notifyState/pending/${TODAY}/${GAME}`, 'DELETE');
});

describe('scheduled publishing from the dashboard', () => {
  it('schedules a number, lists it with its IST time, changes it and cancels it; a visitor never sees it', async () => {
    const panel = page.getByRole('region', { name: 'Publish Later', exact: true });
    const list = panel.getByRole('list', { name: 'Scheduled' });

    // Bad input changes nothing.
    await panel.getByLabel('Sattaname').selectOption(GAME);
    await panel.getByLabel('Number').fill('4');
    await panel.getByRole('button', { name: 'Schedule' }).click();
    await panel.getByText('Number must be two digits from 00 to 99.', { exact: true }).waitFor();
    await panel.getByLabel('Number').fill('42');
    await panel.getByLabel('When').selectOption({ label: 'At a chosen time' });
    await panel.getByLabel('Time (IST)').fill('12:00 AM');
    await panel.getByRole('button', { name: 'Schedule' }).click();
    await panel.getByText('12:00 AM has passed today; choose a later time.', { exact: true }).waitFor();
    expect(await rest(`scheduled/${GAME}`)).toBeNull();

    // Far enough ahead that nothing is published while this test runs.
    const first = istIn(10);
    await panel.getByLabel('Time (IST)').fill(first);
    await panel.getByRole('button', { name: 'Schedule' }).click();
    await panel.getByText(`Scheduled: ${GAME} 42 at ${first} IST.`, { exact: true }).waitFor();
    await list.getByText(`${GAME} 42 at ${first} IST`, { exact: true }).waitFor();
    expect(await rest(`scheduled/${GAME}/${TODAY}`)).toEqual({ number: '42', at: expect.any(Number), createdAt: expect.any(Number) });

    // Private until its time: the visitor's table still waits for the result.
    expect((await todayCell(visitorTab.page).innerText()).trim()).toBe('Wait...');

    // Change: back into the form, a new number and time.
    const later = istIn(12);
    await list
      .getByRole('listitem')
      .filter({ hasText: `${GAME} 42 at ${first} IST` })
      .getByRole('button', { name: 'Change' })
      .click();
    expect(await panel.getByLabel('Number').inputValue()).toBe('42');
    expect(await panel.getByLabel('Time (IST)').inputValue()).toBe(first);
    await panel.getByLabel('Number').fill('43');
    await panel.getByLabel('Time (IST)').fill(later);
    await panel.getByRole('button', { name: 'Schedule' }).click();
    await panel.getByText(`Schedule changed: ${GAME} 43 at ${later} IST.`, { exact: true }).waitFor();
    await list.getByText(`${GAME} 43 at ${later} IST`, { exact: true }).waitFor();
    expect(await list.getByText(`${GAME} 42 at ${first} IST`, { exact: true }).count()).toBe(0);

    // Cancel: gone from the list and the database; nothing was published.
    await list
      .getByRole('listitem')
      .filter({ hasText: `${GAME} 43 at ${later} IST` })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await panel.getByText(`Schedule cancelled: ${GAME} 43 will not be published.`, { exact: true }).waitFor();
    await panel.getByRole('list', { name: 'Scheduled' }).filter({ hasText: GAME }).waitFor({ state: 'detached' });
    expect(await rest(`scheduled/${GAME}`)).toBeNull();
    expect(await rest(`sattanamee/${GAME}/${TODAY}`)).toBeNull();
    expect((await todayCell(visitorTab.page).innerText()).trim()).toBe('Wait...');
  });

  it('a scheduled number is published at its time by the notify service and reaches the visitor by itself', async () => {
    await rest('notifyState/undoWindowSec', 'PUT', 0);
    const panel = page.getByRole('region', { name: 'Publish Later', exact: true });
    // Written as the dashboard writes it, but a few seconds ahead rather than at a whole minute
    // (the form's times are minutes; the first test covers the form).
    const at = Date.now() + 4_000;
    await rest(`scheduled/${GAME}/${TODAY}`, 'PUT', { number: '57', at, createdAt: Date.now() });
    await panel.getByRole('list', { name: 'Scheduled' }).getByText(`${GAME} 57 at `).waitFor();
    expect((await todayCell(visitorTab.page).innerText()).trim()).toBe('Wait...');

    // At its time the service publishes it; the visitor's table updates live, the list empties.
    await visitorSees(visitorTab.page, GAME, '57');
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    await panel.getByRole('list', { name: 'Scheduled' }).waitFor({ state: 'detached' });
    expect(await rest(`scheduled/${GAME}/${TODAY}`)).toBeNull();
    expect(await rest(`sattanamee/${GAME}/${TODAY}/number`)).toBe('57');
  });
});
