import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { orderGames } from '../../shared/domain/games.ts';
import { MOBILE, DESKTOP, launchBrowser, openPage, waitForLiveWidget, waitForSplashToGo } from '../support/browser.ts';
import { fetchGameNames, resultWriter } from '../support/resultsRest.ts';
import { ist } from '../support/siteClock.ts';
import { LOAD_TIMEOUT_MS } from '../../mf-chart/src/rules/withLoadTimeout.ts';

/*
 * The chart page against the real stack with the page's clock in November 2030: a year the
 * sample data never reaches, so the numbers checked here are the ones this file writes.
 */
const { site, database } = inject('e2e');
const NOW = ist('2030-11-20', '12:00');
const admin = resultWriter(database);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await admin.putResults({
    Gali: { '2030-03-07': '37', '2029-03-09': '93' },
    Faridabad: { '2030-11-05': '55' },
  });
});
afterAll(async () => {
  await browser?.close();
  await admin.cleanup();
});

async function openChart(viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  await opened.page.clock.install({ time: NOW });
  await opened.page.goto(`${site}/chart`);
  await waitForSplashToGo(opened.page);
  // The server-rendered chart page looks the same but takes no input: wait for the live one.
  await waitForLiveWidget(opened.page, 'mf-chart/ChartPage');
  return opened;
}

const grid = (page: Page) => page.locator('[data-widget="mf-chart/ChartPage"] ul');

/** The text of the cell for `day` (1..31) and `month` (1..12) of the open yearly chart. */
function yearlyCell(page: Page, day: number, month: number) {
  return page
    .getByRole('dialog')
    .locator('tbody tr')
    .nth(day - 1)
    .locator('td')
    .nth(month - 1);
}

