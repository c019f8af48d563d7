import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { NOTIFY_YES } from '../../shared/domain/messages.ts';
import { PUSH_FAILED_HELP, PUSH_FAILED_TITLE, PUSH_RETRY, PUSH_WORKING } from '../../shell/src/strings.ts';
import {
  MOBILE,
  PHONE_USER_AGENT,
  launchBrowser,
  muteNotificationPrompt,
  openPhone,
  skipSplash,
  waitForLiveWidget,
} from '../support/browser.ts';
import { ownerRest } from '../support/resultsRest.ts';
import { visitorSees } from '../support/admin.ts';
import { pauseJustAhead } from '../support/siteClock.ts';

/*
 * Issue 39: the returning visitor and the shared link, on a phone as a phone is (360 x 740,
 * touch, a mobile user agent, Chromium's mobile mode). A chart opened at its own address closes
 * and Back then leaves the site; repeat visits served from the service worker's copy, a minute,
 * an hour and a day later by the page's clock, online and offline, log no warning (React's
 * hydration error #418 was one); the monthly table follows a day without a draw; a subscription
 * that hangs says so.
 */
const { site, database } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const YEAR = Number(TODAY.slice(0, 4));
const rest = ownerRest(database);

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function phone() {
  const tab = await openPhone(browser);
  contexts.push(tab.context);
  return tab;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the widget's server HTML has been taken over, without scrolling (a visitor who only looks). */
async function liveInPlace(page: Page, widget: string): Promise<void> {
  const slot = page.locator(`[data-widget="${widget}"]`);
  await slot.waitFor({ timeout: 30_000 });
  await slot.locator('[data-ssr]').first().waitFor({ state: 'detached', timeout: 30_000 });
}

describe('a shared chart link on a phone', () => {
  it.each([`/chart/gali/${YEAR}`, '/chart/disawar'])('%s closes with one tap, and Back then leaves the site', async (path) => {
    const { page } = await phone();
    await skipSplash(page.context());
    await muteNotificationPrompt(page);
    // Where the visitor came from (a chat): the page before the site in this tab's history.
    await page.goto('about:blank');
    await page.goto(site + path);
    await liveInPlace(page, 'mf-chart/ChartPage');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 2 }).waitFor();
    // The visitor reads the chart a while, without scrolling the page under it.
    await page.waitForTimeout(5000);
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    expect(pathOf(page)).toBe('/chart');
    await page.getByText(`Satta King Chart ${YEAR}`).first().waitFor();
    expect(await page.title()).toBe('Chart – Satta King Result');

    // Back leaves the site, as it would have before Close: the chart does not open again.
    await page.goBack();
    await expect.poll(() => page.url()).toBe('about:blank');
  });
});

