import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { ownerRest } from '../support/resultsRest.ts';
import { dismissNotificationPrompt, launchBrowser, openPage, waitForLiveWidget, type TestPage } from '../support/browser.ts';
import { signInAsAdmin, visitorSees } from '../support/admin.ts';

/*
 * The safe publish as the admin sees it: a number published from the dashboard is live on the
 * site at once, its push waits for the undo window (counted down from what the stack's notify
 * service recorded, so it survives a reload), and Undo takes the number off the site before any
 * notification went out.
 */
const { site, database, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const GAME = 'Agra';
/** Long enough that the window cannot end while a loaded machine runs the test. */
const WINDOW_SEC = 300;

const rest = ownerRest(database);
/** Other test files share this database: everything this file touches is put back afterwards. */
const TOUCHED = [`sattanamee/${GAME}/${TODAY}`, 'notifyState/undoWindowSec', `notifyState/sent/${TODAY}/${GAME}`];

let browser: Browser;
let adminTab: TestPage;
let visitorTab: TestPage;
let page: Page;
const saved = new Map<string, unknown>();

const todayCell = (visitor: Page): Locator => visitor.locator(`[data-widget="mf-results/ResultTable"] tr[data-game="${GAME}"] td`).last();

beforeAll(async () => {
  for (const path of TOUCHED) saved.set(path, await rest(path));
  await rest(`sattanamee/${GAME}/${TODAY}`, 'DELETE');
  await rest(`notifyState/sent/${TODAY}/${GAME}`, 'DELETE');
  await rest('notifyState/undoWindowSec', 'PUT', WINDOW_SEC);
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

describe('publish with an undo window', () => {
  it('shows the countdown and Undo, keeps them over a reload, and Undo takes the number off the site unsent', async () => {
    expect((await todayCell(visitorTab.page).innerText()).trim()).toBe('Wait...');

    const form = page.getByRole('region', { name: 'Update Number', exact: true });
    await form.getByLabel('Sattaname').selectOption(GAME);
    await form.getByLabel('Date').selectOption(TODAY);
    await form.getByLabel('Number').fill('42');
    await form.getByRole('button', { name: 'Update Number' }).click();
    await form.getByText(`New object created for today with updated number! — ${GAME}`, { exact: true }).waitFor();

    // Live on the site at once.
    await visitorSees(visitorTab.page, GAME, '42');

    // The notify service picks the result up (it re-reads the game list now and then) and records when it will push.
    const countdown = form.getByText(/^Agra 42: push in \d+ s$/);
    await countdown.waitFor();
    const seconds = Number(/in (\d+) s/.exec((await countdown.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(WINDOW_SEC - 60);
    expect(seconds).toBeLessThanOrEqual(WINDOW_SEC);
    expect(await rest(`notifyState/pending/${TODAY}/${GAME}`)).toEqual({ number: '42', sendAt: expect.any(Number) });

    // The window is the service's, not the page's: a reload shows the same countdown.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Welcome, Admin/ }).waitFor();
    const reloaded = page.getByRole('region', { name: 'Update Number', exact: true });
    await reloaded.getByText(/^Agra 42: push in \d+ s$/).waitFor({ timeout: 15_000 });

    // Other games' results of today (the seed's) may be waiting too: this is Agra's line.
    const line = reloaded.getByRole('listitem').filter({ hasText: /^Agra 42: push in \d+ s/ });
    await line.getByRole('button', { name: 'Undo' }).click();
    await reloaded.getByText('Agra 42 undone: removed, no notification was sent.', { exact: true }).waitFor({ timeout: 10_000 });
    await reloaded.getByText(/^Agra 42: push in/).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await line.count()).toBe(0);

    // Gone from the site and the database; the service dropped the push without sending it.
    await visitorSees(visitorTab.page, GAME, 'Wait...');
    expect(await rest(`sattanamee/${GAME}/${TODAY}`)).toBeNull();
    expect(await rest(`notifyState/pending/${TODAY}/${GAME}`)).toBeNull();
    expect(await rest(`notifyState/sent/${TODAY}/${GAME}`)).toBeNull();
  });
});
