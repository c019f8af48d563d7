// An operator bringing their history (issue 36, point 3): the dashboard in Chromium imports a CSV
// of twenty years for thirty games (about 219,000 rows, about 3 MB) against a local stack seeded
// with the thirty games and their last 400 days. The CSV is made here from the seed's numbers
// (scripts/seed-data.ts), written to a temporary folder and deleted afterwards: never committed.
// The connection is dropped once in the middle of the writing (the browser goes offline for 3 s);
// the dashboard then offers Resume, which the bench presses. Prints the time to check the file,
// the time to write it (without the 3 s offline), the progress seen, and then reads the database
// back: every row present with its number, and the import's audit entries adding up to the rows
// written exactly once.
//
//   tsx scripts/bench-import.ts [--years 20] [--games 30]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { buildStale } from './build.ts';
import { DEMO_ADMIN, NAMESPACE, startStack, type Stack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';
import { daysInYears } from './seed-data.ts';
import { ownerRest } from './ownerRest.ts';
import { formatDisplayDate, siteNow } from '../shared/domain/siteTime.ts';

const { values } = parseArgs({ options: { years: { type: 'string', default: '20' }, games: { type: 'string', default: '30' } } });
const YEARS = Number(values.years);
const GAMES = Number(values.games);
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-sync',
];

let stack: Stack | null = null;
let browser: Browser | null = null;
let folder: string | null = null;

