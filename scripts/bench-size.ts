import { chromium, type Page, type Response } from 'playwright-core';
import { buildStale } from './build.ts';
import { NAMESPACE, startStack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';
import { PATHS } from '../shared/domain/routes.ts';

/*
 * What a first-time visitor downloads per route, measured from a real Chromium page load of the
 * built site (cold cache, fresh profile): JavaScript and CSS bytes, raw (decoded) and as sent
 * (gzip, which the local host applies like Firebase Hosting does), fonts as well, and how many
 * requests the page made before its first result was on screen.
 */
interface Route {
  path: string;
  /** The element that means "the first result is visible" on this route. */
  firstResult: string;
}

const ROUTES: Route[] = [
  { path: PATHS.home, firstResult: '[data-widget="mf-results/ResultTable"] tr[data-game]' },
  { path: PATHS.chart, firstResult: '[data-widget="mf-chart/ChartPage"] button' },
  { path: PATHS.contact, firstResult: '[data-widget="mf-agents/ContactPage"] a[href^="mailto:"]' },
  { path: PATHS.luckyNumber, firstResult: '[data-widget="mf-results/ResultTable"] tr[data-game]' },
  { path: PATHS.signIn, firstResult: 'input[type="email"]' },
];

interface Bytes {
  raw: number;
  gzip: number;
}
interface Measure {
  js: Bytes;
  css: Bytes;
  font: Bytes;
  requests: number;
  requestsBeforeResult: number;
  msToResult: number;
}

function kind(response: Response): 'js' | 'css' | 'font' | null {
  const type = response.request().resourceType();
  const path = new URL(response.url()).pathname;
  if (type === 'script' || path.endsWith('.js')) return 'js';
  if (type === 'stylesheet' || path.endsWith('.css')) return 'css';
  if (type === 'font' || /\.(woff2?|ttf|otf)$/.test(path)) return 'font';
  return null;
}

/** A slow mobile link (150 ms round trip, 1.6 Mbit/s down), where round trips cost what they do in the field. */
const SLOW_MOBILE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

async function measure(page: Page, url: string, route: Route): Promise<Measure> {
  const result: Measure = {
    js: { raw: 0, gzip: 0 },
    css: { raw: 0, gzip: 0 },
    font: { raw: 0, gzip: 0 },
    requests: 0,
    requestsBeforeResult: 0,
    msToResult: 0,
  };
  const pending: Promise<void>[] = [];
  page.on('request', () => (result.requests += 1));
  page.on('response', (response) => {
    const k = kind(response);
    if (!k) return;
    pending.push(
      (async () => {
        const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
        result[k].raw += body.length;
        result[k].gzip += sizes.responseBodySize;
      })().catch(() => undefined),
    );
  });
  const started = Date.now();
  await page.goto(url);
  await page.locator(route.firstResult).first().waitFor({ state: 'attached', timeout: 60_000 });
  result.requestsBeforeResult = result.requests;
  result.msToResult = Date.now() - started;
  // Let lazy requests of the page settle so the byte totals are the whole first visit.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);
  await Promise.all(pending);
  return result;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);

if (!(await buildStale())) process.exit(1);
const stack = await startStack({});
try {
  await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 400 }));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
  try {
    console.log('First visit per route (cold cache; raw = decoded bytes, gzip = bytes on the wire):');
    console.log(
      `  ${'route'.padEnd(14)}${'JS raw'.padStart(9)}${'JS gzip'.padStart(9)}${'CSS raw'.padStart(9)}${'CSS gzip'.padStart(9)}${'font'.padStart(9)}   requests before first result (all)   first result: local / slow mobile`,
    );
    for (const route of ROUTES) {
      const fast = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const m = await measure(await fast.newPage(), stack.urls.site + route.path, route);
      await fast.close();
      const slow = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const slowPage = await slow.newPage();
      const cdp = await slow.newCDPSession(slowPage);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_MOBILE);
      const s = await measure(slowPage, stack.urls.site + route.path, route);
      await slow.close();
      console.log(
        `  ${route.path.padEnd(14)}${kb(m.js.raw)}${kb(m.js.gzip)}${kb(m.css.raw)}${kb(m.css.gzip)}${kb(m.font.gzip)}   ${String(m.requestsBeforeResult).padStart(8)} (${String(m.requests).padStart(3)})${String(m.msToResult).padStart(9)} ms${String(s.msToResult).padStart(10)} ms`,
      );
    }
    console.log(
      '  CSS is 0: styles are styled-components, injected by JS. The font is the Devanagari subset, fetched only for Hindi text.',
    );
    console.log('  "first result" is the time until it is rendered (the splash may still cover it), on localhost and on an');
    console.log('  emulated slow mobile link (150 ms round trip, 1.6 Mbit/s down).');
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
