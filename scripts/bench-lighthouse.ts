// Lighthouse 13 (npm `lighthouse`, Debian's Chromium), mobile profile with simulated throttling,
// 3 runs per URL, on `/`, `/chart` and `/chart/gali/{this year}` of a local stack seeded with
// 400 days of sample data. Prints the median performance score, LCP, CLS, TBT and bytes per URL.
//
//   tsx scripts/bench-lighthouse.ts [--runs 3] [--vs <another checkout, built>] [--throttling devtools]
//   (--vs: that checkout's site too, seeded alike, its runs taken in turn with this one's;
//   --throttling devtools: the CPU slowed 4x and the network slowed by DevTools while the page
//   loads, the figures measured from what happened instead of simulated)
//   tsx scripts/bench-lighthouse.ts --accessibility   (the accessibility score of the five public
//   pages instead, once each, with the audits that fail)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildStale } from './build.ts';
import { NAMESPACE, ROOT, startOtherCheckout, startStack, type OtherCheckout, type Stack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';
import { siteNow } from '../shared/domain/siteTime.ts';
import { chartPath } from '../shared/domain/chartUrls.ts';
import { PATHS } from '../shared/domain/routes.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    throttling: { type: 'string', default: 'simulate' },
    accessibility: { type: 'boolean', default: false },
    vs: { type: 'string' },
  },
});
const CATEGORY = values.accessibility ? 'accessibility' : 'performance';
const RUNS = Number(values.runs);
if (values.throttling !== 'simulate' && values.throttling !== 'devtools') throw new Error('--throttling is simulate or devtools');
const THROTTLING = values.throttling;
const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const LIGHTHOUSE = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-quic'];

interface Figures {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  bytes: number;
}

interface LighthouseJson {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      score?: number | null;
      scoreDisplayMode?: string;
      details?: { items?: { node?: { snippet?: string; explanation?: string } }[] };
    }
  >;
  environment?: { benchmarkIndex?: number };
}

const children = new Set<ChildProcess>();
let stack: Stack | null = null;
let other: OtherCheckout | null = null;

/** One Lighthouse run in its own Chromium (a fresh profile: a cold cache every time). */
async function lighthouse(
  url: string,
  dir: string,
  run: number,
): Promise<{ figures: Figures; version: string; benchmarkIndex: number | undefined; failing: string[] }> {
  const out = join(dir, `run-${run}.json`);
  const args = [
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    `--only-categories=${CATEGORY}`,
    '--form-factor=mobile',
    `--throttling-method=${THROTTLING}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: CHROME } });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((ok) => child.once('exit', (c) => ok(c)));
  children.delete(child);
  if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}:\n${stderr.slice(-2000)}`);
  const lhr = JSON.parse(readFileSync(out, 'utf8')) as LighthouseJson;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings ?? []) console.warn(`  (lighthouse warning: ${warning.split('\n')[0]})`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    version: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    failing: Object.entries(lhr.audits)
      .filter(([, a]) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .map(([id, a]) =>
        [
          id,
          ...(a.details?.items ?? []).slice(0, 3).map((i) => `    ${i.node?.snippet ?? ''} ${i.node?.explanation?.split('\n')[1] ?? ''}`),
        ].join('\n'),
      ),
    figures: {
      score: Math.round((lhr.categories[CATEGORY]?.score ?? Number.NaN) * 100),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      fcp: audit('first-contentful-paint'),
      bytes: audit('total-byte-weight'),
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function stop(): Promise<void> {
  // SIGINT: the Lighthouse CLI then closes its Chromium too.
  for (const child of children) child.kill('SIGINT');
  const running = stack;
  stack = null;
  await Promise.all([running?.stop(), other?.stop()]);
  other = null;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stop().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  if (!(await buildStale())) throw new Error('the build failed');
  stack = await startStack({});
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  try {
    await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 400 }));
    // The render service lists the seeded games within a couple of seconds.
    await new Promise((ok) => setTimeout(ok, 3000));
    const year = siteNow(new Date()).dateKey.slice(0, 4);
    const paths = values.accessibility
      ? [PATHS.home, PATHS.chart, chartPath('Gali', Number(year)), PATHS.contact, PATHS.luckyNumber]
      : [PATHS.home, PATHS.chart, chartPath('Gali', Number(year))];
    const site = stack.urls.site ?? '';
    // A warm-up load renders every page once, so no run pays for the first render.
    for (const path of paths) await (await fetch(`${site}${path}`)).arrayBuffer();
    if (values.vs) {
      other = await startOtherCheckout(values.vs);
      for (const path of paths) await (await fetch(`${other.site}${path}`)).arrayBuffer();
    }

    if (values.accessibility) {
      console.log(`Lighthouse accessibility, mobile profile, ${CHROME}:`);
      for (const path of paths) {
        const { figures, failing } = await lighthouse(`${site}${path}`, dir, 0);
        console.log(`  ${path.padEnd(16)} accessibility ${figures.score}${failing.length > 0 ? `  failing: ${failing.join(', ')}` : ''}`);
      }
      return;
    }
    let header = false;
    for (const path of paths) {
      const runs: Figures[] = [];
      const otherRuns: Figures[] = [];
      for (let run = 0; run < RUNS; run++) {
        if (other) otherRuns.push((await lighthouse(`${other.site}${path}`, dir, run)).figures);
        const result = await lighthouse(`${site}${path}`, dir, run);
        if (!header) {
          header = true;
          console.log(
            `Lighthouse ${result.version}, mobile profile, ${THROTTLING === 'simulate' ? 'simulated throttling' : 'DevTools throttling (measured)'}, ${CHROME}, median of ${RUNS} runs` +
              ` (benchmarkIndex of this machine ${result.benchmarkIndex ?? '?'}):`,
          );
        }
        runs.push(result.figures);
      }
      for (const [label, figures] of [
        [path, runs],
        [`  ${values.vs ?? ''}`, otherRuns],
      ] as const) {
        if (figures.length === 0) continue;
        const m = (key: keyof Figures) => median(figures.map((r) => r[key]));
        console.log(
          `  ${label.padEnd(16)} score ${String(m('score')).padStart(3)}  LCP ${(m('lcp') / 1000).toFixed(2)} s  CLS ${m('cls').toFixed(3)}` +
            `  TBT ${Math.round(m('tbt'))} ms  FCP ${(m('fcp') / 1000).toFixed(2)} s  bytes ${(m('bytes') / 1024).toFixed(1)} KB`,
        );
        console.log(
          `  ${''.padEnd(16)} runs: ${figures.map((r) => `${r.score}/${(r.lcp / 1000).toFixed(2)} s/${r.cls.toFixed(3)}/${Math.round(r.tbt)} ms`).join(', ')} (score/LCP/CLS/TBT)`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench-lighthouse failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
