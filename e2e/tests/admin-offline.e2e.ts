import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatDisplayDate, siteNow } from '../../shared/domain/siteTime.ts';
import { ownerRest } from '../support/resultsRest.ts';
import { MOBILE, launchBrowser, openPage, type TestPage } from '../support/browser.ts';
import { signInAsAdmin } from '../support/admin.ts';

/*
 * Issue 28, point 1: a save never hangs. With the admin's browser offline, the dashboard says it
 * has no connection; Update Number and a khaiwal save say in words, within a few seconds, that
 * nothing was sent yet, and free their forms; the writes wait in 'Pending changes', where
 * Cancel really cancels (the number never reaches the database) and the rest are confirmed when
 * the connection returns. A visitor's page reads over REST, the admin's over the SDK's own
 * connection (WebSocket or long-polling): the browser going offline ends it (the SDK listens to
 * the browser's offline event).
 */

const { site, database, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const DAY_MONTH = formatDisplayDate(TODAY).slice(0, 5);
const GAME = 'Ferozpur';
const AGENT = 'E2E Offline Khaiwal';

const rest = ownerRest(database);
/** Other test files share this database: everything this file touches is put back afterwards. */
const TOUCHED = [`sattanamee/${GAME}/${TODAY}`, 'khaiwals', `notifyState/sent/${TODAY}/${GAME}`, `notifyState/pending/${TODAY}/${GAME}`];

const CONNECTED = 'Connected';
const OFFLINE = 'No connection: changes wait here until it returns';
const NOT_PUBLISHED = `No connection: not published yet. It will be sent when the connection returns. — ${GAME}`;
const NOT_SAVED = 'No connection: not saved yet. It will be sent when the connection returns.';

let browser: Browser;
let tab: TestPage;
let page: Page;
const saved = new Map<string, unknown>();

const region = (name: string): Locator => page.getByRole('region', { name, exact: true });
const connection = (): Locator => page.locator('[data-connection]');
const pendingRows = (): Promise<string[]> =>
  page
    .getByRole('list', { name: 'Pending changes' })
    .locator('li > p')
    // The row's text without its "entered at" line.
    .evaluateAll((items) => items.map((p) => p.firstChild?.textContent ?? ''));

/** Waits until the header says `text` of the connection. */
async function connectionSays(text: string, timeout = 20_000): Promise<void> {
  await expect.poll(() => connection().textContent(), { timeout }).toBe(text);
}

/** Publishes `number` for GAME today from Update Number and returns how long the form was busy. */
async function publish(number: string): Promise<number> {
  const form = region('Update Number');
  await form.getByLabel('Sattaname').selectOption(GAME);
  await form.getByLabel('Date').selectOption(TODAY);
  await form.getByLabel('Number').fill(number);
  const started = Date.now();
  await form.getByRole('button', { name: 'Update Number' }).click();
  await form.getByText(NOT_PUBLISHED, { exact: true }).waitFor({ timeout: 15_000 });
  await form.getByRole('button', { name: 'Update Number' }).waitFor();
  expect(await form.getByRole('button', { name: 'Update Number' }).isEnabled()).toBe(true);
  return Date.now() - started;
}

beforeAll(async () => {
  for (const path of TOUCHED) saved.set(path, await rest(path));
  await rest(`sattanamee/${GAME}/${TODAY}`, 'DELETE');
  await rest('khaiwals', 'DELETE');
  browser = await launchBrowser();
  tab = await openPage(browser, MOBILE);
  page = tab.page;
  await signInAsAdmin(page, site, admin);
}, 120_000);

afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  for (const [path, value] of saved) await rest(path, 'PUT', value);
});

