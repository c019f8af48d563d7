import { pauseJustAhead } from '../support/siteClock.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { PROJECT_ID } from '../../scripts/stack.ts';
import { MESSAGE_MS, TEST_NOTIFICATION_MS } from '../../shared/domain/constants.ts';
import { addDays, formatDisplayDate, siteNow } from '../../shared/domain/siteTime.ts';
import { readTimings } from '../../shared/domain/agents.ts';
import { ownerRest } from '../support/resultsRest.ts';
import {
  MOBILE,
  dismissNotificationPrompt,
  launchBrowser,
  openPage,
  waitForFirstResult,
  waitForSplashToGo,
  type TestPage,
} from '../support/browser.ts';
import { signInAsAdmin } from '../support/admin.ts';

/** A back-filled result as stored: never pushed, with its server publish time. */
const BACKFILLED = (number: string) => ({ number, silent: true, publishedAt: expect.any(Number), updatedAt: expect.any(Number) });
const { site, database, auth, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
/** Far enough back that the 45 seeded days hold no result for it. */
const OLD_DAY = addDays(TODAY, -60);

const rest = ownerRest(database);

/** Other test files share this database: everything this file touches is put back afterwards. */
const TOUCHED = ['sattanamee/Gali/time', `sattanamee/Gali/${TODAY}`, `sattanamee/Disawar/${OLD_DAY}`, 'mian', 'adinfo', 'khaiwals'];

/** The 400 imported rows: one a day of 2019 and 2020 for Gali, a span the seed never fills. */
const IMPORT_DAYS = Array.from({ length: 400 }, (_, i) => addDays('2019-03-01', i));
const BAD_LINE = 217;

let browser: Browser;
let tab: TestPage;
let page: Page;
const saved = new Map<string, unknown>();

const region = (name: string): Locator => page.getByRole('region', { name, exact: true });

/**
 * Waits in real time for a message while the page's clock stands still: the service answers
 * over the network, so no page timer is needed to get there, and the clock has not moved when
 * the message's own timer starts.
 */
async function appears(target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible', timeout: 10_000 });
}

/** The message shows, stays exactly `ms` on the page's clock, and is gone the moment after. */
async function shownFor(scope: Locator, text: string, ms: number): Promise<void> {
  const message = scope.getByText(text, { exact: true });
  await appears(message);
  await page.clock.runFor(ms - 1);
  expect(await message.isVisible()).toBe(true);
  await page.clock.runFor(1);
  await message.waitFor({ state: 'hidden', timeout: 5_000 });
}

/** The next window.confirm is answered `accept`; returns the question it asked. */
function answerNextConfirm(accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      const question = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(question));
    });
  });
}

