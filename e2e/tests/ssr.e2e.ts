import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { MOBILE, launchBrowser, openPage, waitForLiveWidget } from '../support/browser.ts';
import { putNumber } from '../support/resultsRest.ts';

/*
 * Server rendering: the public pages carry their content in the first response (a visitor
 * without JavaScript, a search engine), and a visitor with JavaScript sees that content taken
 * over by the live page without ever passing through a loading text.
 */
const { site, database } = inject('e2e');
const GAME = 'Faridabad';
const today = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const table = '[data-widget="mf-results/ResultTable"]';
const todayCell = `${table} tr[data-game="${GAME}"] td:nth-of-type(2)`;

/** Waits until the render service's page shows `number` for the game (its listeners are live). */
async function serverShows(number: string): Promise<void> {
  const row = new RegExp(`<tr data-game="${GAME}">.*?</tr>`);
  for (const started = Date.now(); Date.now() - started < 20_000;) {
    const html = await (await fetch(site)).text();
    if (html.match(row)?.[0].includes(`>${number}<`)) return;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`the server-rendered page never showed ${GAME} ${number}`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await putNumber(database, GAME, today, '31');
  await serverShows('31');
});
afterAll(async () => {
  await browser?.close();
});

describe('server rendering', () => {
  it('without JavaScript, /, /chart and /contact show their content', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'hi-IN' });
    try {
      const page = await context.newPage();
      await page.goto(site);
      expect(await page.locator(todayCell).textContent()).toBe('31');
      expect(await page.locator('html').getAttribute('lang')).toBe('hi');
      expect(await page.title()).toBe('Satta King Result – आज का रिज़ल्ट');
      expect(await page.getByTestId('disclaimer').textContent()).toContain('This website is for information only');

      await page.goto(`${site}/chart`);
      const games = await page.locator('[data-widget="mf-chart/ChartPage"] ul').getByRole('button').allTextContents();
      expect(games).toContain('Gali');
      expect(games).toContain('Disawar');
      expect(await page.getByTestId('disclaimer').isVisible()).toBe(true);

      await page.goto(`${site}/contact`);
      const contact = page.locator('[data-widget="mf-agents/ContactPage"]');
      expect(await contact.textContent()).toContain('ईमेल (Email):contact@example.com');
      expect(await contact.getByRole('link', { name: 'WhatsApp पर चैट करें (Chat on WhatsApp)' }).getAttribute('href')).toBe(
        'https://wa.me/919000000000',
      );
    } finally {
      await context.close();
    }
  });

  it("on a slow phone, the browser's first paint already shows today's numbers under the splash", async () => {
    const { context, page } = await openPage(browser, MOBILE);
    try {
      // A slow phone's processor: parsing the page takes long enough for the browser to paint in
      // between, and without rel="expect" its first frame came before the results were parsed.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // What the page holds in its first animation frame: the browser runs requestAnimationFrame
      // callbacks in the rendering update that paints, so this is what the first paint shows.
      // No clock is compared, so a busy machine cannot change the answer (timestamps of a
      // MutationObserver and of paint timing once differed by 27 ms the wrong way under load).
      await page.addInitScript((cell) => {
        requestAnimationFrame(() => {
          (window as unknown as { firstFrame?: { number: string; splash: boolean } }).firstFrame = {
            number: document.querySelector(cell)?.textContent ?? '',
            splash: document.getElementById('satta-splash') !== null,
          };
        });
      }, todayCell);
      await page.goto(site);
      await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0);
      const firstFrame = await page.evaluate(() => (window as unknown as { firstFrame?: unknown }).firstFrame);
      expect(firstFrame).toEqual({ number: '31', splash: true });
      expect(await page.locator(todayCell).textContent()).toBe('31');
    } finally {
      await context.close();
    }
  });

  it('with JavaScript, the server-rendered table goes live and never shows a loading text', async () => {
    const { context, page } = await openPage(browser);
    try {
      // Watches the result table from the first byte: a loading text in it, however briefly, is a flash.
      await page.addInitScript(() => {
        const record = () => {
          const text = document.querySelector('[data-widget="mf-results/ResultTable"]')?.textContent ?? '';
          if (/Loading\.\.\.|लोड हो रहा है/.test(text)) (window as unknown as { sawLoading?: boolean }).sawLoading = true;
        };
        new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
        // The server's table element, before any script of the page runs.
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { serverTable?: Element | null }).serverTable = document.querySelector(
            '[data-widget="mf-results/ResultTable"] table',
          );
        });
      });
      await page.goto(site);
      expect(await page.locator(todayCell).textContent()).toBe('31');
      await putNumber(database, GAME, today, '64');
      await page.locator(todayCell).filter({ hasText: /^64$/ }).waitFor({ timeout: 20_000 });
      // The remote's own table is there (the live update came through the data service).
      await page.locator(`${table} [data-testid^="loading-"]`).waitFor({ state: 'detached' });
      await waitForLiveWidget(page, 'mf-results/ResultTable');
      expect(await page.evaluate(() => (window as unknown as { sawLoading?: boolean }).sawLoading ?? false)).toBe(false);
      // Hydrated: the live table is the server's element, not a copy built again.
      const kept = await page.evaluate(
        (selector) => document.querySelector(`${selector} table`) === (window as unknown as { serverTable?: Element | null }).serverTable,
        table,
      );
      expect(kept).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('on a phone, the month below the first screen goes live when the visitor comes near it, with what came meanwhile', async () => {
    const { context, page } = await openPage(browser, MOBILE);
    try {
      await page.goto(site);
      const month = page.locator('[data-widget="mf-results/MonthlyTable"]');
      const monthCell = month.locator('table').first().locator('tr[aria-current="date"] td').first();
      const before = await monthCell.textContent();
      await waitForLiveWidget(page, 'mf-results/ResultTable');
      await putNumber(database, GAME, today, '47');
      await page.locator(todayCell).filter({ hasText: /^47$/ }).waitFor();
      // Out of sight, the month is still the server's HTML, with the number it was rendered with.
      expect(await month.locator('[data-ssr]').count()).toBe(1);
      expect(await monthCell.textContent()).toBe(before);

      await month.scrollIntoViewIfNeeded();
      await month.locator('[data-ssr]').waitFor({ state: 'detached' });
      await monthCell.filter({ hasText: /^47$/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});
