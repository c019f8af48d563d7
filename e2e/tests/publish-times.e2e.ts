import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  MOBILE,
  dismissNotificationPrompt,
  muteNotificationPrompt,
  launchBrowser,
  openPage,
  waitForLiveResults,
  waitForLiveWidget,
  waitForSplashToGo,
} from '../support/browser.ts';
import { fetchGameNames, ownerRest } from '../support/resultsRest.ts';
import { ist } from '../support/siteClock.ts';
import { GAME_TIMES } from '../support/gameTimes.ts';

/*
 * Publish times and corrections as a visitor sees them, against the real stack. The results,
 * their times and the correction are written through the owner's REST API with fixed
 * timestamps (not server time), so every text below is a literal worked out by hand. The days
 * are in September 2030, which the sample data and the other files never use.
 */
const { site, database } = inject('e2e');
const rest = ownerRest(database);

const YESTERDAY = '2030-09-11';
const DAY = '2030-09-12';
const NOW = ist(DAY, '13:00');
/** 2030-09-11 11:32 PM and 11:40 PM IST: Gali's yesterday, published as 41, corrected to 42. */
const GALI_PUBLISHED = Date.UTC(2030, 8, 11, 18, 2, 0);
const GALI_CORRECTED = Date.UTC(2030, 8, 11, 18, 10, 0);
/** 2030-09-12 12:21:30 PM IST: Bilaspur's today. */
const BILASPUR_PUBLISHED = Date.UTC(2030, 8, 12, 6, 51, 30);
const CORRECTION_ID = '-e2ePublishTimes';

/** The times before GAME_TIMES (the registry's defaults: at 1 PM Bilaspur, 12:20 PM, is the current game). */
let timesBefore: Record<string, unknown> = {};

