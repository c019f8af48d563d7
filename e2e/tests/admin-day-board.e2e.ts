import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { EARLY_MORNING_CUTOFF } from '../../shared/domain/currentGame.ts';
import { addDays, formatDisplayDate, siteNow } from '../../shared/domain/siteTime.ts';
import { parseGameTime } from '../../shared/domain/time.ts';
import { MOBILE, launchBrowser, openPage, type TestPage } from '../support/browser.ts';
import { fetchGames, ownerRest, resultWriter } from '../support/resultsRest.ts';
import { ist } from '../support/siteClock.ts';
import { signInAsAdmin } from '../support/admin.ts';

/*
 * Issue 28, point 2: the day board, on a 360 x 740 phone. After sign-in the dashboard opens on
 * today's games in draw order, the game due next marked; publishing it is one field and one tap,
 * through the same publish as Update Number (the replace question included); every control is a
 * finger's height with 16 px text, nothing scrolls sideways, and the audit trail reads as words.
 *
 * The page's clock starts at 00:05 IST today (never more than minutes ahead of the real time, so
 * sign-in tokens stay valid). Then every evening draw is yesterday's: all of them have their
 * number except Gali (11:30 PM), which is due and next; Disawar (02:00 AM) is today's, still
 * waiting. Gali's result goes under yesterday, which the notify service does not push (it
 * watches today's results only), so no notification goes out.
 */

const { site, database, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const YESTERDAY = addDays(TODAY, -1);
/** 'Gali 20-11' as the audit trail names yesterday's result (with its year across New Year). */
const GALI_YESTERDAY = `Gali ${formatDisplayDate(YESTERDAY).slice(0, YESTERDAY.slice(0, 4) === TODAY.slice(0, 4) ? 5 : 10)}`;

const rest = ownerRest(database);
const writer = resultWriter(database);

/** The e2e database is shared by every file: all this file may change is put back afterwards. */
const TOUCHED = [
  `sattanamee/Gali/${YESTERDAY}`,
  `sattanamee/Disawar/${TODAY}`,
  `scheduled/Gali/${YESTERDAY}`,
  `scheduled/Disawar/${TODAY}`,
  'sattanamee/Gali/time',
  'sattanamee/Disawar/time',
];

let browser: Browser;
let tab: TestPage;
let page: Page;
const saved = new Map<string, unknown>();
/** Gali's result of today as it was: publishing yesterday's leaves it alone. */
let galiToday: unknown;

const dashboard = (): Locator => page.locator('[data-widget="mf-admin/Dashboard"]');
const board = (): Locator => page.getByRole('region', { name: "Today's Games", exact: true });
const row = (game: string): Locator => board().locator(`li[data-game="${game}"]`);
/** The row marked as the game due next (`aria-current`). */
const nextRow = (): Locator => board().locator('li[aria-current="true"]');

/** The next window.confirm is answered `accept`; returns the question it asked. */
function answerNextConfirm(accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      const question = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(question));
    });
  });
}

beforeAll(async () => {
  for (const path of TOUCHED) saved.set(path, await rest(path));
  galiToday = await rest(`sattanamee/Gali/${TODAY}`);
  await rest('sattanamee', 'PATCH', { 'Gali/time': '11:30 PM', 'Disawar/time': '02:00 AM' });
  // Every other evening draw of yesterday has its number, so Gali is the first without one.
  for (const game of await fetchGames(database)) {
    const minutes = parseGameTime(game.time);
    const evening = minutes !== null && minutes >= EARLY_MORNING_CUTOFF;
    if (evening && game.name !== 'Gali' && game.results[YESTERDAY] === undefined) await writer.putNumber(game.name, YESTERDAY, '50');
  }
  for (const path of TOUCHED.slice(0, 4)) await rest(path, 'DELETE');
  browser = await launchBrowser();
  tab = await openPage(browser, MOBILE);
  page = tab.page;
  await page.clock.install({ time: ist(TODAY, '00:05') });
  await signInAsAdmin(page, site, admin);
}, 120_000);

afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  await writer.cleanup();
  for (const [path, value] of saved) await rest(path, 'PUT', value);
});

