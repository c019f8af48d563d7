// A published result on its way out: the demo admin (signed in with the Auth emulator) writes
// Gali's number for today over REST, as the dashboard's data service does (the number, its share
// of the live node and an audit entry in one update), against a local stack. Measured from the
// write's acknowledgement:
//   (a) until the render service's HTML for `/` shows the number (polled every 5 ms with
//       If-None-Match, so an unchanged page costs a 304),
//   (b) until the result table of a page on `/` open in Chromium shows it,
//   (c) until the open yearly chart of this year (`/chart/gali/{year}`) shows it, and
//   (d) as (b), written as an older tool would: the specification's path alone (no live node),
//       so the page has it through the render service's repair of the live node.
// Prints p50/p95/max of each over WRITES writes.
//
//   tsx scripts/bench-publish-latency.ts [--writes 30]
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildStale } from './build.ts';
import { DEMO_ADMIN, NAMESPACE, startStack, type Stack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';
import { siteNow } from '../shared/domain/siteTime.ts';
import { livePatch } from '../shared/data/livePatch.ts';

const { values } = parseArgs({ options: { writes: { type: 'string', default: '30' } } });
const WRITES = Number(values.writes);
const GAME = 'Gali';
const POLL_MS = 5;
const TABLE = '[data-widget="mf-results/ResultTable"]';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Wall-clock milliseconds, comparable between this process and the browser on one machine. */
const wallClock = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  return `p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, max ${f(sorted.at(-1) ?? Number.NaN)} (min ${f(sorted[0] ?? Number.NaN)})`;
}

/** Today's number of GAME in the server-rendered result table of `/`, or null. */
function todayInHtml(html: string): string | null {
  const table = html.indexOf(`data-widget="mf-results/ResultTable"`);
  if (table < 0) return null;
  const row = new RegExp(`<tr data-game="${GAME}"[^>]*>([^]*?)</tr>`).exec(html.slice(table));
  const cells = row?.[1]?.match(/<td[^>]*>[^]*?<\/td>/g);
  const last = cells
    ?.at(-1)
    ?.replace(/<[^>]*>/g, '')
    .trim();
  return last && /^\d\d$/.test(last) ? last : (/(?:^|\D)(\d\d)(?:\D|$)/.exec(last ?? '')?.[1] ?? null);
}

interface Admin {
  uid: string;
  idToken: string;
}

async function signIn(authUrl: string): Promise<Admin> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...DEMO_ADMIN, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; localId?: string; error?: { message?: string } };
  if (!body.idToken || !body.localId) throw new Error(`admin sign-in failed: ${body.error?.message ?? response.status}`);
  return { uid: body.localId, idToken: body.idToken };
}