describe('chart page', () => {
  it('has the header, subtitle, intro, and a search that counts its matches', async () => {
    const names = await fetchGameNames(database);
    const { context, page } = await openChart();
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Satta King Chart 2030');
      await page.getByText('Live results and historical data').waitFor();
      await page.getByText(/सट्टा किंग चार्ट/).waitFor();
      await page.getByText(`${names.length} sattaname(s) found`).waitFor({ timeout: 30_000 });
      expect(await grid(page).getByRole('button').allTextContents()).toEqual(
        orderGames(names.map((name) => ({ name }))).map((g) => g.name),
      );

      const search = page.getByPlaceholder('Search sattaname...');
      await search.fill('BAZAR');
      const bazar = names.filter((n) => n.toLowerCase().includes('bazar'));
      expect(bazar.length).toBeGreaterThan(1);
      await page.getByText(`${bazar.length} sattaname(s) found`).waitFor();
      expect((await grid(page).getByRole('button').allTextContents()).sort()).toEqual([...bazar].sort());

      await search.fill('no such game');
      await page.getByText('0 sattaname(s) found').waitFor();
      await page.getByText('No sattanames found matching your search').waitFor();
    } finally {
      await context.close();
    }
  });

  it("opens a game's 31 x 12 yearly chart with last March's number in its cell, and a year picker", async () => {
    const { context, page } = await openChart(MOBILE);
    try {
      const gali = grid(page).getByRole('button', { name: 'Gali', exact: true });
      await gali.click();
      const dialog = page.getByRole('dialog', { name: 'Gali - Yearly Chart 2030' });
      await dialog.waitFor();
      await dialog.locator('tbody tr').first().waitFor({ timeout: 30_000 });
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
      expect(await dialog.locator('tbody th').allTextContents()).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
      expect(await dialog.locator('tbody td').count()).toBe(31 * 12);
      expect(await yearlyCell(page, 7, 3).textContent()).toBe('37');
      expect(await yearlyCell(page, 7, 4).textContent()).toBe('-');
      expect(await yearlyCell(page, 8, 3).textContent()).toBe('-');
      await dialog.getByText('Data as of 20-11-2030').waitFor();
      // Full screen, readable at 360 px: the page never scrolls sideways, the table does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.width);
      expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(MOBILE.width);

      // An earlier year that has data.
      const year = dialog.getByRole('combobox', { name: 'Year' });
      await expect.poll(() => year.locator('option').allTextContents()).toContain('2029');
      await year.selectOption('2029');
      await page.getByRole('dialog', { name: 'Gali - Yearly Chart 2029' }).waitFor();
      await expect.poll(() => yearlyCell(page, 9, 3).textContent(), { timeout: 15_000 }).toBe('93');
      expect(await yearlyCell(page, 7, 3).textContent()).toBe('-');

      // Focus is in the dialog; Escape closes it and gives focus back to the game's button.
      expect(await page.getByRole('dialog').evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await gali.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('closes the overlay with its Close button', async () => {
    const { context, page } = await openChart();
    try {
      await grid(page).getByRole('button', { name: 'Faridabad', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('shows the monthly chart: two tables of six games, day 1 to today', async () => {
    const { context, page } = await openChart();
    try {
      const tables = page.locator('[data-widget="mf-chart/ChartPage"] table');
      await tables.first().locator('tbody th').first().waitFor({ timeout: 30_000 });
      expect(await tables.count()).toBe(2);
      expect(await tables.nth(0).locator('thead th').allTextContents()).toEqual([
        'Date',
        'Disawar',
        'Delhi Bazar',
        'Shri Ganesh',
        'Faridabad',
        'Gaziyabad',
        'Gali',
      ]);
      expect(await tables.nth(1).locator('thead th').allTextContents()).toEqual([
        'Date',
        'Bilaspur',
        'Mathura',
        'Gangotri',
        'Ferozpur',
        'Palika bazar',
        'Dwarka bazar',
      ]);
      const days = Array.from({ length: 20 }, (_, i) => String(i + 1));
      expect(await tables.nth(0).locator('tbody th').allTextContents()).toEqual(days);
      expect(await tables.nth(1).locator('tbody th').allTextContents()).toEqual(days);
      expect(await tables.nth(0).locator('tbody tr').nth(4).locator('td').nth(3).textContent()).toBe('55');
      expect(await tables.nth(0).locator('tbody tr').nth(5).locator('td').nth(3).textContent()).toBe('-');
    } finally {
      await context.close();
    }
  });
});

describe('chart errors', () => {
  it('says a year without results has none yet, not an error, and offers the year before', async () => {
    const { context, page } = await openChart();
    try {
      await grid(page).getByRole('button', { name: 'Disawar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Disawar - Yearly Chart 2030' });
      await dialog.getByText('2030 में Disawar का अभी कोई रिज़ल्ट नहीं आया है। (No Disawar results in 2030 yet.)').waitFor({ timeout: 30_000 });
      expect(await dialog.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
      await dialog.getByRole('button', { name: '2029 का चार्ट देखें (View the 2029 chart)' }).click();
      await page.getByRole('dialog', { name: 'Disawar - Yearly Chart 2029' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("says 'Failed to load data from server' when the database does not answer, and Try Again reloads", async () => {
    const { context, page } = await openPage(browser);
    try {
      const db = new URL(database);
      const toDatabase = (url: URL) => url.host === db.host;
      await context.route(toDatabase, (route) => route.abort('connectionrefused'));
      await context.routeWebSocket(toDatabase, (ws) => ws.close());
      await page.clock.install({ time: NOW });
      await page.goto(`${site}/chart`);
      await waitForSplashToGo(page);
      const chart = page.locator('[data-widget="mf-chart/ChartPage"]');
      await chart.getByText('Loading data...').first().waitFor();
      await page.clock.runFor(LOAD_TIMEOUT_MS + 1000);
      await chart.getByText('Failed to load data from server').first().waitFor();

      // The game list falls back to the built-in games; their chart cannot load either.
      await grid(page).getByRole('button', { name: 'Gali', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Loading data...').waitFor();
      await page.clock.runFor(LOAD_TIMEOUT_MS + 1000);
      await dialog.getByText('Failed to load data from server').waitFor();

      // Try Again reloads the page. The server comes back only after the reload: were it back
      // before, the live connection would replace the error (and its button) on its own.
      const reloaded = page.waitForEvent('load');
      await dialog.getByRole('button', { name: 'Try Again' }).click();
      await reloaded;
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await chart.locator('table tbody th').first().waitFor({ timeout: 45_000 });
      expect(await chart.getByText('Failed to load data from server').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