/** The Auth emulator's admin API, to restore the demo password whatever happened in the test. */
async function resetAdminPassword(): Promise<void> {
  const base = `${auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const lookup = await fetch(`${base}/accounts:lookup`, { method: 'POST', headers, body: JSON.stringify({ email: [admin.email] }) });
  const { users } = (await lookup.json()) as { users?: { localId: string }[] };
  const localId = users?.[0]?.localId;
  if (!localId) throw new Error('e2e: the demo admin is missing from the Auth emulator');
  const update = await fetch(`${base}/accounts:update`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId, password: admin.password }),
  });
  if (!update.ok) throw new Error(`e2e: could not reset the admin password: ${update.status} ${await update.text()}`);
}

beforeAll(async () => {
  for (const path of TOUCHED) saved.set(path, await rest(path));
  // Deterministic start: no result for Gali today, so the first save creates it.
  await rest(`sattanamee/Gali`, 'PATCH', { [TODAY]: null });
  browser = await launchBrowser();
  tab = await openPage(browser);
  page = tab.page;
  // Time flows naturally while the site loads and the admin signs in; each test then stops it.
  await page.clock.install();
  await signInAsAdmin(page, site, admin);
}, 120_000);

afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  for (const [path, value] of saved) await rest(path, 'PUT', value);
  await rest('sattanamee/Gali', 'PATCH', Object.fromEntries(IMPORT_DAYS.map((day) => [day, null])));
  await resetAdminPassword();
});

/** Stops the page's clock at its present time, so the message timers only move when told. */
async function stopClock(): Promise<void> {
  await pauseJustAhead(page);
}

describe('admin dashboard (mf-admin)', () => {
  it("the admin sets today's Gali number and a visitor's page shows it live", async () => {
    const visitor = await openPage(browser);
    try {
      await visitor.page.goto(site);
      await waitForSplashToGo(visitor.page);
      await dismissNotificationPrompt(visitor.page);
      await waitForFirstResult(visitor.page);
      const galiToday = visitor.page.locator('[data-widget="mf-results/ResultTable"] tr[data-game="Gali"] td').last();
      expect(await galiToday.innerText()).toBe('Wait...');

      await stopClock();
      const form = region('Update Number');
      await form.getByLabel('Sattaname').selectOption('Gali');
      // Between 00:00 and 05:05 IST Gali's result defaults to the day of its draw: choose today.
      await form.getByLabel('Date').selectOption(TODAY);
      await form.getByLabel('Number').fill('07');
      await form.getByRole('button', { name: 'Update Number' }).click();
      await shownFor(form, 'New object created for today with updated number! — Gali', MESSAGE_MS);
      expect(await rest(`sattanamee/Gali/${TODAY}/number`)).toBe('07');
      await visitor.page.waitForFunction(
        // innerText: what is shown, without the cell's hidden publish-time note.
        () =>
          document.querySelector<HTMLElement>('[data-widget="mf-results/ResultTable"] tr[data-game="Gali"] td:last-child')?.innerText ===
          '07',
        undefined,
        { timeout: 10_000 },
      );

      // Replacing a published number asks first; declining writes nothing. A publish puts the
      // Date back on its default, which until 05:05 IST is Gali's draw day: choose today again.
      await form.getByLabel('Date').selectOption(TODAY);
      await form.getByLabel('Number').fill('08');
      const declined = answerNextConfirm(false);
      await form.getByRole('button', { name: 'Update Number' }).click();
      expect(await declined).toBe(`Gali already has 07 published for ${formatDisplayDate(TODAY)}. Replace it with 08?`);
      await page.waitForTimeout(500);
      expect(await rest(`sattanamee/Gali/${TODAY}/number`)).toBe('07');
      expect(await form.getByLabel('Number').inputValue()).toBe('08');

      const accepted = answerNextConfirm(true);
      await form.getByRole('button', { name: 'Update Number' }).click();
      await accepted;
      await shownFor(form, 'Number updated successfully for today! — Gali', MESSAGE_MS);
      expect(await rest(`sattanamee/Gali/${TODAY}/number`)).toBe('08');
      await visitor.page.waitForFunction(
        // The new number with its corrected mark: '08' 'संशोधित'.
        () =>
          document.querySelector<HTMLElement>('[data-widget="mf-results/ResultTable"] tr[data-game="Gali"] td:last-child')?.innerText ===
          '08संशोधित',
        undefined,
        { timeout: 10_000 },
      );

      // Exactly two digits: nothing is cut short or padded, a bad number is refused as typed.
      await form.getByLabel('Number').fill('123');
      await form.getByRole('button', { name: 'Update Number' }).click();
      await shownFor(form, 'Number must be two digits from 00 to 99.', MESSAGE_MS);
      expect(await form.getByLabel('Number').inputValue()).toBe('123');
      await form.getByLabel('Number').fill('4x');
      await form.getByRole('button', { name: 'Update Number' }).click();
      await shownFor(form, 'Number must be two digits from 00 to 99.', MESSAGE_MS);
      await form.getByLabel('Sattaname').selectOption('');
      await form.getByLabel('Number').fill('12');
      await form.getByRole('button', { name: 'Update Number' }).click();
      await shownFor(form, 'Please select a Sattaname.', MESSAGE_MS);
      expect(await rest(`sattanamee/Gali/${TODAY}/number`)).toBe('08');
    } finally {
      await visitor.context.close();
    }
  });

  it('Update Previous Number: created, updated, and the missing Sattaname', async () => {
    await stopClock();
    const form = region('Update Previous Number');
    await form.getByLabel('Date').fill(formatDisplayDate(OLD_DAY));
    await form.getByLabel('Sattaname').selectOption('Disawar');
    await form.getByLabel('Number').fill('05');
    await form.getByRole('button', { name: 'Update Previous Number' }).click();
    await shownFor(form, `New data created for ${formatDisplayDate(OLD_DAY)} with the updated number! — Disawar`, MESSAGE_MS);
    expect(await rest(`sattanamee/Disawar/${OLD_DAY}`)).toEqual(BACKFILLED('05'));

    await form.getByLabel('Number').fill('05');
    await form.getByRole('button', { name: 'Update Previous Number' }).click();
    await shownFor(form, `Number updated successfully for ${formatDisplayDate(OLD_DAY)}! — Disawar`, MESSAGE_MS);

    await form.getByLabel('Sattaname').selectOption('');
    await form.getByLabel('Number').fill('06');
    await form.getByRole('button', { name: 'Update Previous Number' }).click();
    await shownFor(form, 'Please select a Sattaname.', MESSAGE_MS);
    expect(await rest(`sattanamee/Disawar/${OLD_DAY}`)).toEqual(BACKFILLED('05'));
  });

  it('Update Password: a plain message for a wrong current password, then a change and back', async () => {
    try {
      await stopClock();
      const form = region('Update Password');
      await form.getByLabel('Current password').fill('not-the-password');
      await form.getByLabel('New password').fill('changed-demo-2026');
      await form.getByRole('button', { name: 'Update Password' }).click();
      await shownFor(form, 'The current password is not correct.', MESSAGE_MS);
      expect(await form.getByLabel('New password').inputValue()).toBe('changed-demo-2026');

      await form.getByLabel('Current password').fill(admin.password);
      await form.getByRole('button', { name: 'Update Password' }).click();
      await shownFor(form, 'Password updated successfully!', MESSAGE_MS);

      await form.getByLabel('Current password').fill('changed-demo-2026');
      await form.getByLabel('New password').fill(admin.password);
      await form.getByRole('button', { name: 'Update Password' }).click();
      await shownFor(form, 'Password updated successfully!', MESSAGE_MS);
    } finally {
      await resetAdminPassword();
    }
  });

  it("Send Test Notification: 'Sending...', then the answer or the failure, each for 4 s, with the admin's ID token", async () => {
    await stopClock();
    const form = region('Send Test Notification');
    const button = form.getByRole('button', { name: 'Send Test Notification' });
    let authorization: string | undefined;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/send-test', async (route) => {
      const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization' };
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      authorization = route.request().headers()['authorization'];
      await held;
      return route.fulfill({ status: 200, headers: cors, body: 'Test notification sent to 0 subscribers.' });
    });
    try {
      await button.click();
      await appears(form.getByText('Sending...', { exact: true }));
      expect(await button.isDisabled()).toBe(true);
      release();
      await shownFor(form, 'Test notification sent to 0 subscribers.', TEST_NOTIFICATION_MS);
      expect(authorization).toMatch(/^Bearer \S+\.\S+/);
    } finally {
      await page.unroute('**/send-test');
    }

    // A sign-in revoked by a password reset elsewhere (a later whole second than the page's last
    // sign-in): the service refuses even a fresh token, and the admin is asked to sign in again.
    await page.clock.resume();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await resetAdminPassword();
    await button.click();
    await appears(form.getByText('Your sign-in has expired. Sign in again to send a test notification.', { exact: true }));
    expect(await form.getByText('Failed to send test notification.').count()).toBe(0);
    await form.getByRole('button', { name: 'Sign In Again' }).click();
    await page.waitForURL(`${site}/signin`);
    await signInAsAdmin(page, site, admin);
    await stopClock();

    // The real notify service verifies the new sign-in's token and answers with what it sent.
    const answered = page.waitForResponse((response) => response.url().endsWith('/send-test') && response.request().method() === 'GET', {
      timeout: 15_000,
    });
    await form.getByRole('button', { name: 'Send Test Notification' }).click();
    const response = await answered;
    const status = { status: response.status(), body: await response.text() };
    expect(status, 'the notify service answered').toMatchObject({
      status: 200,
      body: expect.stringMatching(/^Test notification sent to \d+ subscribers?\./),
    });
    const answer = form.getByText(/^Test notification sent to \d+ subscribers?\./);
    await appears(answer);
    await shownFor(form, (await answer.textContent()) ?? '', TEST_NOTIFICATION_MS);

    // A failing service: the specification's message.
    await page.route('**/send-test', (route) =>
      route.fulfill({
        status: 500,
        headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization' },
        body: 'boom',
      }),
    );
    try {
      await button.click();
      await shownFor(form, 'Failed to send test notification.', TEST_NOTIFICATION_MS);
    } finally {
      await page.unroute('**/send-test');
    }
  });

  it('Update Main Information: saved, a too-long name refused with the input kept, and disabled while incomplete', async () => {
    await stopClock();
    const form = region('Update Main Information');
    const button = form.getByRole('button', { name: 'Update Main Information' });
    await form.getByLabel('Name').fill('Raju Admin');
    await form.getByLabel('Phone number').fill('+91 91111 11111');
    await button.click();
    await shownFor(form, 'Main information updated successfully!', MESSAGE_MS);
    expect(await rest('mian')).toMatchObject({ name: 'Raju Admin', phnnumber: '+91 91111 11111' });

    // The rules cap a name at 100 characters: the form says so before writing and the input stays.
    const long = 'R'.repeat(101);
    await form.getByLabel('Name').fill(long);
    await button.click();
    await shownFor(form, 'Name is too long: 101 characters, at most 100.', MESSAGE_MS);
    expect(await form.getByLabel('Name').inputValue()).toBe(long);
    expect(await rest('mian/name')).toBe('Raju Admin');

    await form.getByLabel('Name').fill('');
    expect(await button.isDisabled()).toBe(true);
    await form.getByLabel('Name').fill('Raju Admin');
    await form.getByLabel('Phone number').fill(' ');
    expect(await button.isDisabled()).toBe(true);
  });

  it("Sattaname Information: a time saved upper-case, and 'Error updating time: {message}'", async () => {
    await stopClock();
    const form = region('Sattaname Information');
    const gali = form.getByLabel('Gali time', { exact: true });
    expect(await gali.getAttribute('placeholder')).toBe('HH:MM AM/PM');
    await gali.fill('11:35 pm');
    await form.getByRole('button', { name: 'Update Gali time' }).click();
    await shownFor(form, 'Time updated successfully — Gali', MESSAGE_MS);
    expect(await rest('sattanamee/Gali/time')).toBe('11:35 PM');
    expect(await gali.inputValue()).toBe('11:35 PM');

    await gali.fill('');
    await form.getByRole('button', { name: 'Update Gali time' }).click();
    await shownFor(form, 'Error updating time: Please enter a time. — Gali', MESSAGE_MS);
    expect(await rest('sattanamee/Gali/time')).toBe('11:35 PM');
  });

  it('Update Ad Info: saved, and an incomplete ad refused', async () => {
    await stopClock();
    const form = region('Update Ad Info');
    await form.getByRole('button', { name: 'Add ad' }).click();
    const n = await form.getByRole('group', { name: /^Ad \d+$/ }).count();
    await form.getByLabel(`Ad ${n} label`).fill('e2e');
    await form.getByLabel(`Ad ${n} name`).fill('Evening ad');
    await form.getByLabel(`Ad ${n} time`).fill('6:05 pm');
    await form.getByRole('button', { name: 'Update Ad Info' }).click();
    await shownFor(form, 'Ad info updated successfully!', MESSAGE_MS);
    expect(await rest('adinfo/e2e')).toEqual({ name: 'Evening ad', time: '06:05 PM' });

    await form.getByLabel(`Ad ${n} name`).fill('');
    await form.getByRole('button', { name: 'Update Ad Info' }).click();
    await shownFor(form, 'Ad "e2e" needs a name and a time.', MESSAGE_MS);
    expect(await rest('adinfo/e2e')).toEqual({ name: 'Evening ad', time: '06:05 PM' });
  });

  it('Khaiwal Management: required fields, add, edit, a too-long name refused, a cancelled and a confirmed delete', async () => {
    await rest('khaiwals', 'PUT', null);
    await stopClock();
    const form = region('Khaiwal Management');
    const list = form.getByRole('list', { name: 'Khaiwals' });
    await form.getByLabel('Name', { exact: true }).fill('E2E Khaiwal');
    await form.getByLabel('Phone', { exact: true }).fill('+91 90000 00009');
    await form.getByRole('button', { name: 'Add Khaiwal' }).click();
    await shownFor(form, 'Please fill in all required fields', MESSAGE_MS);

    await form.getByLabel('Phone 2 (optional)').fill('+91 90000 00019');
    await form.getByLabel('WhatsApp number').fill('+91 90000 00009');
    await form.getByLabel('Website URL').fill('https://khaiwal.example');
    await form.getByLabel('Payment').fill('UPI');
    await form.getByRole('button', { name: 'Add timing' }).click();
    await form.getByLabel('Timing 1 game').fill('Gali');
    await form.getByLabel('Timing 1 time').fill('11:10 pm');
    await form.getByLabel('Jodi rate').fill('10-----950');
    await form.getByRole('button', { name: 'Add Khaiwal' }).click();
    await shownFor(form, 'Khaiwal added successfully!', MESSAGE_MS);
    const stored = Object.values((await rest('khaiwals')) as Record<string, Record<string, unknown>>);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'E2E Khaiwal',
      phone2: '+91 90000 00019',
      site: 'https://khaiwal.example/',
      customRates: { jodi: '10-----950', haruf: '100-----960' },
    });
    // Read as the SDK reads it: the server's REST answer may spell the list as an object.
    expect(readTimings(stored[0]?.['customTimings'])).toEqual([['Gali', '11:10 PM']]);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    await list.getByRole('button', { name: 'Edit E2E Khaiwal' }).click();
    expect(await form.getByLabel('Timing 1 time').inputValue()).toBe('11:10 PM');
    await form.getByLabel('Payment').fill('UPI / Cash');
    await form.getByRole('button', { name: 'Update Khaiwal' }).click();
    await shownFor(form, 'Khaiwal updated successfully!', MESSAGE_MS);
    expect(Object.values((await rest('khaiwals')) as Record<string, { payment: string }>)[0]?.payment).toBe('UPI / Cash');

    // The rules cap a name at 100 characters; the form says so before saving, input kept.
    await list.getByRole('button', { name: 'Edit E2E Khaiwal' }).click();
    const long = 'K'.repeat(101);
    await form.getByLabel('Name', { exact: true }).fill(long);
    await form.getByRole('button', { name: 'Update Khaiwal' }).click();
    await shownFor(form, 'Name is too long: 101 characters, at most 100.', MESSAGE_MS);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(long);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.getByRole('button', { name: 'Add Khaiwal' }).waitFor();

    const declined = answerNextConfirm(false);
    await list.getByRole('button', { name: 'Delete E2E Khaiwal' }).click();
    expect(await declined).toBe('Are you sure you want to delete this khaiwal?');
    await page.waitForTimeout(500);
    expect(Object.keys(((await rest('khaiwals')) as object | null) ?? {})).toHaveLength(1);
    expect(await list.getByRole('button', { name: 'Delete E2E Khaiwal' }).isVisible()).toBe(true);

    const accepted = answerNextConfirm(true);
    await list.getByRole('button', { name: 'Delete E2E Khaiwal' }).click();
    expect(await accepted).toBe('Are you sure you want to delete this khaiwal?');
    await shownFor(form, 'Khaiwal deleted successfully!', MESSAGE_MS);
    expect(await rest('khaiwals')).toBeNull();
  });

  it('bulk import: 400 rows, one rejected with its reason, nothing written until confirmed, then all at once', async () => {
    await stopClock();
    const form = region('Bulk Import Results');
    const lines = IMPORT_DAYS.map((day, i) => (i + 2 === BAD_LINE ? `${day},Gali,1x` : `${day},Gali,${String(i % 100).padStart(2, '0')}`));
    await form.getByLabel('CSV rows (date,game,number)').fill(['date,game,number', ...lines].join('\n'));
    await form.getByRole('button', { name: 'Check rows' }).click();
    await form.getByText('399 row(s) ready to import, 1 rejected.').waitFor();
    const bad = form.locator('tr[data-ok="false"]');
    expect(await bad.count()).toBe(1);
    expect(await bad.locator('td').first().textContent()).toBe(String(BAD_LINE));
    expect(await bad.locator('td').last().textContent()).toBe('Rejected: Number must be two digits from 00 to 99.');

    // Checked, previewed, not yet confirmed: nothing is in the database.
    await page.waitForTimeout(500);
    expect(await rest(`sattanamee/Gali/${IMPORT_DAYS[0]}`)).toBeNull();
    expect(await rest(`sattanamee/Gali/${IMPORT_DAYS[399]}`)).toBeNull();

    await form.getByRole('button', { name: 'Confirm import of 399 result(s)' }).click();
    await shownFor(form, 'Imported 399 result(s).', MESSAGE_MS);
    const gali = (await rest('sattanamee/Gali')) as Record<string, unknown>;
    const imported = IMPORT_DAYS.filter((day) => gali[day] !== undefined);
    expect(imported).toHaveLength(399);
    expect(gali[IMPORT_DAYS[BAD_LINE - 2] as string]).toBeUndefined();
    expect(gali[IMPORT_DAYS[0] as string]).toEqual(BACKFILLED('00'));
    expect(gali[IMPORT_DAYS[399] as string]).toEqual(BACKFILLED('99'));
  });

  it('the audit trail shows who changed what, when and from what to what', async () => {
    await page.clock.resume();
    const trail = region('Audit Trail');
    // In words: the game, the day, old → new, who and when.
    const entry = trail.locator(`li[data-path="sattanamee/Gali/${TODAY}"]`).first();
    await entry.waitFor();
    const email = admin.email.replace(/\./g, '\\.');
    expect(await entry.locator('p').first().textContent()).toMatch(
      new RegExp(`^Gali ${formatDisplayDate(TODAY).slice(0, 5)}: 07 → 08, by ${email}, (\\d{2}-\\d{2}-\\d{4} )?\\d{2}:\\d{2} [AP]M IST$`),
    );
    // The import's entry describes its part (rows, first and last) and keeps the old number of
    // each row it replaced (none here), under "Show data".
    const imported = trail.locator('li[data-path="sattanamee"]').first();
    const first = `Gali ${formatDisplayDate(IMPORT_DAYS[0] ?? '')}`;
    const last = `Gali ${formatDisplayDate(IMPORT_DAYS[399] ?? '')}`;
    expect(await imported.locator('p').first().textContent()).toMatch(
      new RegExp(`^399 results imported \\(part 1 of 1: ${first} … ${last}\\), by `),
    );
    await imported.getByText('Show data').click();
    expect(await imported.locator('dd').nth(1).textContent()).toBe('—');
    expect(await imported.locator('dd').nth(2).textContent()).toContain(`"rows":399,"first":"Gali/${IMPORT_DAYS[0]}"`);
  });

  it('is usable at 360 px: no sideways scrolling, every form reachable', async () => {
    const small = await openPage(browser, MOBILE);
    try {
      await signInAsAdmin(small.page, site, admin);
      const width = await small.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(MOBILE.width);
      for (const name of ['Update Number', 'Khaiwal Management', 'Bulk Import Results', 'Audit Trail']) {
        await small.page.getByRole('region', { name, exact: true }).scrollIntoViewIfNeeded();
      }
    } finally {
      await small.context.close();
    }
  });
});
