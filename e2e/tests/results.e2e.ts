import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { fetchGameNames, removeResult, resultWriter } from '../support/resultsRest.ts';
import { countdownSeconds, ist } from '../support/siteClock.ts';
import { GAME_TIMES } from '../support/gameTimes.ts';

/*
 * The home page's result widgets against the real stack, with the page's clock set by
 * Playwright. The days used are in 2030 and 2029, which the sample data never reaches, and the
 * games' times are written by this file too, so each test owns its data and every expectation
 * below is a literal worked out by hand from these times.
 */
const { site, database } = inject('e2e');

const widget = (page: Page, name: string) => page.locator(`[data-widget="mf-results/${name}"]`);
const todayCell = (page: Page, game: string) => widget(page, 'ResultTable').locator(`tr[data-game="${game}"] td`).nth(1);
const yesterdayCell = (page: Page, game: string) => widget(page, 'ResultTable').locator(`tr[data-game="${game}"] td`).nth(0);

const admin = resultWriter(database);

let browser: Browser;
beforeAll(async () => {
  // A game this file does not know would change which game is current or next.
  expect((await fetchGameNames(database)).sort()).toEqual(Object.keys(GAME_TIMES).sort());
  await admin.putTimes(GAME_TIMES);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await admin.cleanup();
});

/** A fresh visitor whose page believes it is `at`; the clock then runs on normally. */
async function visitAt(at: Date, path = '/', viewport = MOBILE, context?: BrowserContext) {
  const opened = context ? { context, page: await context.newPage() } : await openPage(browser, viewport);
  await opened.page.clock.install({ time: at });
  // The prompt is another file's subject: here it would only cost each visit its 4 s.
  await muteNotificationPrompt(opened.page);
  await opened.page.goto(site + path);
  await waitForSplashToGo(opened.page);
  await dismissNotificationPrompt(opened.page);
  return opened;
}

const waitForLive = (page: Page) => waitForLiveResults(page);

describe('current and next game with the clock set', () => {
  const DAY = '2030-03-15';
  const YESTERDAY = '2030-03-14';

  beforeAll(async () => {
    await admin.putResults({
      Gali: { [YESTERDAY]: '42' },
      Disawar: { [YESTERDAY]: '12', [DAY]: '21' },
      Bilaspur: { [YESTERDAY]: '18', [DAY]: '81' },
    });
  });

  /*
   * Worked out by hand from GAME_TIMES and the results above. `seconds` is the countdown at the
   * visit's own time; `paused` is the countdown with the clock stopped two minutes later, and
   * `tick` one second after that.
   */
  const cases = [
    // Before 05:05 Gali, the night's last draw, is still the current game; Disawar is next.
    {
      time: '00:30',
      name: 'Gali',
      at: '11:30 PM',
      yesterday: '42',
      today: '--',
      next: 'Disawar',
      nextAt: '02:00 AM',
      seconds: 5400,
      pauseAt: '00:32',
      paused: '01:28:00',
      tick: '01:27:59',
    },
    // Disawar (02:00) is the latest game that has passed; Bilaspur (12:20 PM) is the next.
    {
      time: '05:10',
      name: 'Disawar',
      at: '02:00 AM',
      yesterday: '12',
      today: '21',
      next: 'Bilaspur',
      nextAt: '12:20 PM',
      seconds: 25_800,
      pauseAt: '05:12',
      paused: '07:08:00',
      tick: '07:07:59',
    },
    // Bilaspur (12:20 PM) has just passed; Mathura (01:20 PM) comes before Puskar (01:40 PM).
    {
      time: '12:25',
      name: 'Bilaspur',
      at: '12:20 PM',
      yesterday: '18',
      today: '81',
      next: 'Mathura',
      nextAt: '01:20 PM',
      seconds: 3300,
      pauseAt: '12:27',
      paused: '00:53:00',
      tick: '00:52:59',
    },
    // After the day's last game, the next is tomorrow's earliest: Disawar at 02:00 AM.
    {
      time: '23:45',
      name: 'Gali',
      at: '11:30 PM',
      yesterday: '42',
      today: '--',
      next: 'Disawar',
      nextAt: '02:00 AM (कल)',
      seconds: 8100,
      pauseAt: '23:47',
      paused: '02:13:00',
      tick: '02:12:59',
    },
  ];

  it.each(cases.map((expected) => [expected.time, expected] as const))('at %s IST', async (time, expected) => {
    const { context, page } = await visitAt(ist(DAY, time));
    try {
      await waitForLive(page);
      // The cards are widgets of their own: each takes over its server HTML (rendered at the real
      // time, not this clock's) when its code has come, which may be after the table's.
      await waitForLiveWidget(page, 'mf-results/CurrentGame');
      await waitForLiveWidget(page, 'mf-results/NextGame');
      const card = widget(page, 'CurrentGame');
      await expect.poll(() => card.getByTestId('current-game-name').textContent()).toBe(expected.name);
      expect(await card.getByTestId('current-game-time').textContent()).toBe(expected.at);
      expect(await card.getByTestId('current-game-yesterday').textContent()).toMatch(new RegExp(`: ${expected.yesterday}$`));
      expect(await card.getByTestId('current-game-today').textContent()).toMatch(new RegExp(`: ${expected.today}$`));

      const block = widget(page, 'NextGame');
      expect(await block.getByTestId('next-game-name').textContent()).toBe(expected.next);
      expect(await block.getByTestId('next-game-time').textContent()).toBe(expected.nextAt);
      expect(await block.getByRole('link').getAttribute('href')).toBe('/chart');
      const countdown = async () => (await block.getByTestId('next-game-countdown').textContent()) ?? '';
      const shown = countdownSeconds(await countdown());
      // The page's clock has been running since the visit's time (splash, data): a little less is left.
      expect(shown).toBeLessThanOrEqual(expected.seconds);
      expect(shown).toBeGreaterThan(expected.seconds - 60);
      await expect.poll(async () => countdownSeconds(await countdown())).toBeLessThan(shown);

      // Stopped at a known instant, the countdown reads exactly, and ticks once per second.
      await page.clock.pauseAt(ist(DAY, expected.pauseAt));
      await expect.poll(countdown).toBe(expected.paused);
      await page.clock.runFor(1000);
      await expect.poll(countdown).toBe(expected.tick);
    } finally {
      await context.close();
    }
  });
});