describe('the day board on a 360 x 740 phone', () => {
  it('is the first thing after sign-in, and opens on the game due next, marked', async () => {
    const headings = await dashboard().getByRole('heading', { level: 2 }).allTextContents();
    expect(headings[0]).toBe("Today's Games");
    await row('Gali').waitFor();
    const boardBox = await board().boundingBox();
    const formBox = await page.getByRole('region', { name: 'Update Number', exact: true }).boundingBox();
    if (!boardBox || !formBox) throw new Error('no layout box for the board or Update Number');
    expect(boardBox.y).toBeLessThan(MOBILE.height / 2);
    expect(boardBox.y).toBeLessThan(formBox.y);

    const next = nextRow();
    expect(await next.getAttribute('data-game')).toBe('Gali');
    expect(await next.getAttribute('data-state')).toBe('due');
    const text = await next.innerText();
    expect(text).toContain('11:30 PM');
    expect(text).toContain(`Yesterday, ${formatDisplayDate(YESTERDAY)}`);
    expect(text).toContain('Due now');
    expect(text).toContain('Next');
    // In view on the first screen, without scrolling the page.
    const nextBox = await next.boundingBox();
    if (!nextBox) throw new Error('no layout box for the next game');
    expect(nextBox.y).toBeGreaterThanOrEqual(0);
    expect(nextBox.y + nextBox.height).toBeLessThanOrEqual(MOBILE.height);
    expect(await row('Disawar').getAttribute('data-state')).toBe('waiting');
  });

  it('one field and one tap publish the next game under its draw day; the mark moves on', async () => {
    const field = row('Gali').getByRole('textbox', { name: 'Number for Gali' });
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await field.fill('42');
    await row('Gali').getByRole('button', { name: 'Publish Gali' }).click();
    await row('Gali')
      .getByText(`New data created for ${formatDisplayDate(YESTERDAY)} with the updated number! — Gali`, { exact: true })
      .waitFor({ timeout: 10_000 });
    expect(await rest(`sattanamee/Gali/${YESTERDAY}/number`)).toBe('42');
    expect(await rest(`sattanamee/Gali/${TODAY}`)).toEqual(galiToday);

    await expect.poll(() => row('Gali').getAttribute('data-state'), { timeout: 10_000 }).toBe('published');
    expect(await row('Gali').innerText()).toMatch(/Published: 42 at \d{2}:\d{2} [AP]M IST/);
    await expect.poll(() => nextRow().getAttribute('data-game')).toBe('Disawar');
  });

  it('asks before replacing the published number, and declined writes nothing', async () => {
    const field = row('Gali').getByRole('textbox', { name: 'Number for Gali' });
    await field.fill('43');
    const declined = answerNextConfirm(false);
    await field.press('Enter');
    expect(await declined).toBe(`Gali already has 42 published for ${formatDisplayDate(YESTERDAY)}. Replace it with 43?`);
    await page.waitForTimeout(500);
    expect(await rest(`sattanamee/Gali/${YESTERDAY}/number`)).toBe('42');
    expect(await field.inputValue()).toBe('43');
    await field.fill('');
  });

  it('every control is at least 44 px tall with 16 px text, fields use the width, nothing scrolls sideways', async () => {
    const small = await dashboard().evaluate((root) =>
      Array.from(root.querySelectorAll<HTMLElement>('input, select, textarea, button, summary, a'))
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => ({ el, box: el.getBoundingClientRect(), size: parseFloat(getComputedStyle(el).fontSize) }))
        .filter(({ box, size }) => box.height < 44 || size < 16)
        .map(
          ({ el, box, size }) =>
            `${el.tagName} '${el.getAttribute('aria-label') ?? el.textContent?.trim()}': ${box.height} px, ${size} px text`,
        ),
    );
    expect(small).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    // An address is no longer cut at 140 px: the field is as wide as its form.
    const email = page.getByRole('region', { name: 'Update Main Information', exact: true }).getByLabel('Email');
    await email.fill('contact@example.com');
    expect(await email.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    const [field, form] = await Promise.all([
      email.boundingBox(),
      page.getByRole('region', { name: 'Update Main Information', exact: true }).boundingBox(),
    ]);
    if (!field || !form) throw new Error('no layout box for the email field');
    expect(field.width).toBeGreaterThan(form.width * 0.8);
  });

  it('the audit trail says the publication in words and fits the screen', async () => {
    const trail = page.getByRole('region', { name: 'Audit Trail', exact: true });
    const entry = trail.locator(`li[data-path="sattanamee/Gali/${YESTERDAY}"]`).first();
    await entry.waitFor({ timeout: 10_000 });
    const sentence = (await entry.locator('p').first().textContent()) ?? '';
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(sentence).toMatch(
      new RegExp(`^${escape(GALI_YESTERDAY)}: 42 published, by ${escape(admin.email)}, (\\d{2}-\\d{2}-\\d{4} )?\\d{2}:\\d{2} [AP]M IST$`),
    );
    expect(sentence).not.toContain('{');
    expect(await trail.locator('table').count()).toBe(0);
    const box = await entry.boundingBox();
    if (!box) throw new Error('no layout box for the audit entry');
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });
});
