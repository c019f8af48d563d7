import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildStale } from './build.ts';
import { DEMO_ADMIN, NAMESPACE, startStack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';
import { ownerRest } from './ownerRest.ts';
import { chartPath } from '../shared/domain/chartUrls.ts';
import { PATHS } from '../shared/domain/routes.ts';
import { DEFAULT_TIMEZONE } from '../shared/domain/siteTime.ts';

/*
 * `npm run screenshots [-- --out <folder>]`: the site as a visitor and the admin see it, without
 * a browser by hand. Builds what is stale, starts the local stack on free ports with 45 days of
 * sample data, and writes full-page PNGs of every page at a phone's 360 x 740 and a laptop's
 * 1366 x 900 into `screenshots/` (e.g. `screenshots/360x740-home.png`), and besides: the home
 * page on a day one game has no draw (`home-no-draw`), and the dashboard's Days without a draw
 * panel (`dashboard-no-draw-days`). Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const outIndex = process.argv.indexOf('--out');
const OUT = outIndex > 0 && process.argv[outIndex + 1] ? (process.argv[outIndex + 1] ?? '') : join(ROOT, 'screenshots');
const SIZES = [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
];
const YEAR = Number(new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIMEZONE, year: 'numeric' }).format(new Date()));

/** What each shot shows: a path, and what to wait for before taking it. */
const PAGES: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: PATHS.home, ready: '[data-widget="mf-results/ResultTable"] tr[data-game]' },
  { name: 'chart', path: PATHS.chart, ready: '[data-widget="mf-chart/ChartPage"] ul li' },
  { name: 'yearly-chart', path: chartPath('Gali', YEAR), ready: '[role="dialog"] tbody tr' },
  { name: 'contact', path: PATHS.contact, ready: '[data-widget="mf-agents/ContactPage"]' },
  { name: 'lucky-number', path: PATHS.luckyNumber, ready: '[data-widget^="mf-fun/"]' },
  { name: 'signin', path: PATHS.signIn, ready: 'input[type="password"]' },
];

/** The page once the app has taken over the server's HTML and the splash has gone. */
async function settle(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.getByTestId('splash').waitFor({ state: 'detached', timeout: 60_000 });
  // Parts below the first screen go live once scrolled to (whenNear): scroll through, then back.
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((ok) => setTimeout(ok, 100));
    }
    window.scrollTo(0, 0);
  });
  await page.locator('[data-ssr]').first().waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForTimeout(500);
}

/** A game without a number today, marked as having no draw today while `shoot` runs (false: unmark it). */
type MarkNoDraw = (on: boolean) => Promise<void>;

async function shoot(browser: Browser, site: string, markNoDraw: MarkNoDraw): Promise<string[]> {
  const written: string[] = [];
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size, locale: 'hi-IN', timezoneId: DEFAULT_TIMEZONE });
    // The notification card would cover the bottom of every shot: as if refused before.
    await context.addInitScript(() => localStorage.setItem('satta.notifyPrompt.dismissedAt', String(Date.now())));
    const page = await context.newPage();
    const file = (name: string) => join(OUT, `${size.width}x${size.height}-${name}.png`);
    for (const shot of PAGES) {
      await page.goto(site + shot.path);
      await settle(page, shot.ready);
      await page.screenshot({ path: file(shot.name), fullPage: true });
      written.push(file(shot.name));
    }
    // The dashboard, signed in as the demo admin.
    await page.locator('input[type="email"]').fill(DEMO_ADMIN.email);
    await page.locator('input[type="password"]').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${site}/dashboard`, { timeout: 60_000 });
    await page.locator('[data-widget^="mf-admin/"]').first().waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: "Today's Games" }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    // The day board as the admin's first screen shows it, then the whole dashboard.
    await page.screenshot({ path: file('day-board') });
    written.push(file('day-board'));
    await page.screenshot({ path: file('dashboard'), fullPage: true });
    written.push(file('dashboard'));
    // The panel of days without a draw alone, as tall as its content.
    const panel = page.getByRole('region', { name: 'Days without a draw', exact: true });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: file('dashboard-no-draw-days') });
    written.push(file('dashboard-no-draw-days'));
    // The home page on a day a game has no draw.
    await markNoDraw(true);
    try {
      await page.goto(site + PATHS.home);
      await settle(page, '[data-widget="mf-results/ResultTable"] [data-state="no-draw"]');
      await page.screenshot({ path: file('home-no-draw'), fullPage: true });
      written.push(file('home-no-draw'));
    } finally {
      await markNoDraw(false);
    }
    await context.close();
  }
  return written;
}

if (!(await buildStale())) throw new Error('screenshots: the build failed');
mkdirSync(OUT, { recursive: true });
const stack = await startStack({});
let browser: Browser | undefined;
const stop = async () => {
  await browser?.close();
  await stack.stop();
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));
try {
  await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 45 }));
  if (!stack.urls.site) throw new Error('screenshots: the stack serves no site');
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const rest = ownerRest(stack.urls.database);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIMEZONE }).format(new Date());
  const games = (await rest('sattanamee', 'GET')) as Record<string, Record<string, unknown>>;
  // The game drawn latest whose number is not out yet (Gali, unless it is nearly midnight).
  const game = ['Gali', 'Dwarka bazar', 'Gaziyabad', 'Sadak', 'Palika bazar'].find((name) => !games[name]?.[today]) ?? 'Gali';
  const markNoDraw: MarkNoDraw = (on) =>
    rest('', 'PATCH', { [`holidays/${game}/dates/${today}`]: on ? true : null, 'live/v/holidays': { '.sv': 'timestamp' } }).then(
      () => undefined,
    );
  const written = await shoot(browser, stack.urls.site, markNoDraw);
  console.log(`screenshots: wrote ${written.length} files into ${relative(process.cwd(), OUT) || '.'}:`);
  for (const file of written) console.log(`  ${relative(process.cwd(), file)}`);
} finally {
  await stop();
}