/** What a visit of `path` logged: warnings and errors, the network's own failures offline aside. */
async function visit(context: BrowserContext, path: string, at: number, { offline = false } = {}): Promise<string[]> {
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    if (offline && /^Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(message.text())) return;
    logged.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
  await page.clock.install({ time: at });
  await muteNotificationPrompt(page);
  await context.setOffline(offline);
  await page.goto(site + path);
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached', timeout: 30_000 });
  // Every widget in view hydrates (or is rendered afresh): until each is live, neither the
  // server's HTML (`data-ssr`) nor the loading placeholder, then a second for what renders right
  // after (the stale badge, the clock, the data that changed meanwhile).
  await page.waitForFunction(() => {
    const inView = [...document.querySelectorAll('[data-widget]')].filter((slot) => {
      const box = slot.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
    return inView.length > 0 && inView.every((slot) => slot.querySelector('[data-ssr], [data-testid^="loading-"]') === null);
  });
  await page.waitForTimeout(1000);
  await page.close();
  await context.setOffline(false);
  return logged;
}

/** Waits until the service worker has a copy of `path`, so the next visit is served from it. */
async function cached(context: BrowserContext, path: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(site + '/robots.txt');
  await expect
    .poll(() => page.evaluate(async (url) => (await caches.keys()).length > 0 && (await caches.match(url)) !== undefined, site + path), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.close();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('repeat visits on a phone', () => {
  it.each(['/', '/chart', `/chart/gali/${YEAR}`, '/lucky-number', '/corrections'])(
    '%s: a minute, an hour and a day later, online and offline, nothing is logged',
    async (path) => {
      const { context, page } = await phone();
      await skipSplash(context);
      await page.close();
      const first = Date.now();
      expect(await visit(context, path, first)).toEqual([]);
      await cached(context, path);
      for (const [later, offline] of [
        [MINUTE + 5000, false],
        [HOUR, false],
        [HOUR, true],
        [DAY, false],
        [DAY, true],
      ] as const) {
        const logged = await visit(context, path, first + later, { offline });
        expect({ later: `${later / MINUTE} min`, offline, logged }).toEqual({ later: `${later / MINUTE} min`, offline, logged: [] });
      }
    },
    150_000,
  );
});

describe('the monthly table on a phone follows a day without a draw', () => {
  const GAME = 'Gali';
  const touched = [`sattanamee/${GAME}/${TODAY}`, 'holidays'];
  const saved = new Map<string, unknown>();
  beforeAll(async () => {
    for (const path of touched) saved.set(path, await rest(path));
    for (const path of touched) await rest(path, 'DELETE');
  });
  afterAll(async () => {
    for (const [path, value] of saved) await rest(path, value === null ? 'DELETE' : 'PUT', value ?? undefined);
    await rest('live/v', 'PATCH', { holidays: { '.sv': 'timestamp' }, games: { '.sv': 'timestamp' } });
  });

  /** Marks (or unmarks) the game as having no draw today, as the dashboard's command writes it. */
  const mark = (on: boolean) =>
    rest('', 'PATCH', { [`holidays/${GAME}/dates/${TODAY}`]: on ? true : null, 'live/v/holidays': { '.sv': 'timestamp' } });

  it("today's cell turns 'अवकाश' when the game is marked, before or after it is scrolled to, and '-' when the mark goes", async () => {
    const { context, page, warnings } = await phone();
    await skipSplash(context);
    await muteNotificationPrompt(page);
    await page.goto(site + '/');
    await liveInPlace(page, 'mf-results/ResultTable');
    // Marked while the monthly table, below the first screen, is still the server's HTML.
    await mark(true);
    await visitorSees(page, GAME, 'आज अवकाश (No draw today)');
    // The table still fits the phone: 'कल आया था' beside the longer cell breaks into two lines at most.
    const yesterdayHeading = page.locator('[data-widget="mf-results/ResultTable"] thead th').nth(1);
    expect(await yesterdayHeading.textContent()).toBe('कल आया था');
    const lines = await yesterdayHeading.evaluate((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBeLessThanOrEqual(2);
    await waitForLiveWidget(page, 'mf-results/MonthlyTable');
    const table = page.locator('[data-widget="mf-results/MonthlyTable"] table').first();
    const column = await table.locator('thead th').allTextContents();
    const index = column.indexOf(GAME);
    expect(index).toBeGreaterThan(0);
    const todayCell = table.locator('tbody tr[aria-current="date"] > *').nth(index);
    await todayCell.scrollIntoViewIfNeeded();
    await expect.poll(() => todayCell.textContent()).toBe('अवकाश (No draw)');
    // Live, both ways.
    await mark(false);
    await expect.poll(() => todayCell.textContent()).toBe('-');
    await mark(true);
    await expect.poll(() => todayCell.textContent()).toBe('अवकाश (No draw)');
    // Taken over without a part rendered again (React's hydration error #418).
    expect(warnings).toEqual([]);
  });
});

describe("the next game's countdown in the server's HTML", () => {
  it("says the result's time, which stays true, and the live countdown takes its place without moving anything", async () => {
    // Without JavaScript: the server's HTML as it is, however long ago it was made.
    const html = await browser.newContext({
      viewport: MOBILE,
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
      userAgent: PHONE_USER_AGENT,
      javaScriptEnabled: false,
      locale: 'hi-IN',
    });
    contexts.push(html);
    const still = await html.newPage();
    await still.goto(site + '/');
    const stillBlock = still.locator('[data-widget="mf-results/NextGame"]');
    const time = ((await stillBlock.getByTestId('next-game-time').textContent()) ?? '').replace(/ \(कल\)$/, '');
    expect(time).toMatch(/^\d\d:\d\d [AP]M$/);
    const line = (page: Page) => page.locator('[data-widget="mf-results/NextGame"] p:has([data-testid="next-game-countdown"])');
    expect((await line(still).innerText()).trim()).toBe(`रिज़ल्ट का समय ${time}`);
    const before = await line(still).boundingBox();

    // With it: the countdown, in the same box.
    const { context, page } = await phone();
    await skipSplash(context);
    await muteNotificationPrompt(page);
    await page.goto(site + '/');
    await liveInPlace(page, 'mf-results/NextGame');
    await expect.poll(async () => (await line(page).innerText()).trim()).toMatch(/^रिज़ल्ट आने में \d\d:\d\d:\d\d$/);
    const after = await line(page).boundingBox();
    expect({ width: after?.width, height: after?.height }).toEqual({ width: before?.width, height: before?.height });
  });
});

describe('a subscription that hangs', () => {
  // The prompt is offered where the Push API is: the whole browser (support/browser.ts).
  let pushBrowser: Browser;
  beforeAll(async () => {
    pushBrowser = await launchBrowser({ push: true });
  });
  afterAll(async () => {
    await pushBrowser?.close();
  });
  it('says so within 10 s, in Hindi, with what to do and a way to try again', async () => {
    const { context, page } = await openPhone(pushBrowser);
    await skipSplash(context);
    // The browser's push service cannot be reached: subscribe() neither answers nor fails.
    await context.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
    });
    // The page's clock, which this test stops at the tap and moves on by hand: the seconds counted
    // are the page's own, not those of a machine so busy that a timer fires late (CI on 87908bc).
    await page.clock.install();
    await page.goto(site + '/');
    const yes = page.getByRole('button', { name: NOTIFY_YES });
    await yes.waitFor({ timeout: 20_000 });
    // Undecided until now, so the prompt asked; the visitor allows.
    await context.grantPermissions(['notifications'], { origin: site });
    const attempt = async (button: string) => {
      await pauseJustAhead(page, 50);
      await page.getByRole('button', { name: button }).tap();
      await page.getByText(PUSH_WORKING).waitFor({ timeout: 5000 });
      // Patient for 7 s (a slow network), and told by 9.9 s after the tap.
      await page.clock.runFor(7_000);
      // Time for a render that a timer due by now would have caused (a real wait: the clock is stopped).
      await page.waitForTimeout(300);
      expect(await page.getByText(PUSH_FAILED_TITLE).count()).toBe(0);
      await page.getByText(PUSH_WORKING).waitFor({ timeout: 5000 });
      await page.clock.runFor(2_900);
      await page.getByText(PUSH_FAILED_TITLE).waitFor({ timeout: 5000 });
      await page.getByText(PUSH_FAILED_HELP).waitFor();
      await page.clock.resume();
    };
    await attempt(NOTIFY_YES);
    await attempt(PUSH_RETRY);
  });
});