async function stop(): Promise<void> {
  const [b, s] = [browser, stack];
  browser = null;
  stack = null;
  await b?.close().catch(() => undefined);
  await s?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  if (!(await buildStale())) throw new Error('the build failed');
  stack = await startStack({});
  const today = siteNow(new Date()).dateKey;
  // The database an operator starts from: the thirty games, the last 400 days of each.
  await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 400, games: GAMES, today }));

  // The operator's file: every day of YEARS years for GAMES games, date,game,number, day first.
  const history = seedData({ days: daysInYears(YEARS, today), games: GAMES, today });
  const lines = ['date,game,number'];
  const wanted = new Map<string, string>();
  for (const [game, node] of Object.entries(history.sattanamee)) {
    for (const [date, value] of Object.entries(node)) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
      const number = (value as { number: string }).number;
      lines.push(`${formatDisplayDate(date)},${game},${number}`);
      wanted.set(`${game}/${date}`, number);
    }
  }
  const csv = `${lines.join('\r\n')}\r\n`;
  folder = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const file = join(folder, 'history-all-games.csv');
  writeFileSync(file, csv);
  console.log(`file: ${wanted.size.toLocaleString('en-IN')} rows, ${(csv.length / 1e6).toFixed(1)} MB, ${GAMES} games x ${YEARS} years`);

  const owner = ownerRest(stack.urls.database);
  // A keep-alive socket the database has closed after the seed's writes is retried once.
  const rest = async (path: string): Promise<unknown> => {
    try {
      return await owner(path);
    } catch {
      await new Promise((ok) => setTimeout(ok, 500));
      return owner(path);
    }
  };
  const auditBefore = new Set(Object.keys(((await rest('audit')) as Record<string, unknown> | null) ?? {}));

  browser = await chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  // The SDK's requests still unanswered (request number -> action and path), to say what a
  // part without an answer was waiting for.
  const unanswered = new Map<number, string>();
  // The SDK splits a large message into frames: only whole ones are read (a split one is a write).
  const parse = (payload: string | Buffer): { t?: string; d?: { r?: number; a?: string; b?: { p?: string } } } | null => {
    if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
    try {
      return JSON.parse(payload) as { t?: string; d?: { r?: number; a?: string; b?: { p?: string } } };
    } catch {
      return null;
    }
  };
  // Requests of the SDK's long-polling (its fallback after a failed WebSocket: each write goes out
  // in URL-sized segments), counted to say which transport carried the parts after the resume.
  let longPolls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/.lp?')) longPolls += 1;
  });
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const frame = parse(payload);
      if (frame?.t === 'd' && typeof frame.d?.r === 'number') unanswered.set(frame.d.r, `${frame.d.a ?? '?'} ${frame.d.b?.p ?? ''}`);
    });
    socket.on('framereceived', ({ payload }) => {
      const frame = parse(payload);
      if (frame?.t === 'd' && typeof frame.d?.r === 'number') unanswered.delete(frame.d.r);
    });
    socket.on('close', () => unanswered.clear());
  });
  const site = stack.urls.site ?? '';
  await page.goto(`${site}/signin`);
  await page.locator('input[type="email"]').fill(DEMO_ADMIN.email);
  await page.locator('input[type="password"]').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site}/dashboard`, { timeout: 60_000 });
  const panel = page.getByRole('region', { name: 'Bulk Import Results', exact: true });
  await panel.waitFor({ timeout: 60_000 });
  await page.locator('[data-connection]').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });

  const checkStarted = Date.now();
  await panel.getByLabel('CSV file(s)').setInputFiles(file);
  await panel.getByRole('button', { name: 'Check rows' }).click();
  const confirm = panel.getByRole('button', { name: /^Confirm import of/ });
  await confirm.waitFor({ timeout: 120_000 });
  const checkMs = Date.now() - checkStarted;
  const summary = await panel.getByText(/row\(s\) ready to import/).textContent();
  const counts = await panel.getByText(/^नए /).textContent();
  console.log(`check: ${seconds(checkMs)} — ${summary} ${counts}`);

  // Progress as the page shows it, sampled while it writes: one look into the panel per sample
  // (querySelector, not Playwright's role engine, which walks the whole dashboard each time and
  // cost the page about a tenth of its CPU while it wrote).
  const panelElement = await panel.elementHandle();
  if (!panelElement) throw new Error('the import panel is gone');
  const look = () =>
    panelElement.evaluate((element) => ({
      progress: element.querySelector('[data-import-progress]')?.textContent ?? '',
      alert: element.querySelector('[role="alert"]')?.textContent ?? null,
      resume: [...element.querySelectorAll('button')].some((button) => button.textContent === 'Resume'),
    }));
  const seen = new Set<string>();
  // BENCH_PAGE_PROFILE=<file>: the page's CPU profile while it writes (Chrome DevTools format).
  const profileFile = process.env['BENCH_PAGE_PROFILE'];
  const cdp = profileFile ? await page.context().newCDPSession(page) : null;
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.start');
  const writeStarted = Date.now();
  await confirm.click();
  let offlineMs = 0;
  let interrupted = false;
  let stalls = 0;
  let longPollsAtResume = 0;
  const half = Math.floor(wanted.size / 2);
  const resumeButton = panel.getByRole('button', { name: 'Resume' });
  for (;;) {
    const now = await look();
    const text = now.progress;
    if (text) seen.add(text);
    if (/\(\d+ s\)$/.test(text)) break;
    if (interrupted && now.alert !== null && now.resume) {
      const said = now.alert;
      if (!said.startsWith('No answer from the server')) throw new Error(`the import stopped again: ${said}`);
      // A part lost on its way: the page says so after 30 s; Resume, as an admin would.
      stalls += 1;
      console.log(`stalled: "${said}"; unanswered on this socket: ${JSON.stringify([...unanswered])}; Resume`);
      await resumeButton.click();
    }
    const done = Number(/^([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    if (!interrupted && done >= half) {
      interrupted = true;
      const off = Date.now();
      await context.setOffline(true);
      await resumeButton.waitFor({ timeout: 30_000 });
      const said = await panel.getByRole('alert').textContent();
      console.log(`interrupted at ${done.toLocaleString('en-IN')} rows: "${said}"`);
      await new Promise((ok) => setTimeout(ok, 3000));
      await context.setOffline(false);
      await page.locator('[data-connection]').filter({ hasText: 'Connected' }).waitFor({ timeout: 60_000 });
      offlineMs = Date.now() - off;
      longPollsAtResume = longPolls;
      await resumeButton.click();
      console.log(`resumed after ${seconds(offlineMs)} offline`);
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
  const writeMs = Date.now() - writeStarted - offlineMs;
  if (cdp && profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  console.log(
    `transport after the resume: ${longPolls - longPollsAtResume} long-polling requests (the SDK upgrades to a WebSocket; a part sent before that goes out in segments)`,
  );
  const done = await panel.getByText(/^Imported /).textContent();
  console.log(
    `write: ${seconds(writeMs)} (offline ${seconds(offlineMs)} not counted) — "${done}"; progress shown ${seen.size} times; ${stalls} part(s) without an answer resumed`,
  );
  console.log(`total: ${seconds(checkMs + writeMs)} for ${wanted.size.toLocaleString('en-IN')} rows (check and write)`);

  // The database read back: nothing lost, nothing doubled.
  let missing = 0;
  let wrong = 0;
  for (const game of Object.keys(history.sattanamee)) {
    const node = ((await rest(`sattanamee/${game}`)) as Record<string, { number?: string }> | null) ?? {};
    for (const [key, number] of wanted) {
      if (!key.startsWith(`${game}/`)) continue;
      const stored = node[key.slice(game.length + 1)]?.number;
      if (stored === undefined) missing += 1;
      else if (stored !== number) wrong += 1;
    }
  }
  const audit = ((await rest('audit')) as Record<string, { path: string; new: string | null }> | null) ?? {};
  const parts = Object.entries(audit)
    .filter(([id, e]) => !auditBefore.has(id) && e.path === 'sattanamee')
    .map(([, e]) => JSON.parse(e.new ?? '{}') as { part: number; rows: number });
  const audited = parts.reduce((n, p) => n + p.rows, 0);
  const partNumbers = parts.map((p) => p.part);
  const doubled = partNumbers.length - new Set(partNumbers).size;
  console.log(
    `check: ${missing} missing, ${wrong} with another number; ${parts.length} audit entries for ${audited.toLocaleString('en-IN')} rows written, ${doubled} parts audited twice`,
  );
  if (missing > 0 || wrong > 0 || doubled > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await stop();
}