describe('monthly table with the clock set', () => {
  beforeAll(async () => {
    await admin.putResults({
      Faridabad: { '2030-01-01': '11', '2030-01-31': '31' },
      Sadak: { '2030-01-15': '15' },
      Gali: { '2029-12-31': '99' },
    });
  });

  async function monthlyTables(page: Page) {
    await waitForLiveWidget(page, 'mf-results/MonthlyTable');
    const tables = widget(page, 'MonthlyTable').locator('table');
    await tables.first().locator('tbody th').first().waitFor({ timeout: 30_000 });
    await widget(page, 'MonthlyTable').getByTestId('stale-badge').first().waitFor({ state: 'detached' });
    return { pinned: tables.nth(0), scrolling: tables.nth(1) };
  }

  it('on the 1st shows only 01-01', async () => {
    const { context, page } = await visitAt(ist('2030-01-01', '10:00'));
    try {
      const { pinned, scrolling } = await monthlyTables(page);
      expect(await pinned.locator('thead th').allTextContents()).toEqual(['Date', 'Faridabad', 'Gaziyabad', 'Gali', 'Disawar']);
      expect(await scrolling.locator('thead th').allTextContents()).toEqual([
        'Date',
        'Puskar',
        'Sadar Bazar',
        'Gwalior',
        'Delhi Bazar',
        'Shri Ganesh',
        'Agra',
        'Sadak',
        'Dwarka bazar',
      ]);
      expect(await pinned.locator('tbody th').allTextContents()).toEqual(['01-01']);
      expect(await pinned.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['11', '-', '-', '-']);
      // Yesterday (31 December) feeds the result table, never a row of January's table.
      expect(await yesterdayCell(page, 'Gali').textContent()).toBe('99');
    } finally {
      await context.close();
    }
  });

  it('on the 31st shows 01-01 to 31-01', async () => {
    const { context, page } = await visitAt(ist('2030-01-31', '23:00'));
    try {
      const { pinned, scrolling } = await monthlyTables(page);
      const labels = Array.from({ length: 31 }, (_, i) => `${String(i + 1).padStart(2, '0')}-01`);
      expect(await pinned.locator('tbody th').allTextContents()).toEqual(labels);
      expect(await scrolling.locator('tbody th').allTextContents()).toEqual(labels);
      expect(await pinned.locator('tbody tr').nth(30).locator('td').first().textContent()).toBe('31');
      expect(await scrolling.locator('tbody tr').nth(14).locator('td').nth(6).textContent()).toBe('15');
      expect(await scrolling.locator('tbody tr').nth(13).locator('td').nth(6).textContent()).toBe('-');
      // The Date column and the header stay put while the table scrolls.
      const sticky = await pinned.evaluate((table) => [
        getComputedStyle(table.querySelector('thead th') as Element).position,
        getComputedStyle(table.querySelector('tbody th') as Element).position,
      ]);
      expect(sticky).toEqual(['sticky', 'sticky']);
    } finally {
      await context.close();
    }
  });
});

