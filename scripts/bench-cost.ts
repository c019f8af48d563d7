import { chromium, type CDPSession, type Page, type Request } from 'playwright-core';
import { buildStale } from './build.ts';
import { NAMESPACE, renderCaughtUp, startOtherCheckout, startStack, type OtherCheckout } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';
import { PATHS } from '../shared/domain/routes.ts';
import { DEFAULT_TIMEZONE, siteNow } from '../shared/domain/siteTime.ts';

/*
 * `npm run bench -- cost`: what one page view costs the database and the network, per public
 * page, as a new visitor would load it: cold cache, fresh profile, 360 px wide, the page scrolled
 * to its end once (so widgets below the first screen go live too), against the built site and
 * the local backend with 400 days of sample data.
 *
 * - database reads: listens the Firebase SDK sends over its WebSocket (`"a":"q"`), plus every
 *   HTTP request to the database (a REST read or a REST stream);
 * - bytes from the database: the data the page received from it (WebSocket frames, REST bodies,
 *   stream events), without TLS or HTTP headers;
 * - HTTP requests and bytes as sent (gzip), the JavaScript among them: what went over the network,
 *   the page's own requests and its service worker's (which starts during the first visit and
 *   serves part of it); a request the worker answered counts as the worker's request, if that
 *   one went to the network, and one answered from the HTTP cache costs nothing.
 *
 * Then the main thread's blocking time with the CPU slowed 4x, measured directly (a trace of the
 * page's main thread, not a simulation): the tasks from the first contentful paint to 5 s after the
 * load event, each counted beyond its first 50 ms, as Lighthouse's TBT counts them, median of 5
 * cold loads per page.
 *
 * Prints figures; not a test. Run it twice and compare only in one run (noisy machine).
 */

interface Cost {
  reads: number;
  dbBytes: number;
  requests: number;
  bytes: number;
  jsRequests: number;
  jsBytes: number;
}

async function measure(page: Page, cdp: CDPSession, url: string, dbOrigin: string): Promise<Cost> {
  const cost: Cost = { reads: 0, dbBytes: 0, requests: 0, bytes: 0, jsRequests: 0, jsBytes: 0 };
  const requests = new Map<string, { db: boolean; encoded: number; data: number; finished: boolean }>();
  let lastRequestAt = Date.now();
  const http: Promise<void>[] = [];
  const context = page.context();
  context.on('request', () => (lastRequestAt = Date.now()));
  context.on('requestfinished', (request: Request) => {
    if (request.url().startsWith(dbOrigin) || request.url().startsWith('data:')) return;
    http.push(
      (async () => {
        if ((await request.response())?.fromServiceWorker()) return;
        const sizes = await request.sizes();
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        if (bytes === 0) return; // from the HTTP cache (the worker keeping what the page fetched)
        cost.requests += 1;
        cost.bytes += bytes;
        if (/\.m?js(\?|$)/.test(new URL(request.url()).pathname)) {
          cost.jsRequests += 1;
          cost.jsBytes += bytes;
        }
      })(),
    );
  });
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    lastRequestAt = Date.now();
    const db = e.request.url.startsWith(dbOrigin);
    requests.set(e.requestId, { db, encoded: 0, data: 0, finished: false });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.encoded += e.encodedDataLength;
    r.data += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.encoded = Math.max(r.encoded, e.encodedDataLength);
    r.finished = true;
  });
  let streamBytes = 0;
  cdp.on('Network.eventSourceMessageReceived', (e) => {
    streamBytes += Buffer.byteLength(`event: ${e.eventName}\ndata: ${e.data}\n\n`);
  });
  let wsListens = 0;
  let wsBytes = 0;
  cdp.on('Network.webSocketFrameSent', (e) => {
    if (/"a":"q"/.test(e.response.payloadData)) wsListens += 1;
  });
  cdp.on('Network.webSocketFrameReceived', (e) => {
    wsBytes += Buffer.byteLength(e.response.payloadData);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  // Scroll once to the end, a screen at a time, as a reader would.
  for (let i = 0; i < 40; i++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.9);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  // Until no request has started for 3 s (the page's stream stays open, so "network idle" never
  // comes): the widgets below the first screen and the font fetched when idle are in.
  const quietSince = () => Date.now() - lastRequestAt;
  for (let waited = 0; quietSince() < 3000 && waited < 20_000; waited += 250) await page.waitForTimeout(250);
  await Promise.all(http);
  let restBytes = 0;
  for (const r of requests.values()) {
    if (r.db) {
      // Counted here, not with the page's HTTP: a stream never finishes.
      cost.requests += 1;
      cost.bytes += r.encoded;
      cost.reads += 1;
      // A stream's data is counted from its events; a finished read's from its body.
      if (r.finished) restBytes += r.data;
    }
  }
  cost.reads += wsListens;
  cost.dbBytes = restBytes + streamBytes + wsBytes;
  return cost;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * Blocking time (ms) of one cold load of `url` with the CPU slowed 4x, from a trace of the page's
 * main thread, counted as Lighthouse counts its TBT: every top-level task from the first
 * contentful paint to 5 s after the load event, each beyond its first 50 ms. (The page's own
 * PerformanceObserver 'longtask' does not report a task of rendering alone, such as the first
 * layout, so it would see only the scripts.)
 */
async function blockingTime(page: Page, cdp: CDPSession, url: string): Promise<number> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,loading',
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  await cdp.send('Tracing.end');
  await complete;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
  let blocking = 0;
  let lastEnd = 0; // a task nested in another (a nested run loop) is counted with its outer task
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid)
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    if (task.ts < lastEnd) continue;
    lastEnd = end;
    if (end <= fcp.ts) continue;
    blocking += Math.max(0, (end - Math.max(task.ts, fcp.ts)) / 1000 - 50);
  }
  return blocking;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (!(await buildStale())) process.exit(1);
