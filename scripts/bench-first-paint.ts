import { chromium, type Page } from 'playwright-core';
import { buildStale } from './build.ts';
import { NAMESPACE, startStack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';

/*
 * The first result on screen for a first-time visitor on a slow phone: `/` in Chromium over an
 * emulated slow mobile link (150 ms round trip, 1.6 Mbit/s) with the CPU slowed 4x. Prints the
 * time from navigation start until the first result number is painted, and the requests and
 * bytes (as sent) before it. With server rendering the number is in the first response.
 *
 * The first page view of a browser session has the 2 s splash over the page: the number is
 * painted beneath it and seen when it goes, so that view also prints when the splash went. A
 * later view of the session (the splash seen) is measured too.
 */
const SLOW_MOBILE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const RUNS = 3;
const FIRST_NUMBER = '[data-widget="mf-results/ResultTable"] tr[data-game] td';

interface Run {
  ms: number;
  /** When the splash went (ms from navigation start); undefined without one. */
  splashGoneMs: number | undefined;
  requests: number;
  bytes: number;
}

/**
 * Records, in the page, when a two-digit number first appears in the result table; the next
 * animation frame is when it is painted. A string: tsx would wrap a function with helpers the
 * page does not have.
 */
const WATCH_FIRST_NUMBER = `
  const check = () => {
    if (window.firstNumberAt !== undefined || window.firstNumberSeen) return;
    const cells = document.querySelectorAll(${JSON.stringify(FIRST_NUMBER)});
    if (![...cells].some((cell) => /^\\d\\d$/.test(cell.textContent || ''))) return;
    window.firstNumberSeen = true;
    requestAnimationFrame(() => (window.firstNumberAt = performance.now()));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  new MutationObserver(() => {
    const splash = document.getElementById('satta-splash');
    if (splash) window.splashSeen = true;
    else if (window.splashSeen && window.splashGoneAt === undefined) window.splashGoneAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
`;

/** A later page view of the session: the splash is remembered as seen (shell/index.html). */
const SPLASH_SEEN = `sessionStorage.setItem('satta.splash.seen', '1');`;

async function once(page: Page, url: string, laterView: boolean): Promise<Run> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_MOBILE);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const finished: { at: number; bytes: number }[] = [];
  const started: number[] = [];
  cdp.on('Network.requestWillBeSent', (event) => started.push(event.timestamp));
  cdp.on('Network.loadingFinished', (event) => finished.push({ at: event.timestamp, bytes: event.encodedDataLength }));
  await page.addInitScript(WATCH_FIRST_NUMBER);
  if (laterView) await page.addInitScript(SPLASH_SEEN);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { firstNumberAt?: number }).firstNumberAt !== undefined, undefined, {
    timeout: 60_000,
    polling: 50,
  });
  const ms = await page.evaluate(() => (window as unknown as { firstNumberAt: number }).firstNumberAt);
  if (!laterView) {
    await page.waitForFunction(() => (window as unknown as { splashGoneAt?: number }).splashGoneAt !== undefined, undefined, {
      timeout: 60_000,
      polling: 50,
    });
  }
  const splashGoneMs = await page.evaluate(() => (window as unknown as { splashGoneAt?: number }).splashGoneAt);
  // CDP timestamps are monotonic seconds from the document's own request, as performance.now() is.
  const paintAt = Math.min(...started) + ms / 1000;
  return {
    ms: Math.round(ms),
    splashGoneMs: splashGoneMs === undefined ? undefined : Math.round(splashGoneMs),
    requests: started.filter((t) => t <= paintAt).length,
    bytes: finished.filter((f) => f.at <= paintAt).reduce((sum, f) => sum + f.bytes, 0),
  };
}

if (!(await buildStale())) process.exit(1);
const stack = await startStack({});
try {
  await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 400 }));
  // The render service lists the games within a couple of seconds of the seed.
  await new Promise((ok) => setTimeout(ok, 3000));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    for (const laterView of [false, true]) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
        runs.push(await once(await context.newPage(), `${stack.urls.site}/`, laterView));
        await context.close();
      }
      runs.sort((a, b) => a.ms - b.ms);
      const median = runs[Math.floor(runs.length / 2)]!;
      const view = laterView ? 'a later view of the session (no splash)' : "the session's first view";
      console.log(`first result number painted on / (slow mobile link, ${CPU_SLOWDOWN}x CPU), ${view}, median of ${RUNS}:`);
      console.log(
        `  ${median.ms} ms from navigation start; before it ${median.requests} request(s) started and ${(median.bytes / 1024).toFixed(1)} KB arrived (as sent)`,
      );
      if (median.splashGoneMs !== undefined) console.log(`  painted beneath the 2 s splash, which went at ${median.splashGoneMs} ms`);
      console.log(
        `  all runs: ${runs.map((r) => `${r.ms} ms${r.splashGoneMs === undefined ? '' : ` (splash gone ${r.splashGoneMs} ms)`}`).join(', ')}`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
