import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, openPage, waitForLiveWidget, waitForSplashToGo } from '../support/browser.ts';
import { resultWriter } from '../support/resultsRest.ts';
import { ist } from '../support/siteClock.ts';

/*
 * Yearly charts as addresses (/chart/{game}/{year}) against the real stack, with the page's
 * clock in November 2030 so that the numbers checked are the ones this file writes.
 */
const { site, database } = inject('e2e');
const NOW = ist('2030-11-20', '12:00');
const admin = resultWriter(database);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await admin.putResults({ 'Delhi Bazar': { '2029-05-04': '61', '2030-02-02': '18' } });
});
afterAll(async () => {
  await browser?.close();
  await admin.cleanup();
});

async function open(path: string, viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  await opened.page.clock.install({ time: NOW });
  await opened.page.goto(site + path);
  await waitForSplashToGo(opened.page);
  // The server-rendered chart page looks the same but takes no input: wait for the live one.
  await waitForLiveWidget(opened.page, 'mf-chart/ChartPage');
  return opened;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');
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

describe('chart addresses', () => {
  it("opening a game's chart goes to its address; Back and Forward close and reopen it", async () => {
    const { context, page } = await open('/chart');
    try {
      await grid(page).getByRole('button', { name: 'Delhi Bazar', exact: true }).click({ timeout: 30_000 });
      await page.getByRole('dialog', { name: 'Delhi Bazar - Yearly Chart 2030' }).waitFor();
      expect(pathOf(page)).toBe('/chart/delhi-bazar/2030');
      expect(await page.title()).toBe('Delhi Bazar Chart 2030 – Satta King Result');
      expect(await description(page)).toContain('Delhi Bazar yearly chart 2030');
      await expect.poll(() => yearlyCell(page, 2, 2).textContent(), { timeout: 30_000 }).toBe('18');

      // Another year replaces the address (Back still leaves the chart).
      await page.getByRole('dialog').getByRole('combobox', { name: 'Year' }).selectOption('2029');
      await page.getByRole('dialog', { name: 'Delhi Bazar - Yearly Chart 2029' }).waitFor();
      expect(pathOf(page)).toBe('/chart/delhi-bazar/2029');

      await page.goBack();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/chart');
      expect(await page.title()).toBe('Chart – Satta King Result');

      await page.goForward();
      await page.getByRole('dialog', { name: 'Delhi Bazar - Yearly Chart 2029' }).waitFor();

      // Close goes back to the list.
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/chart');
    } finally {
      await context.close();
    }
  });

  it('a shared link opens the same chart, and closing it goes to /chart', async () => {
    const { context, page } = await open('/chart/delhi-bazar/2029');
    try {
      await page.getByRole('dialog', { name: 'Delhi Bazar - Yearly Chart 2029' }).waitFor();
      await expect.poll(() => yearlyCell(page, 4, 5).textContent(), { timeout: 30_000 }).toBe('61');
      expect(await page.title()).toBe('Delhi Bazar Chart 2029 – Satta King Result');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/chart');
      await page.getByText(/Satta King Chart 2030/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('on a phone, the undated address goes live at its dated one, and Close closes at once', async () => {
    // The month's chart below stays the server's until it is scrolled to; a navigation of the
    // router (to the dated address, then Close) once waited for it, leaving a chart that took no input.
    const { context, page } = await open('/chart/delhi-bazar', MOBILE);
    try {
      expect(pathOf(page)).toBe('/chart/delhi-bazar/2030');
      const dialog = page.getByRole('dialog', { name: 'Delhi Bazar - Yearly Chart 2030' });
      await expect.poll(() => yearlyCell(page, 2, 2).textContent(), { timeout: 30_000 }).toBe('18');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
      expect(pathOf(page)).toBe('/chart');
      expect(await page.title()).toBe('Chart – Satta King Result');
    } finally {
      await context.close();
    }
  });

  it('an alias lands on the canonical address; an empty current year offers the year before', async () => {
    const { context, page } = await open('/chart/Disawer');
    try {
      await page.getByRole('dialog', { name: 'Disawar - Yearly Chart 2030' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => pathOf(page)).toBe('/chart/disawar/2030');
      await page.getByText('2030 में Disawar का अभी कोई रिज़ल्ट नहीं आया है। (No Disawar results in 2030 yet.)').waitFor({ timeout: 30_000 });
      expect(await page.getByText('No data available').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['/chart/no-such-game/2030', '"no-such-game" नाम का कोई सट्टानाम नहीं है। (There is no sattaname called "no-such-game".)'],
    ['/chart/gali/2031', 'Gali का 2031 का कोई चार्ट नहीं है। (There is no 2031 chart of Gali.)'],
    ['/chart/delhi-bazar/2015', 'Delhi Bazar का 2015 का कोई चार्ट नहीं है। (There is no 2015 chart of Delhi Bazar.)'],
  ])('%s is a helpful not-found page with the list of games', async (path, reason) => {
    const { context, page } = await open(path);
    try {
      const notFound = page.getByTestId('chart-not-found');
      await notFound.getByText(reason).waitFor({ timeout: 30_000 });
      expect(await page.title()).toBe('Chart not found – Satta King Result');
      await notFound.getByRole('link', { name: 'Gali', exact: true }).waitFor();
      expect(await notFound.getByRole('link', { name: 'Gali', exact: true }).getAttribute('href')).toBe('/chart/gali/2030');
      await notFound.getByRole('link', { name: 'सभी चार्ट (All charts)' }).click();
      await page.getByText(/Satta King Chart 2030/).waitFor();
      expect(pathOf(page)).toBe('/chart');
    } finally {
      await context.close();
    }
  });
});
