import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { SPLASH_MS } from '../../shared/domain/constants.ts';
import { DISMISSED_KEY } from '../../shell/src/notify/shouldPrompt.ts';
import { SPLASH_SEEN_KEY } from '../../shell/src/layout/splashState.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 360, height: 740 };

/** Debian's `chromium-headless-shell`: Chromium's own headless build (the same Blink and V8). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Which Chromium a file's tests run in. `push`: the whole browser (`/usr/bin/chromium` in headless
 * mode), for the tests that need the Push API (the notification prompt, subscriptions, delivered
 * pushes): the headless shell has none, so the prompt never appears there. Every other test runs in
 * the headless shell when it is installed (`.ci/run` installs it): the same engine without the
 * browser's own services, for about a third less CPU a page on Chromium 156 (docs/performance.md,
 * "part six"). CHROME_PATH, when set, is used for both.
 */
function browserPath({ push = false }: { push?: boolean } = {}): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (!push && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return FULL_CHROMIUM;
}

export function launchBrowser(options: { push?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: browserPath(options),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What a page did on the network and in its console, for assertions and for failure output. */
export interface PageLog {
  requests: string[];
  websockets: string[];
  errors: string[];
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  log: PageLog;
}

/** A fresh context (no cache, no storage, no permissions) with one page that records its traffic. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<TestPage> {
  const context = await browser.newContext({ viewport, locale: 'hi-IN' });
  const page = await context.newPage();
  const log: PageLog = { requests: [], websockets: [], errors: [] };
  page.on('request', (request: Request) => log.requests.push(request.url()));
  page.on('websocket', (ws) => log.websockets.push(ws.url()));
  page.on('pageerror', (error) => log.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(`console: ${message.text()}`);
  });
  return { context, page, log };
}

/** A phone's browser as Chromium on Android presents itself. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * A fresh context that is a phone, not only its screen size: 360 x 740, touch, a mobile user
 * agent and Chromium's mobile mode (`isMobile`: the meta viewport, touch events, no hover), with
 * one page that records its traffic and console like openPage's, warnings included.
 */
export async function openPhone(browser: Browser): Promise<TestPage & { warnings: string[] }> {
  const context = await browser.newContext({
    viewport: MOBILE,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    userAgent: PHONE_USER_AGENT,
    locale: 'hi-IN',
  });
  const page = await context.newPage();
  const log: PageLog = { requests: [], websockets: [], errors: [] };
  const warnings: string[] = [];
  page.on('request', (request: Request) => log.requests.push(request.url()));
  page.on('websocket', (ws) => log.websockets.push(ws.url()));
  page.on('pageerror', (error) => log.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(`console: ${message.text()}`);
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return { context, page, log, warnings };
}

/**
 * Waits until the app has rendered and its splash has gone (it stays SPLASH_MS from the page's
 * first paint). A server-rendered page has its navigation before the app starts (after the first
 * paint), so the sign that the app has rendered is the `data-app` mark its first commit sets on
 * <html>; the splash renders in that same commit, so a missing splash then really means "gone".
 */
export async function waitForSplashToGo(page: Page): Promise<void> {
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  await page.getByTestId('splash').waitFor({ state: 'detached', timeout: SPLASH_MS + 15_000 });
}

/**
 * Every page of the context starts as a later view of the browser session, which has no splash
 * (index.html shows it on the first view only). For tests about something else: each saves the
 * splash's 2 s.
 */
export async function skipSplash(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => sessionStorage.setItem(key, '1'), SPLASH_SEEN_KEY);
}

/**
 * The page starts with the notification prompt already refused, as by a visitor who said no, at
 * the page's own clock (call it after `page.clock.install`, whose time it then takes);
 * dismissNotificationPrompt then has nothing to wait for. For tests about something else.
 */
export async function muteNotificationPrompt(page: Page): Promise<void> {
  await page.addInitScript((key: string) => {
    try {
      localStorage.setItem(key, String(Date.now()));
    } catch {
      // No storage: the prompt may show, and dismissNotificationPrompt closes it.
    }
  }, DISMISSED_KEY);
}

/** Closes the notification prompt, which the home page opens once the results have shown for 4 s. */
export async function dismissNotificationPrompt(page: Page): Promise<void> {
  await waitForSplashToGo(page);
  // Refused already in this browser (muteNotificationPrompt, or an earlier 'no'): it does not open.
  if (await page.evaluate((key) => localStorage.getItem(key) !== null, DISMISSED_KEY)) return;
  const no = page.getByRole('button', { name: 'नहीं, फिर कभी' });
  await no.waitFor({ timeout: 12_000 }).catch(() => undefined);
  if (await no.isVisible()) await no.click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Resolves once the result table shows at least one game row: the first result is visible. */
export async function waitForFirstResult(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('[data-widget="mf-results/ResultTable"] tr[data-game]').first().waitFor({ timeout });
}

/**
 * Resolves once the widget is the browser's own: its remote has replaced the server-rendered
 * HTML (`data-ssr`), which looks the same but does not respond to input. A widget below the first
 * screen goes live when it scrolls into view, so this scrolls to it as a visitor would, and
 * back to where the page was once it is live.
 */
export async function waitForLiveWidget(page: Page, widget: string, timeout = 30_000): Promise<void> {
  const slot = page.locator(`[data-widget="${widget}"]`);
  await slot.waitFor({ timeout });
  const scrolled = await page.evaluate(() => window.scrollY);
  await slot.scrollIntoViewIfNeeded({ timeout });
  await slot.locator('[data-ssr]').first().waitFor({ state: 'detached', timeout });
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
}

/**
 * Resolves once the result table is the live widget: its remote has taken over the
 * server-rendered HTML (`data-ssr`) and the data is no longer the cached or inlined copy.
 */
export async function waitForLiveResults(page: Page, timeout = 30_000): Promise<void> {
  const table = page.locator('[data-widget="mf-results/ResultTable"]');
  await table.locator('tr[data-game]').first().waitFor({ timeout });
  await table.locator('[data-ssr]').first().waitFor({ state: 'detached', timeout });
  await table.getByTestId('stale-badge').waitFor({ state: 'detached', timeout });
}

export const isAdminRemote = (url: string): boolean => /\/mf-admin\//.test(url);
export const isAuthChunk = (url: string): boolean => /firebase-auth-[\w-]+\.js/.test(url);
/** The Firebase SDK and the admin's modules (shared/data/adminSdk.ts and what it loads): the dashboard's only. */
export const isFirebaseSdkChunk = (url: string): boolean =>
  /\/(adminSdk|adminCommands|firebaseStreams|firebase-auth|index\.esm)-[\w-]+\.js/.test(url);
