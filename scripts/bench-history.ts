// A real operator's size (issue 36): twenty years of results for thirty games.
//
//   tsx scripts/bench-history.ts [--skip-site] [--site-only]
//
// RENDER_YEAR_LISTENERS=1 in the environment has the render service follow finished years with
// listeners, as it did before it read them once by REST (to compare the two).
// BENCH_ECHO=1 shows the stack's services' output.
//
// 1. The local database alone: a REST PATCH of 2,000, 8,000 and 50,000 children into one node, as
//    the owner (no rules) and as the site's admin (every rule evaluated), and the ratio of 8,000 to
//    2,000 (linear is 4; the quadratic path gave 16).
// 2. `seed --years 20 --games 30` into it (about 219,000 results), then again (nothing to write).
// 3. What reads of a twenty-year node cost: a game's whole node, its last 62 days by key, its keys
//    (shallow), and a stream of it (the first event).
// 4. The whole site with that history (`--skip-site` leaves it out): every chart address of the
//    sitemap answers 200; a crawler walks them all with 4 connections (kept alive, `br, gzip`,
//    bodies counted, not decoded) while a visitor loads `/` every 250 ms (p50/p99); a second walk
//    (pages per second, and the CPU per page of the service and of the client); every chart
//    page's link preview image (p95); the render service's memory before and after, its V8 heap
//    limited as on Cloud Run; the render service's event-loop delay during each walk (p50/p99/max).
// 5. The same site on a 360 px phone in Chromium: `/chart` with 30 games and a chart page's year
//    selector with 20 years (how wide the page is, how many games and years it offers).
// Figures, not pass/fail: run it on a quiet machine and compare builds side by side.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, MOBILE } from '../e2e/support/browser.ts';
import { startRtdb } from '../server/rtdb/src/index.ts';
import { unsignedJwt } from '../server/rtdb/src/test-support.ts';
import { buildStale } from './build.ts';
import { daysInYears, seedData } from './seed-data.ts';
import { seedDatabase } from './seed.ts';
import { NAMESPACE, renderCaughtUp, ROOT, startStack } from './stack.ts';
import { siteNow } from '../shared/domain/siteTime.ts';

const { values } = parseArgs({
  options: { 'skip-site': { type: 'boolean', default: false }, 'site-only': { type: 'boolean', default: false } },
});
const YEARS = 20;
const GAMES = 30;
const SITE_ADMIN = unsignedJwt({ sub: 'admin', admin: true });

const ms = (t: number): string => `${t.toFixed(0)} ms`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const sortNum = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

