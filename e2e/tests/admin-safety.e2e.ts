import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, formatDisplayDate, siteNow } from '../../shared/domain/siteTime.ts';
import { MOBILE, launchBrowser, openPage, type TestPage } from '../support/browser.ts';
import { ownerRest } from '../support/resultsRest.ts';
import { ist, pauseJustAhead } from '../support/siteClock.ts';
import { signInAsAdmin } from '../support/admin.ts';

/*
 * What an admin on a phone sees when a slip would publish a wrong number or write something the
 * server refuses (points 10–13 of "an admin who cannot publish a wrong number by accident"):
 * the message, right under the control used, and nothing written. The page's clock starts at
 * 00:05 IST today, when an evening draw's late result belongs to yesterday.
 */

const { site, database, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const YESTERDAY = addDays(TODAY, -1);
const OLD_DAY = addDays(TODAY, -20);

const rest = ownerRest(database);

/** The e2e database is shared by every file: all this file may change is put back afterwards. */
const TOUCHED = [
  `sattanamee/Gali/${TODAY}`,
  `sattanamee/Gali/${YESTERDAY}`,
  `sattanamee/Disawar/${TODAY}`,
  `sattanamee/Gali/${OLD_DAY}`,
  'sattanamee/Gali/time',
  'mian',
];

let browser: Browser;
let tab: TestPage;
let page: Page;
const saved = new Map<string, unknown>();

const region = (name: string): Locator => page.getByRole('region', { name, exact: true });

/** Everything TOUCHED as the database holds it now, to compare with what it held before. */
async function snapshot(): Promise<Record<string, unknown>> {
  return Object.fromEntries(await Promise.all(TOUCHED.map(async (path) => [path, await rest(path)] as const)));
}

/** The message is shown under the control used, within 200 px of it, in a live region. */
async function shownUnder(control: Locator, scope: Locator, text: string): Promise<void> {
  const message = scope.getByText(text, { exact: true });
  await message.waitFor({ state: 'visible', timeout: 10_000 });
  expect(['status', 'alert']).toContain(await message.getAttribute('role'));
  const below = await control.boundingBox();
  const box = await message.boundingBox();
  if (!below || !box) throw new Error(`no layout box for ${text}`);
  const gap = box.y - (below.y + below.height);
  expect(gap, `'${text}' starts ${gap} px below the control`).toBeGreaterThanOrEqual(0);
  expect(gap, `'${text}' starts ${gap} px below the control`).toBeLessThanOrEqual(200);
}

/** The text of a select's chosen option, as the admin reads it. */
const chosenText = (select: Locator): Promise<string> =>
  select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

beforeAll(async () => {
  for (const path of TOUCHED) saved.set(path, await rest(path));
  browser = await launchBrowser();
  tab = await openPage(browser, MOBILE);
  page = tab.page;
  // 00:05 IST today (never more than minutes ahead of the real time, so sign-in tokens stay valid).
  await page.clock.install({ time: ist(TODAY, '00:05') });
  await signInAsAdmin(page, site, admin);
  // Stopped just after the page's present: messages stay until the test has measured them.
  await pauseJustAhead(page);
}, 120_000);

afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  for (const [path, value] of saved) await rest(path, 'PUT', value);
});

