import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { MOBILE, launchBrowser, openPage, waitForLiveWidget, waitForSplashToGo } from '../support/browser.ts';
import { fetchGames, ownerRest, putNumber, removeResult } from '../support/resultsRest.ts';

/*
 * Yearly charts served whole by the render service: a visitor without JavaScript (and a search
 * engine) gets the full table of /chart/gali/{year} in the first response, an unknown chart is a
 * 404 that still helps, and with JavaScript the server's table becomes the live chart without a
 * loading text in between. The numbers are the seeded ones (45 days up to today).
 */
const { site, database } = inject('e2e');
const thisYear = siteNow(new Date(), 'Asia/Kolkata').year;

/** Gali's first seeded result: its date and number, read from the database as an admin tool would. */
let known: { year: number; month: number; day: number; number: string };

/** The cell for `day` (1..31) and `month` (1..12) of the open yearly chart. */
function yearlyCell(page: Page, day: number, month: number) {
  return page
    .getByRole('dialog')
    .locator('tbody tr')
    .nth(day - 1)
    .locator('td')
    .nth(month - 1);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const gali = (await fetchGames(database)).find((game) => game.name === 'Gali');
  const first = Object.keys(gali?.results ?? {}).sort()[0];
  if (!gali || !first) throw new Error('e2e: the seed has no Gali results');
  const [year, month, day] = first.split('-').map(Number) as [number, number, number];
  known = { year, month, day, number: gali.results[first] ?? '' };
});
afterAll(async () => {
  await browser?.close();
});

describe('server-rendered charts', () => {
  it('without JavaScript, /chart/gali/{year} is the whole yearly table with its numbers', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'hi-IN' });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${site}/chart/gali/${known.year}`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(`Gali Chart ${known.year} – Satta King Result`);
      expect(await page.locator('html').getAttribute('lang')).toBe('hi');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site}/chart/gali/${known.year}`);
      const dialog = page.getByRole('dialog', { name: `Gali - Yearly Chart ${known.year}` });
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.locator('thead th').allTextContents()).toEqual([
        'Date',
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ]);
      expect(await dialog.locator('tbody tr').count()).toBe(31);
      expect(await dialog.locator('tbody td').count()).toBe(31 * 12);
      expect(await yearlyCell(page, known.day, known.month).textContent()).toBe(known.number);
      expect(await page.getByText(/Loading/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('an unknown game is a 404 page that lists the games', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'hi-IN' });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${site}/chart/no-such-game/2030`);
      expect(response?.status()).toBe(404);
      expect(await page.title()).toBe('Chart not found – Satta King Result');
      const notFound = page.getByTestId('chart-not-found');
      expect(
        await notFound.getByText('"no-such-game" नाम का कोई सट्टानाम नहीं है। (There is no sattaname called "no-such-game".)').isVisible(),
      ).toBe(true);
      const gali = notFound.getByRole('link', { name: 'Gali', exact: true });
      expect(await gali.getAttribute('href')).toBe(`/chart/gali/${thisYear}`);
      expect(await notFound.getByRole('link', { name: 'Disawar', exact: true }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('with JavaScript, the served chart goes live without ever showing a loading text', async () => {
    const { context, page } = await openPage(browser);
    try {
      // Watches the chart from the first byte: a loading text in it, however briefly, is a flash.
      await page.addInitScript(() => {
        const record = () => {
          const text = document.querySelector('[data-widget="mf-chart/ChartPage"]')?.textContent ?? '';
          if (/Loading|loading\)|लोड हो रहा है/.test(text)) (window as unknown as { sawLoading?: string }).sawLoading = text;
        };
        new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
        // The class names of the server's table, read before any script of the page runs.
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          const cells = document.querySelectorAll('[data-widget="mf-chart/ChartPage"] table *');
          (window as unknown as { serverClasses?: string[] }).serverClasses = [...cells].map((cell) => cell.className);
          (window as unknown as { serverTable?: Element | null }).serverTable = document.querySelector(
            '[data-widget="mf-chart/ChartPage"] table',
          );
        });
      });
      const response = await page.goto(`${site}/chart/gali/${known.year}`);
      expect(response?.status()).toBe(200);
      expect(await yearlyCell(page, known.day, known.month).textContent()).toBe(known.number);
      await waitForLiveWidget(page, 'mf-chart/ChartPage');
      // The live chart: same address, same number, and its year picker answers.
      expect(new URL(page.url()).pathname).toBe(`/chart/gali/${known.year}`);
      expect(await yearlyCell(page, known.day, known.month).textContent()).toBe(known.number);
      expect(await page.getByRole('dialog').getByRole('combobox', { name: 'Year' }).inputValue()).toBe(String(known.year));
      expect(await page.evaluate(() => (window as unknown as { sawLoading?: string }).sawLoading ?? null)).toBe(null);
      // The live table uses the server's class names (so its styles were not injected again).
      const serverClasses = await page.evaluate(() => (window as unknown as { serverClasses?: string[] }).serverClasses ?? []);
      const liveClasses = await page.evaluate(() =>
        [...document.querySelectorAll('[data-widget="mf-chart/ChartPage"] table *')].map((cell) => cell.className),
      );
      expect(serverClasses.length).toBeGreaterThan(31 * 12);
      expect(liveClasses).toEqual(serverClasses);
      // Hydrated: the live chart is the server's table element, not a copy built again.
      const kept = await page.evaluate(
        () =>
          document.querySelector('[data-widget="mf-chart/ChartPage"] table') ===
          (window as unknown as { serverTable?: Element | null }).serverTable,
      );
      expect(kept).toBe(true);
      // The page was inert beneath the splash of this first view: the chart takes the keyboard
      // focus once the splash has gone, so Tab and Escape work on it at once.
      await waitForSplashToGo(page);
      await expect.poll(() => page.getByRole('dialog').evaluate((el) => el.contains(document.activeElement))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('on a phone, the month chart below the first screen goes live when scrolled to, with what came meanwhile', async () => {
    const now = siteNow(new Date(), 'Asia/Kolkata');
    const today = now.dateKey;
    const before = await ownerRest(database)(`sattanamee/Gangotri/${today}/number`);
    const { context, page } = await openPage(browser, MOBILE);
    try {
      // Gangotri's yearly chart, which is live, over the chart page, whose month is out of sight.
      await page.goto(`${site}/chart/gangotri/${now.year}`);
      await waitForLiveWidget(page, 'mf-chart/ChartPage');
      // The second table's columns: Date, Bilaspur, Mathura, Gangotri, ...; its last row is today.
      const month = page.locator('[data-hydrate-near="monthly-chart"]');
      const cell = month.locator('table').nth(1).locator('tbody tr').last().locator('td').nth(2);
      const shown = await cell.textContent();
      await putNumber(database, 'Gangotri', today, '58');
      await yearlyCell(page, now.day, now.month).filter({ hasText: /^58$/ }).waitFor();
      // The yearly chart has it; the month, never in sight, is still the server's HTML.
      expect(await cell.textContent()).toBe(shown);

      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await month.scrollIntoViewIfNeeded();
      await cell.filter({ hasText: /^58$/ }).waitFor();
    } finally {
      await context.close();
      await (typeof before === 'string' ? putNumber(database, 'Gangotri', today, before) : removeResult(database, 'Gangotri', today));
    }
  });
});