describe('the dashboard without a connection (a 360 x 740 phone)', () => {
  it('says so, holds the writes in words with Cancel, never sends a cancelled one, and confirms the rest on reconnect', async () => {
    await connectionSays(CONNECTED);
    expect(await connection().getAttribute('role')).toBe('status');

    await tab.context.setOffline(true);
    await connectionSays(OFFLINE);

    // Update Number: free again within a few seconds, and the write is listed, not sent.
    const busyFor = await publish('42');
    expect(busyFor, `the form was busy ${busyFor} ms`).toBeLessThan(10_000);
    expect(await pendingRows()).toEqual([`${GAME} ${DAY_MONTH}: 42: not published yet, waiting for the connection.`]);

    // Cancel: a finger's width on a phone, and the number is never written.
    const cancel = page.getByRole('button', { name: `Cancel ${GAME} ${DAY_MONTH}: 42` });
    const box = await cancel.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await cancel.click();
    expect(await pendingRows()).toEqual([`${GAME} ${DAY_MONTH}: 42: cancelled, not published.`]);

    await publish('43');

    // A khaiwal save does the same.
    const khaiwals = region('Khaiwal Management');
    await khaiwals.getByLabel('Name', { exact: true }).fill(AGENT);
    await khaiwals.getByLabel('Phone', { exact: true }).fill('+91 90000 00077');
    await khaiwals.getByLabel('WhatsApp number').fill('+91 90000 00077');
    await khaiwals.getByLabel('Website URL').fill('https://offline.example');
    await khaiwals.getByLabel('Payment').fill('UPI');
    await khaiwals.getByRole('button', { name: 'Add Khaiwal' }).click();
    await khaiwals.getByText(NOT_SAVED, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await khaiwals.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    expect(await pendingRows()).toEqual([
      `${GAME} ${DAY_MONTH}: 42: cancelled, not published.`,
      `${GAME} ${DAY_MONTH}: 43: not published yet, waiting for the connection.`,
      `Khaiwal ${AGENT}: not saved yet, waiting for the connection.`,
    ]);
    await connectionSays(`${OFFLINE} · 2 changes not confirmed yet`);
    // Nothing reached the database while offline.
    expect(await rest(`sattanamee/${GAME}/${TODAY}`)).toBeNull();
    expect(await rest('khaiwals')).toBeNull();

    // The connection returns: each held write is sent and confirmed; the cancelled one never is.
    await tab.context.setOffline(false);
    await connectionSays(CONNECTED, 60_000);
    await expect
      .poll(pendingRows, { timeout: 30_000 })
      .toEqual([
        `${GAME} ${DAY_MONTH}: 42: cancelled, not published.`,
        `${GAME} ${DAY_MONTH}: 43: published, confirmed by the server.`,
        `Khaiwal ${AGENT}: saved, confirmed by the server.`,
      ]);
    expect(await rest(`sattanamee/${GAME}/${TODAY}/number`)).toBe('43');
    // And a visitor's page shows it.
    const visitor = await openPage(browser, MOBILE);
    try {
      await visitor.page.goto(site);
      await visitor.page
        .locator(`[data-widget="mf-results/ResultTable"] tr[data-game="${GAME}"] td:nth-of-type(2)`)
        // The number, then its publish time ('43प्रकाशित 10:41 AM IST').
        .filter({ hasText: /^43प्रकाशित/ })
        .waitFor({ timeout: 20_000 });
    } finally {
      await visitor.context.close();
    }
    const agents = Object.values(((await rest('khaiwals')) as Record<string, { name: string }> | null) ?? {});
    expect(agents.map((agent) => agent.name)).toEqual([AGENT]);

    // OK takes each settled row off; the list goes once empty.
    for (const label of [`${GAME} ${DAY_MONTH}: 42`, `${GAME} ${DAY_MONTH}: 43`, `Khaiwal ${AGENT}`]) {
      await page.getByRole('button', { name: `OK: ${label}` }).click();
    }
    await page.getByRole('list', { name: 'Pending changes' }).waitFor({ state: 'detached' });
  });

  it('asks before the page is closed with a change not sent, and a closed page sends nothing', async () => {
    await connectionSays(CONNECTED);
    await tab.context.setOffline(true);
    await connectionSays(OFFLINE);
    await publish('44');
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await expect.poll(() => page.isClosed()).toBe(true);
    await tab.context.setOffline(false);
    expect(await rest(`sattanamee/${GAME}/${TODAY}/number`)).toBe('43');
  });
});