let browser: Browser;
beforeAll(async () => {
  expect((await fetchGameNames(database)).sort()).toEqual(Object.keys(GAME_TIMES).sort());
  timesBefore = Object.fromEntries(
    await Promise.all(Object.keys(GAME_TIMES).map(async (game) => [`${game}/time`, await rest(`sattanamee/${game}/time`)] as const)),
  );
  await rest('sattanamee', 'PATCH', {
    ...Object.fromEntries(Object.entries(GAME_TIMES).map(([game, time]) => [`${game}/time`, time])),
    [`Gali/${YESTERDAY}`]: { number: '42', was: '41', publishedAt: GALI_PUBLISHED, updatedAt: GALI_CORRECTED },
    [`Bilaspur/${DAY}`]: { number: '81', publishedAt: BILASPUR_PUBLISHED, updatedAt: BILASPUR_PUBLISHED },
  });
  await rest(`corrections/${CORRECTION_ID}`, 'PUT', {
    game: 'Gali',
    date: YESTERDAY,
    from: '41',
    to: '42',
    publishedAt: GALI_PUBLISHED,
    correctedAt: GALI_CORRECTED,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await rest('sattanamee', 'PATCH', { ...timesBefore, [`Gali/${YESTERDAY}`]: null, [`Bilaspur/${DAY}`]: null });
  await rest(`corrections/${CORRECTION_ID}`, 'DELETE');
});

async function visit(path: string) {
  const opened = await openPage(browser, MOBILE);
  await opened.page.clock.install({ time: NOW });
  await muteNotificationPrompt(opened.page);
  await opened.page.goto(site + path);
  await waitForSplashToGo(opened.page);
  await dismissNotificationPrompt(opened.page);
  return opened;
}

const widget = (page: Page, name: string) => page.locator(`[data-widget="mf-results/${name}"]`);
const cells = (page: Page, game: string) => widget(page, 'ResultTable').locator(`tr[data-game="${game}"] td`);

describe('publish times and corrections as a visitor sees them', () => {
  it('home: the publish time on the current card and a table cell, the corrected mark, the last update', async () => {
    const { context, page } = await visit('/');
    try {
      await waitForLiveResults(page);
      await waitForLiveWidget(page, 'mf-results/CurrentGame');
      const card = widget(page, 'CurrentGame');
      expect(await card.getByTestId('current-game-name').textContent()).toBe('Bilaspur');
      expect(await card.getByTestId('current-game-published').textContent()).toBe('प्रकाशित 12:21 PM IST');
      expect(await widget(page, 'ResultTable').getByTestId('last-updated').textContent()).toBe('Last updated 12:21:30 PM IST');

      // Today's Bilaspur: the time as the title, and on a tap (a click here) a note over the table (no shift).
      const today = cells(page, 'Bilaspur').nth(1).getByRole('button', { name: '81' });
      expect(await today.getAttribute('title')).toBe('प्रकाशित 12:21 PM IST');
      const row = widget(page, 'ResultTable').locator('tr[data-game="Bilaspur"]');
      // Where the row sits in its table and how tall both are (the click may scroll the page).
      const layout = () =>
        row.evaluate((tr) => ({
          top: (tr as HTMLElement).offsetTop,
          height: (tr as HTMLElement).offsetHeight,
          table: tr.closest('table')?.offsetHeight,
        }));
      const before = await layout();
      await today.click();
      const note = cells(page, 'Bilaspur').nth(1).getByRole('note');
      await note.waitFor();
      expect(await note.textContent()).toBe('प्रकाशित 12:21 PM IST');
      expect(await layout()).toEqual(before);

      // Yesterday's Gali was corrected: the mark, and the earlier value with both times.
      const gali = cells(page, 'Gali').nth(0).getByRole('button');
      expect(await gali.getByText('संशोधित', { exact: true }).isVisible()).toBe(true);
      expect(await gali.getAttribute('title')).toBe('संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST');
      await gali.click();
      expect(await cells(page, 'Gali').nth(0).getByRole('note').textContent()).toBe('संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST');
    } finally {
      await context.close();
    }
  });

  it('charts: the corrected mark in the monthly and the yearly chart, with the earlier value as the title', async () => {
    const { context, page } = await visit('/chart');
    try {
      await waitForLiveWidget(page, 'mf-chart/ChartPage');
      // The monthly chart's first table: Date, then Disawar, Bilaspur, ...; day 11 is the 11th row.
      const monthly = page.locator('[data-widget="mf-chart/ChartPage"] table').filter({ has: page.locator('th', { hasText: 'Gali' }) });
      const galiColumn = (await monthly.locator('thead th').allTextContents()).indexOf('Gali');
      const monthlyCell = monthly
        .locator('tbody tr')
        .nth(10)
        .locator('td')
        .nth(galiColumn - 1);
      await expect.poll(() => monthlyCell.getAttribute('title')).toBe('संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST');
      expect(await monthlyCell.textContent()).toBe('42* (संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST)');
      expect(await monthlyCell.getByText('*', { exact: true }).isVisible()).toBe(true);

      await page.locator('[data-widget="mf-chart/ChartPage"] ul').getByRole('button', { name: 'Gali', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Gali - Yearly Chart 2030' });
      await dialog.waitFor();
      const yearly = dialog.locator('tbody tr').nth(10).locator('td').nth(8);
      await expect.poll(() => yearly.getAttribute('title')).toBe('संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST');
      expect(await yearly.getByText('*', { exact: true }).isVisible()).toBe(true);
      expect(await yearly.textContent()).toBe('42* (संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST)');
    } finally {
      await context.close();
    }
  });

  it('/corrections lists the change, live and without JavaScript (server-rendered)', async () => {
    const expected = ['Gali', '11-09-2030', '41 → 42', '11-09-2030 11:32 PM IST', '11-09-2030 11:40 PM IST'];
    const { context, page } = await visit('/corrections');
    try {
      await waitForLiveWidget(page, 'mf-results/Corrections');
      const row = widget(page, 'Corrections').locator(`tr[data-correction="${CORRECTION_ID}"]`);
      expect(await row.locator('th, td').allTextContents()).toEqual(expected);
      expect(await page.title()).toBe('संशोधित रिज़ल्ट (Corrections) – Satta King Result');
    } finally {
      await context.close();
    }

    const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'hi-IN' });
    try {
      const plain = await noScript.newPage();
      // The render service re-renders the page when its data changes; the entry was just written.
      await expect
        .poll(async () => {
          await plain.goto(`${site}/corrections`);
          return plain.locator(`tr[data-correction="${CORRECTION_ID}"] th, tr[data-correction="${CORRECTION_ID}"] td`).allTextContents();
        })
        .toEqual(expected);
      expect(await plain.getByRole('heading', { name: 'संशोधित रिज़ल्ट (पिछले 90 दिन)' }).isVisible()).toBe(true);
      // The footer links here from every page.
      expect(await plain.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'संशोधित रिज़ल्ट' }).getAttribute('href')).toBe(
        '/corrections',
      );
    } finally {
      await noScript.close();
    }
  });
});