describe('admin safety on a 360 x 740 phone', () => {
  it("Update Number: '123' is refused as typed, under the button, and nothing is written", async () => {
    const before = await snapshot();
    const form = region('Update Number');
    const button = form.getByRole('button', { name: 'Update Number' });
    await form.getByLabel('Sattaname').selectOption('Gali');
    await form.getByLabel('Number').fill('123');
    await button.click();
    await shownUnder(button, form, 'Number must be two digits from 00 to 99.');
    expect(await form.getByLabel('Number').inputValue()).toBe('123');

    await form.getByLabel('Number').fill('7');
    await button.click();
    await shownUnder(button, form, 'Number must be two digits from 00 to 99.');
    await page.waitForTimeout(500);
    expect(await snapshot()).toEqual(before);
  });

  it("Update Previous Number: '5' and '123' are refused under the button, and nothing is written", async () => {
    const before = await snapshot();
    const form = region('Update Previous Number');
    const button = form.getByRole('button', { name: 'Update Previous Number' });
    await form.getByLabel('Date').fill(formatDisplayDate(OLD_DAY));
    await form.getByLabel('Sattaname').selectOption('Gali');
    for (const typed of ['5', '123']) {
      await form.getByLabel('Number').fill(typed);
      await button.click();
      await shownUnder(button, form, 'Number must be two digits from 00 to 99.');
    }
    await page.waitForTimeout(500);
    expect(await snapshot()).toEqual(before);
  });

  it("at 00:05 IST Gali's result defaults to yesterday and says so; Disawar stays on today", async () => {
    const form = region('Update Number');
    const date = form.getByLabel('Date');
    await form.getByLabel('Sattaname').selectOption('Gali');
    expect(await chosenText(date)).toBe(`Yesterday, ${formatDisplayDate(YESTERDAY)}`);
    const note = `Gali is drawn at ${(await rest('sattanamee/Gali/time')) as string}, so until 05:05 AM its result goes under the day of the draw: yesterday, ${formatDisplayDate(YESTERDAY)}.`;
    expect(await form.getByText(note, { exact: true }).isVisible()).toBe(true);

    await form.getByLabel('Sattaname').selectOption('Disawar');
    expect(await chosenText(date)).toBe(`Today, ${formatDisplayDate(TODAY)}`);
    expect(await form.getByText(/its result goes under the day of the draw/).count()).toBe(0);

    // Published, Gali's number lands under yesterday's date, not today's.
    await form.getByLabel('Sattaname').selectOption('Gali');
    await form.getByLabel('Number').fill('42');
    page.once('dialog', (dialog) => void dialog.accept());
    const button = form.getByRole('button', { name: 'Update Number' });
    await button.click();
    const existed = saved.get(`sattanamee/Gali/${YESTERDAY}`) !== null;
    const text = existed
      ? `Number updated successfully for ${formatDisplayDate(YESTERDAY)}! — Gali`
      : `New data created for ${formatDisplayDate(YESTERDAY)} with the updated number! — Gali`;
    await shownUnder(button, form, text);
    expect(await rest(`sattanamee/Gali/${YESTERDAY}/number`)).toBe('42');
    expect(await rest(`sattanamee/Gali/${TODAY}`)).toEqual(saved.get(`sattanamee/Gali/${TODAY}`));
  });

  it("Sattaname Information: 'Time updated successfully — Gali' under Gali's own Update button", async () => {
    const form = region('Sattaname Information');
    const time = (await rest('sattanamee/Gali/time')) as string;
    const button = form.getByRole('button', { name: 'Update Gali time' });
    await form.getByLabel('Gali time', { exact: true }).fill(time.toLowerCase());
    await button.click();
    await shownUnder(button, form, 'Time updated successfully — Gali');
    expect(await rest('sattanamee/Gali/time')).toBe(time);
  });

  it('Update Main Information: a 101-character name and a 2,001-character banner are refused by name, nothing written', async () => {
    const before = await snapshot();
    const form = region('Update Main Information');
    const button = form.getByRole('button', { name: 'Update Main Information' });
    await form.getByLabel('Name').fill('R'.repeat(101));
    await button.click();
    await shownUnder(button, form, 'Name is too long: 101 characters, at most 100.');

    await form.getByLabel('Name').fill('Raju Admin');
    await form.getByLabel('Banner text').fill('b'.repeat(2001));
    await button.click();
    await shownUnder(button, form, 'Banner text is too long: 2001 characters, at most 2000.');
    await page.waitForTimeout(500);
    expect(await snapshot()).toEqual(before);
  });

  it('Update Password: a wrong current password is said in plain words under the button', async () => {
    const form = region('Update Password');
    const button = form.getByRole('button', { name: 'Update Password' });
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New password').fill('changed-demo-2026');
    await button.click();
    await shownUnder(button, form, 'The current password is not correct.');
    expect(await form.getByText(/auth\//).count()).toBe(0);
  });
});