const stack = await startStack({});
/**
 * BENCH_COST_VS=<another checkout of this repository, built, with its node_modules>: its site
 * too, seeded alike, for the blocking time side by side (each page's loads alternate between the
 * two, so both see the same machine).
 */
let base: OtherCheckout | undefined;
try {
  await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 400 }));
  // The first page view must not come before the render service has the seed (it would read it all again).
  await renderCaughtUp(stack);
  const site = stack.urls.site ?? '';
  base = process.env.BENCH_COST_VS ? await startOtherCheckout(process.env.BENCH_COST_VS) : undefined;
  const thisYear = siteNow(new Date(), stack.config.timezone ?? DEFAULT_TIMEZONE).year;
  const pages = [
    PATHS.home,
    PATHS.chart,
    `${PATHS.chart}/gali/${thisYear}`,
    `${PATHS.chart}/gali/${thisYear - 1}`,
    PATHS.contact,
    PATHS.luckyNumber,
  ];
  // Playwright reports the service worker's own requests only with this set.
  process.env['PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS'] = '1';
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  const dbOrigin = new URL(stack.urls.database).origin;
  try {
    // BENCH_COST_TBT_ONLY=1 skips the page costs; BENCH_COST_RUNS sets the loads per page for the blocking time.
    const tbtOnly = process.env.BENCH_COST_TBT_ONLY === '1';
    const runsPerPage = Number(process.env.BENCH_COST_RUNS ?? 5);
    if (!tbtOnly) console.log('One page view per public page (cold cache, 360 px, scrolled once; 400 days of data):');
    if (!tbtOnly)
      console.log(
        `  ${'page'.padEnd(18)}${'db reads'.padStart(9)}${'db bytes'.padStart(11)}${'requests'.padStart(10)}${'bytes'.padStart(11)}${'JS req'.padStart(8)}${'JS bytes'.padStart(11)}`,
      );
    for (const path of tbtOnly ? [] : pages) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const c = await measure(page, cdp, stack.urls.site + path, dbOrigin);
      await context.close();
      console.log(
        `  ${path.padEnd(18)}${String(c.reads).padStart(9)}${kb(c.dbBytes).padStart(11)}${String(c.requests).padStart(10)}${kb(c.bytes).padStart(11)}${String(c.jsRequests).padStart(8)}${kb(c.jsBytes).padStart(11)}`,
      );
    }
    console.log('  db reads: SDK listens and REST reads or streams; db bytes: data received from the database (no headers).');
    console.log('  bytes: everything over HTTP as sent (gzip), the font fetched when idle included.');
    console.log(
      `Blocking time with the CPU slowed 4x (main-thread tasks beyond 50 ms, first paint to load + 5 s, median of ${runsPerPage} cold loads, 360 px):`,
    );
    if (base) console.log(`  this checkout, then ${process.env.BENCH_COST_VS} (its loads taken in turn with this one's)`);
    const once = async (site: string, path: string) => {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const ms = await blockingTime(page, await context.newCDPSession(page), site + path);
      await context.close();
      return ms;
    };
    const line = (runs: number[]) =>
      `${String(Math.round(median(runs))).padStart(6)} ms   (runs ${runs.map((ms) => Math.round(ms)).join(', ')})`;
    for (const path of pages.slice(0, 3)) {
      const runs: number[] = [];
      const baseRuns: number[] = [];
      for (let i = 0; i < runsPerPage; i++) {
        runs.push(await once(site, path));
        if (base) baseRuns.push(await once(base.site, path));
      }
      console.log(`  ${path.padEnd(18)}${line(runs)}`);
      if (base) console.log(`  ${''.padEnd(18)}${line(baseRuns)}   the other checkout`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await base?.stop();
  await stack.stop();
}