function dates(n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(1970, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

async function database(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  const db = await startRtdb({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'db'), rulesFile: join(ROOT, 'database.rules.json') });
  try {
    console.log('history: the local database, a REST PATCH of n children into one node');
    for (const [who, auth] of [
      ['owner (no rules)', 'owner'],
      ['site admin (rules)', SITE_ADMIN],
    ] as const) {
      const times = new Map<number, number>();
      for (const n of [2_000, 8_000, 50_000]) {
        const patch = Object.fromEntries(dates(n).map((d) => [`${d}/number`, String(n % 97).padStart(2, '0')]));
        const game = `Bench ${who.split(' ')[0]} ${n}`;
        const [res, t] = await timed(() =>
          fetch(`${db.url}/sattanamee/${encodeURIComponent(game)}.json?auth=${auth}&print=silent`, {
            method: 'PATCH',
            body: JSON.stringify(patch),
          }),
        );
        if (res.status !== 204) throw new Error(`PATCH of ${n} as ${who}: HTTP ${res.status} ${await res.text()}`);
        times.set(n, t);
      }
      const [a, b, c] = [times.get(2_000) ?? NaN, times.get(8_000) ?? NaN, times.get(50_000) ?? NaN];
      console.log(`  ${who}: 2,000 ${ms(a)}; 8,000 ${ms(b)}; 50,000 ${ms(c)}; 8,000 / 2,000 = ${(b / a).toFixed(1)}`);
    }

    const today = siteNow(new Date()).dateKey;
    const tree = seedData({ days: daysInYears(YEARS, today), games: GAMES });
    const target = { db: db.url, ns: 'bench-history' };
    const first = await seedDatabase(target, tree);
    const again = await seedDatabase(target, tree);
    console.log(
      `history: seed --years ${YEARS} --games ${GAMES}: ${first.resultsAdded.toLocaleString('en')} results in ${ms(first.ms)}; ` +
        `again: ${again.resultsAdded} added, ${again.resultsKept.toLocaleString('en')} kept in ${ms(again.ms)}`,
    );

    console.log('history: reads of one game with twenty years (REST, median of 5)');
    const base = `${db.url}/sattanamee/Gali.json?ns=bench-history`;
    const since = `"${new Date(Date.now() - 62 * 86_400_000).toISOString().slice(0, 10)}"`;
    for (const [what, url] of [
      ['whole node', base],
      ['last 62 days (orderBy $key, startAt)', `${base}&orderBy=%22$key%22&startAt=${encodeURIComponent(since)}`],
      ['its keys (shallow)', `${base}&shallow=true`],
    ] as const) {
      const runs: Array<[number, number]> = [];
      for (let i = 0; i < 5; i++) {
        const [bytes, t] = await timed(async () => (await (await fetch(url)).arrayBuffer()).byteLength);
        runs.push([bytes, t]);
      }
      console.log(`  ${what}: ${kb(runs[0]?.[0] ?? 0)} in ${ms(pct(sortNum(runs.map((r) => r[1])), 50))}`);
    }
    const [firstEvent, streamMs] = await timed(async () => {
      const controller = new AbortController();
      const res = await fetch(base, { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      while (!text.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += Buffer.from(value).toString('utf8');
      }
      controller.abort();
      return text.length;
    });
    console.log(`  a stream of the whole node: first event ${kb(firstEvent)} in ${ms(streamMs)}`);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The render service's process id (the one listening on `port`), or null. */
function pidOf(port: number): string | null {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    return /pid=(\d+)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}

function rssMb(port: number): number {
  const pid = pidOf(port);
  if (pid === null) return NaN;
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/** The CPU the render service has used so far (user and system, ms), from /proc. */
function cpuMs(port: number): number {
  const pid = pidOf(port);
  if (pid === null) return NaN;
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * One GET on a kept-alive connection of `agent`, as a crawler asks (`br, gzip`); the body is
 * counted, not decoded: the client shares the machine's two cores with the service, and fetch's
 * decoding cost it more CPU than the service spent answering (2.4 ms against 1.1 ms a page).
 */
function get(url: string, agent: Agent, timeoutMs: number): Promise<number> {
  return new Promise((ok) => {
    const req = request(url, { agent, headers: { 'accept-encoding': 'br, gzip' }, timeout: timeoutMs }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => ok(res.statusCode ?? 0));
      res.on('error', () => ok(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => ok(0));
    req.end();
  });
}

/**
 * Fetches every address with `connections` at a time, each kept alive; returns each answer's
 * status, the time, and the CPU the client and the service spent (ms).
 */
async function walk(
  addresses: string[],
  connections: number,
  port: number,
  timeoutMs = 30_000,
): Promise<{ statuses: Map<number, number>; ms: number; clientCpuMs: number; serviceCpuMs: number }> {
  const statuses = new Map<number, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const started = performance.now();
  const client = process.cpuUsage();
  const service = cpuMs(port);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < addresses.length) {
        const status = await get(addresses[next++] as string, agent, timeoutMs);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const used = process.cpuUsage(client);
  agent.destroy();
  return { statuses, ms: performance.now() - started, clientCpuMs: (used.user + used.system) / 1000, serviceCpuMs: cpuMs(port) - service };
}

/** `/chart` and one chart page on a 360 px phone: the page's width, the games listed, the years offered. */
async function phone(siteUrl: string, chartPage: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: MOBILE, locale: 'hi-IN', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/chart`, { waitUntil: 'networkidle' });
    const index = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      games: document.querySelectorAll('button[aria-haspopup="dialog"]').length,
    }));
    console.log(`  /chart at 360 px: page ${index.width} px wide, ${index.games} game buttons`);
    await page.goto(`${siteUrl}${chartPage}`, { waitUntil: 'networkidle' });
    const year = page.getByRole('combobox', { name: 'Year' }).first();
    await year.waitFor({ timeout: 30_000 });
    const box = await year.boundingBox();
    const options = await year.locator('option').allTextContents();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(
      `  ${decodeURIComponent(chartPage)} at 360 px: page ${width} px wide, year selector ${options.length} years ` +
        `(${options[0]} … ${options.at(-1)}), its right edge at ${((box?.x ?? 0) + (box?.width ?? 0)).toFixed(0)} px`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}

/**
 * V8's heap of the services the stack starts, as the render service's image runs it
 * (server/render/Dockerfile, for Cloud Run's 512 MiB): old generation 256 MB, semi-spaces 16 MB.
 * Left to itself on this 24 GB machine V8 allows a 4 GB heap with 64 MB semi-spaces, and kept
 * 200 MB of heap for 60 MB of live objects.
 */
const HEAP_FLAGS = '--max-old-space-size=256 --max-semi-space-size=16';

/**
 * The render service's event-loop delay since the last call (server/render/src/loopDelay.ts: it
 * writes the figures to `file` on SIGUSR2), or null when it did not answer within 5 s.
 */
async function loopDelay(port: number, file: string): Promise<{ p50: number; p99: number; max: number; samples: number } | null> {
  const pid = pidOf(port);
  if (pid === null) return null;
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  process.kill(Number(pid), 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await new Promise((ok) => setTimeout(ok, 50));
    if (existsSync(file) && statSync(file).mtimeMs !== before) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as { p50: number; p99: number; max: number; samples: number };
      } catch {
        // Written as we read it: read it again.
      }
    }
  }
  return null;
}

const loopText = (d: { p50: number; p99: number; max: number } | null): string =>
  d ? `the service's event-loop delay p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms` : "the service's event-loop delay unknown";

async function site(): Promise<void> {
  await buildStale();
  const loopDir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  const loopFile = join(loopDir, 'loop-delay.json');
  // Children inherit the environment (scripts/processes.ts): the render service runs with the heap it has in production.
  const nodeOptions = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${nodeOptions ?? ''} ${HEAP_FLAGS}`.trim();
  process.env.RENDER_LOOP_DELAY_FILE = loopFile;
  const stack = await startStack({ hosting: true, echo: process.env.BENCH_ECHO === '1' }).finally(() => {
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = nodeOptions;
    delete process.env.RENDER_LOOP_DELAY_FILE;
  });
  try {
    console.log(
      `  finished years ${process.env.RENDER_YEAR_LISTENERS === '1' ? 'followed with listeners (RENDER_YEAR_LISTENERS=1)' : 'read once by REST'}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const siteUrl = stack.urls.site as string;
    const port = Number(new URL(siteUrl).port);
    const tree = seedData({ days: daysInYears(YEARS, siteNow(new Date()).dateKey), games: GAMES });
    const [seeded, seedMs] = await timed(() => seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, tree));
    await renderCaughtUp(stack, 180_000);
    console.log(`history: the site with ${seeded.resultsAdded.toLocaleString('en')} results (seeded in ${ms(seedMs)})`);
    // The live node can be current before every game's span is: the sitemap grows for a moment
    // after the seed. It is read until two readings a second apart agree (30 s at most).
    const chartsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*\/chart\/[^<]*)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    let sitemap = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
    for (let tries = 0; tries < 30; tries++) {
      await new Promise((ok) => setTimeout(ok, 1000));
      const again = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
      const same = chartsOf(again).length === chartsOf(sitemap).length;
      sitemap = again;
      if (same) break;
    }
    const charts = chartsOf(sitemap);
    const addresses = charts.map((path) => `${siteUrl}${path}`);
    console.log(`  sitemap: ${charts.length} chart addresses, ${kb(sitemap.length)}`);
    await phone(siteUrl, charts[0] ?? '/chart');
    const rssBefore = rssMb(port);

    const visitor: number[] = [];
    let walking = true;
    const visits = (async () => {
      while (walking) {
        const [, t] = await timed(() => fetch(`${siteUrl}/`).then((res) => res.arrayBuffer()));
        visitor.push(t);
        await new Promise((ok) => setTimeout(ok, 250));
      }
    })();
    await loopDelay(port, loopFile);
    const first = await walk(addresses, 4, port);
    const firstLoop = await loopDelay(port, loopFile);
    walking = false;
    await visits;
    const v = sortNum(visitor);
    const statusText = (s: Map<number, number>): string => [...s].map(([code, n]) => `${n} x ${code || 'failed'}`).join(', ');
    const cpuText = (w: { clientCpuMs: number; serviceCpuMs: number }): string =>
      `CPU per page: service ${(w.serviceCpuMs / charts.length).toFixed(2)} ms, client ${(w.clientCpuMs / charts.length).toFixed(2)} ms`;
    console.log(
      `  first walk, 4 connections: ${statusText(first.statuses)} in ${ms(first.ms)} ` +
        `(${((charts.length * 1000) / first.ms).toFixed(0)} pages/s; ${cpuText(first)}); a visitor's / meanwhile: p50 ${ms(pct(v, 50))}, p99 ${ms(pct(v, 99))} (${v.length} loads)`,
    );
    console.log(
      `  during the first walk: ${loopText(firstLoop)}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const second = await walk(addresses, 4, port);
    console.log(
      `  second walk: ${statusText(second.statuses)} in ${ms(second.ms)} (${((charts.length * 1000) / second.ms).toFixed(0)} pages/s; ${cpuText(second)})`,
    );
    const rssWalked = rssMb(port);

    const previews: number[] = [];
    let failed = 0;
    let next = 0;
    const budget = Date.now() + 120_000;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < charts.length && Date.now() < budget) {
          const path = charts[next++] as string;
          const html = await (await fetch(`${siteUrl}${path}`)).text();
          const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
          if (image === undefined) {
            failed++;
            continue;
          }
          const [status, t] = await timed(() =>
            fetch(image.replace(/^https?:\/\/[^/]+/, siteUrl), { signal: AbortSignal.timeout(10_000) }).then(
              async (res) => (await res.arrayBuffer(), res.status),
              () => 0,
            ),
          );
          if (status === 200) previews.push(t);
          else failed++;
        }
      }),
    );
    const p = sortNum(previews);
    console.log(
      `  link previews of ${previews.length + failed} chart pages (4 at a time, 2 minutes at most): p50 ${ms(pct(p, 50))}, p95 ${ms(pct(p, 95))}, ` +
        `${failed} failed or slower than 10 s`,
    );
    console.log(
      `  render service memory (${HEAP_FLAGS}): ${rssBefore.toFixed(0)} MB before the walks, ${rssWalked.toFixed(0)} MB after them, ${rssMb(port).toFixed(0)} MB after the previews`,
    );
  } finally {
    await stack.stop();
    rmSync(loopDir, { recursive: true, force: true });
  }
}

if (!values['site-only']) await database();
if (!values['skip-site']) await site();