/** The write the dashboard makes (DataService.setResult): the number and an audit entry, one update. */
async function publish(
  stack: Stack,
  admin: Admin,
  today: string,
  value: string,
  previous: string | null,
  n: number,
  live = true,
): Promise<void> {
  const path = `sattanamee/${GAME}/${today}`;
  const patch = { [`${path}/number`]: value };
  const url = new URL(`${stack.urls.database}/.json`);
  url.searchParams.set('ns', NAMESPACE);
  url.searchParams.set('auth', admin.idToken);
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...patch,
      ...(live ? livePatch(patch, today, { '.sv': 'timestamp' }) : {}),
      [`audit/bench-${Date.now().toString(36)}-${n}`]: {
        uid: admin.uid,
        email: DEMO_ADMIN.email,
        at: { '.sv': 'timestamp' },
        path,
        old: previous === null ? null : JSON.stringify(previous),
        new: JSON.stringify(value),
      },
    }),
  });
  if (!response.ok) throw new Error(`write ${n} failed: HTTP ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** Polls `/` every POLL_MS ms with the last ETag; resolves with the wall clock when it shows `value`. */
function watchHtml(site: string, value: string, state: { etag: string }): { shown: Promise<number>; cancel(): void } {
  let cancelled = false;
  const shown = (async () => {
    const deadline = wallClock() + 10_000;
    while (!cancelled && wallClock() < deadline) {
      const started = wallClock();
      const response = await fetch(`${site}/`, { headers: { 'accept-encoding': 'identity', 'if-none-match': state.etag } });
      if (response.status === 200) {
        state.etag = response.headers.get('etag') ?? '';
        if (todayInHtml(await response.text()) === value) return wallClock();
      } else {
        await response.arrayBuffer();
      }
      await sleep(Math.max(0, POLL_MS - (wallClock() - started)));
    }
    throw new Error(`the rendered HTML never showed ${value}`);
  })();
  shown.catch(() => undefined);
  return { shown, cancel: () => (cancelled = true) };
}

/** Today's cell of GAME in the home page's result table. */
const HOME_CELL = `${TABLE} tr[data-game="${GAME}"] td:last-child`;

/** Today's cell in the open yearly chart: the row of the day, the column of the month. */
const chartCell = (today: string) =>
  `[role="dialog"] table tbody tr:nth-child(${Number(today.slice(8, 10))}) td:nth-of-type(${Number(today.slice(5, 7))})`;

/** Resolves (in the page) with the browser's wall clock when `cell` shows `expected`. */
function watchDom(page: Page, cell: string, expected: string): Promise<number> {
  const selector = JSON.stringify(cell);
  const value = JSON.stringify(expected);
  const shown = page.evaluate<number>(`new Promise((resolve, reject) => {
    const shows = () => new RegExp('(^|\\\\D)' + ${value} + '(\\\\D|$)').test(document.querySelector(${selector})?.textContent ?? '');
    const timeout = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the cell never showed ' + ${value}));
    }, 10000);
    const observer = new MutationObserver(() => {
      if (!shows()) return;
      const at = performance.timeOrigin + performance.now();
      observer.disconnect();
      clearTimeout(timeout);
      resolve(at);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`);
  shown.catch(() => undefined);
  return shown;
}

let stack: Stack | null = null;
let browser: Browser | null = null;

async function stop(): Promise<void> {
  const [b, s] = [browser, stack];
  browser = null;
  stack = null;
  await b?.close().catch(() => undefined);
  await s?.stop();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));

async function main(): Promise<void> {
  if (!(await buildStale())) throw new Error('the build failed');
  stack = await startStack({});
  await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 400 }));
  const site = stack.urls.site ?? '';
  const today = siteNow(new Date()).dateKey;
  // The render service lists the seeded games within a couple of seconds.
  const listed = wallClock() + 30_000;
  while (todayInHtml(await (await fetch(`${site}/`)).text()) === null && wallClock() < listed) await sleep(200);
  const admin = await signIn(stack.urls.auth);

  let n = 0;
  let current: string | null = todayInHtml(await (await fetch(`${site}/`)).text());
  // Consecutive values always differ, so every write changes what the page shows.
  const next = () => {
    const value = String((n * 37 + 11) % 100).padStart(2, '0');
    return value === current ? String((n * 37 + 12) % 100).padStart(2, '0') : value;
  };
  const acks: number[] = [];
  const fromSend = { html: [] as number[], dom: [] as number[] };

  // (a) the render service's HTML
  const html: number[] = [];
  const state = { etag: '' };
  for (let i = 0; i < WRITES; i++, n++) {
    const value = next();
    const watch = watchHtml(site, value, state);
    await sleep(2 * POLL_MS);
    const sent = wallClock();
    try {
      await publish(stack, admin, today, value, current, n);
    } catch (error) {
      watch.cancel();
      throw error;
    }
    const acked = wallClock();
    acks.push(acked - sent);
    const seen = await watch.shown;
    html.push(seen - acked);
    fromSend.html.push(seen - sent);
    current = value;
    await sleep(50);
  }

  // (b), (c), (d): an open page's DOM
  browser = await chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const openPage = async (path: string, ready: (page: Page) => Promise<void>): Promise<Page> => {
    const context = await browser!.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${site}${path}`, { waitUntil: 'load' });
    await ready(page);
    return page;
  };
  const series = async (page: Page, cell: string, live: boolean): Promise<number[]> => {
    const samples: number[] = [];
    for (let i = 0; i < WRITES; i++, n++) {
      const value = next();
      const shown = watchDom(page, cell, value);
      // Let the observer be installed before the write leaves.
      await page.evaluate(() => undefined);
      const sent = wallClock();
      await publish(stack!, admin, today, value, current, n, live);
      const acked = wallClock();
      acks.push(acked - sent);
      const seen = await shown;
      samples.push(seen - acked);
      if (live && cell === HOME_CELL) fromSend.dom.push(seen - sent);
      current = value;
      await sleep(50);
    }
    return samples;
  };
  const home = await openPage('/', async (page) => {
    const table = page.locator(TABLE);
    await table.locator(`tr[data-game="${GAME}"]`).waitFor({ timeout: 30_000 });
    // Live: the remote has taken over the server's HTML and the data is no longer the inlined copy.
    await table.locator('[data-ssr]').first().waitFor({ state: 'detached', timeout: 30_000 });
    await table.getByTestId('stale-badge').waitFor({ state: 'detached', timeout: 30_000 });
  });
  const dom = await series(home, HOME_CELL, true);
  const repaired = await series(home, HOME_CELL, false);
  await home.context().close();
  const chart = await openPage(`/chart/gali/${today.slice(0, 4)}`, async (page) => {
    await page.locator(chartCell(today)).waitFor({ timeout: 30_000 });
    // Live: the widget holding the cell has taken over the server's HTML (RemoteWidget's data-ssr
    // wrapper is gone), as on / above. (A fixed second after the load was not always enough: the
    // first write then waited for mf-chart's code, 1.7-1.8 s.)
    await page.waitForFunction(
      (cell) => {
        const slot = document.querySelector(cell)?.closest('[data-widget]');
        return slot !== null && slot !== undefined && slot.querySelector(':scope > [data-ssr]') === null;
      },
      chartCell(today),
      { timeout: 30_000 },
    );
  });
  const charted = await series(chart, chartCell(today), true);
  await chart.context().close();

  console.log(
    `Publish latency: the demo admin's REST update (number + live node + audit entry) of ${GAME}'s result for today, ${WRITES} writes each, from the write's acknowledgement:`,
  );
  console.log(`  (a) to the render service's HTML of / (polled every ${POLL_MS} ms with If-None-Match): ${summary(html)}`);
  console.log(`  (b) to the DOM of an open page on / in Chromium: ${summary(dom)}`);
  console.log(`  (c) to the DOM of this year's open chart, /chart/gali/${today.slice(0, 4)}: ${summary(charted)}`);
  console.log(`  (d) as (b), written to the specification's path alone (through the render service's repair): ${summary(repaired)}`);
  console.log(`  the write itself (send to acknowledgement): ${summary(acks)}`);
  console.log(`  from sending the write instead: (a) ${summary(fromSend.html)}; (b) ${summary(fromSend.dom)}`);
  console.log('  (a negative figure: the page had the number before the writer had its acknowledgement)');
}

main().then(
  () => stop().then(() => process.exit(0)),
  (error: unknown) => {
    console.error(`bench-publish-latency failed: ${error instanceof Error ? error.stack : String(error)}`);
    void stop().finally(() => process.exit(1));
  },
);