describe('live updates', () => {
  const DAY = '2030-05-20';

  // How soon is a figure (`npm run bench -- publish-latency`, path (d)), not a timed test.
  it("'Wait...' turns into the number after a write to the specification's path alone (an older tool's: the render service repairs the live node)", async () => {
    await removeResult(database, 'Gali', DAY);
    const { context, page } = await visitAt(ist(DAY, '23:40'));
    try {
      await waitForLive(page);
      const cell = todayCell(page, 'Gali');
      expect(await cell.textContent()).toBe('Wait...');
      expect(await cell.locator('[data-state="wait"]').count()).toBe(1);

      await admin.putNumber('Gali', DAY, '58');
      await page.waitForFunction(
        () => document.querySelector('[data-widget="mf-results/ResultTable"] tr[data-game="Gali"] td:last-child')?.textContent === '58',
        undefined,
        { timeout: 5000 },
      );
      expect(await cell.locator('[data-state="result"]').count()).toBe(1);
      // The current-game card (Gali after 23:30) follows the same write.
      expect(await widget(page, 'CurrentGame').getByTestId('current-game-today').textContent()).toMatch(/58$/);
    } finally {
      await context.close();
    }
  });

  it('shows the offline notice while the connection is lost, and catches up on reconnect', async () => {
    await removeResult(database, 'Gali', DAY);
    const { context, page } = await visitAt(ist(DAY, '23:40'));
    try {
      await waitForLive(page);
      expect(await todayCell(page, 'Gali').textContent()).toBe('Wait...');
      const notice = widget(page, 'OfflineIndicator').getByTestId('offline-indicator');
      expect(await notice.count()).toBe(0);

      await context.setOffline(true);
      await notice.waitFor({ timeout: 15_000 });
      // The admin publishes while this visitor is cut off.
      await admin.putNumber('Gali', DAY, '63');
      await context.setOffline(false);
      await page.waitForFunction(
        () => document.querySelector('[data-widget="mf-results/ResultTable"] tr[data-game="Gali"] td:last-child')?.textContent === '63',
        undefined,
        { timeout: 30_000 },
      );
      await notice.waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await context.close();
    }
  });

  it('honours reduced motion: Wait... stands still, the banner does not scroll', async () => {
    await removeResult(database, 'Gali', DAY);
    const { context, page } = await openPage(browser, MOBILE);
    try {
      await page.clock.install({ time: ist(DAY, '23:40') });
      await page.goto(site);
      await waitForSplashToGo(page);
      await waitForLive(page);
      // Wait... pulses through the deeper red laid over it, and the banner scrolls...
      const wait = todayCell(page, 'Gali').locator('[data-state="wait"]');
      const pulse = () => wait.evaluate((el) => getComputedStyle(el, '::after').animationName);
      const banner = widget(page, 'Banner').locator('p span').first();
      const scroll = () => banner.evaluate((el) => getComputedStyle(el).animationName);
      expect(await pulse()).not.toBe('none');
      expect(await scroll()).not.toBe('none');
      expect(await wait.innerText()).toBe('Wait...');
      // ...until the visitor asks for reduced motion.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await pulse()).toBe('none');
      expect(await wait.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('none');
      expect(await scroll()).toBe('none');
    } finally {
      await context.close();
    }
  });
});

describe('a repeat visit with the backend unreachable', () => {
  const DAY = '2030-06-10';

  it('paints the last results from browser storage, marked as cached, and shows the offline notice', async () => {
    await admin.putResults({ Gali: { '2030-06-09': '24', [DAY]: '68' } });
    const at = ist(DAY, '23:50');
    const first = await visitAt(at);
    try {
      await waitForLive(first.page);
      expect(await todayCell(first.page, 'Gali').textContent()).toBe('68');
      // The page keeps its data in browser storage when idle, and at the latest when it is left:
      // leave it as a visitor would.
      await first.page.evaluate(() => dispatchEvent(new Event('pagehide')));
      await first.page.close();

      // From here on nothing of the database answers: HTTP (REST, long polling) fails and
      // WebSockets are closed at once, as with a stopped server. The site itself still loads.
      const dbOrigin = new URL(database).origin;
      const toDatabase = (url: URL) => url.origin === dbOrigin || url.host === new URL(database).host;
      await first.context.route(toDatabase, (route) => route.abort('connectionrefused'));
      await first.context.routeWebSocket(toDatabase, (ws) => ws.close());

      const again = await visitAt(at, '/', MOBILE, first.context);
      const table = widget(again.page, 'ResultTable');
      await table.locator('tr[data-game="Gali"]').waitFor({ timeout: 15_000 });
      // The server's HTML is of the real day; the page, on its own day, paints that day from storage.
      await expect.poll(() => todayCell(again.page, 'Gali').textContent()).toBe('68');
      expect(await yesterdayCell(again.page, 'Gali').textContent()).toBe('24');
      // With the time of the data the page was rendered from (the render service's data time).
      expect(await table.getByTestId('stale-badge').textContent()).toMatch(/^पुराना डेटा \/ cached · \d\d-\d\d \d\d:\d\d$/);
      await widget(again.page, 'OfflineIndicator').getByTestId('offline-indicator').waitFor({ timeout: 15_000 });
    } finally {
      await first.context.close();
    }
  });
});
