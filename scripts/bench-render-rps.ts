// Responses per second of the render service (server/render) answering `/` from memory on one
// core: the service runs in its own process pinned to CPU 0 (`taskset -c 0`) with a fixed
// snapshot of the sample data (400 days seeded, the home window in memory, as the live listeners
// keep it); autocannon drives it from another process pinned to CPU 1, over keep-alive
// connections. Prints rps and p50/p99 latency with `Accept-Encoding: br`, `gzip` and none.
//
//   tsx scripts/bench-render-rps.ts [--seconds 10] [--connections 16]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildStale } from './build.ts';
import { freePort, startProcess, type Managed } from './processes.ts';
import { ROOT } from './stack.ts';
import { seedData } from './seed.ts';
import { readGameNode, type GameData } from '../shared/domain/results.ts';
import { DEFAULT_TIMEZONE, addDays, siteNow } from '../shared/domain/siteTime.ts';
import { PUBLIC_REMOTE_NAMES } from '../shared/domain/remotes.ts';

const HERE = fileURLToPath(import.meta.url);
const TIMEZONE = DEFAULT_TIMEZONE;
const REMOTES = PUBLIC_REMOTE_NAMES;
const AUTOCANNON = join(ROOT, 'node_modules/autocannon/autocannon.js');

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});

/** The render service's side (`--serve <port>`): startRender over the built site with fixed data. */
async function serve(port: number): Promise<void> {
  // As server/render/src/main.ts: the styled-components interop hook before any bundle loads.
  await import(pathToFileURL(join(ROOT, 'server/render/src/nodeInterop.ts')).href);
  // Loaded by path, not typechecked from here: the render service is its own project.
  const app = (await import(pathToFileURL(join(ROOT, 'server/render/src/app.ts')).href)) as {
    startRender(options: {
      host: string;
      port: number;
      mounts: Record<string, string>;
      config: unknown;
      data: { snapshot: unknown };
    }): Promise<{ url: string; close(): Promise<void> }>;
  };
  const today = siteNow(new Date(), TIMEZONE).dateKey;
  // What the live listeners hold: each game from the first day the home page shows
  // (homeWindowStart of shared/data: yesterday on the 1st, else the 1st of this month).
  const from = today.endsWith('-01') ? addDays(today, -1) : `${today.slice(0, 8)}01`;
  const tree = seedData({ days: 400, today });
  const games: GameData[] = Object.entries(tree.sattanamee).map(([name, node]) =>
    readGameNode(name, Object.fromEntries(Object.entries(node).filter(([key]) => !/^\d{4}-/.test(key) || key >= from))),
  );
  const snapshot = {
    at: Date.now(),
    todayKey: today,
    gameNames: Object.keys(tree.sattanamee),
    games,
    khaiwals: [],
    mainInfo: tree.mian,
    adInfo: tree.adinfo,
  };
  const config = {
    firebase: {
      apiKey: 'demo-api-key',
      projectId: 'demo-satta',
      databaseURL: 'http://127.0.0.1:1?ns=demo-satta-default-rtdb',
      appId: 'demo-app',
    },
    timezone: TIMEZONE,
    remotes: Object.fromEntries(REMOTES.map((name) => [name, `/remotes/${name}/remoteEntry.js`])),
  };
  const mounts: Record<string, string> = { '/': join(ROOT, 'shell/dist') };
  for (const name of REMOTES) mounts[`/remotes/${name}`] = join(ROOT, name, 'dist');
  const server = await app.startRender({ host: '127.0.0.1', port, mounts, config, data: { snapshot } });
  console.log(`bench-render: listening on ${server.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
}

interface Cannon {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const running = new Set<Managed>();
/** The share of a CPU the load generator used in its last run. */
let clientCpu = Number.NaN;

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** The PID of the service itself: the guard's child (taskset execs node in place). */
function servicePid(guard: number): number | null {
  try {
    const children = readFileSync(`/proc/${guard}/task/${guard}/children`, 'utf8').trim().split(/\s+/).map(Number);
    return children[0] ?? null;
  } catch {
    return null;
  }
}

function load(url: string, encoding: string | null, seconds: number, connections: number, pin: string[], warmup = false): Promise<Cannon> {
  const args = [...pin, process.execPath, AUTOCANNON, '-c', String(connections), '-d', String(seconds), '-n', '--json'];
  if (encoding) args.push('-H', `accept-encoding=${encoding}`);
  args.push(url);
  const child = spawn(args[0] as string, args.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  // The load generator's own CPU time, sampled while it runs (its /proc entry goes when it exits).
  const started = performance.now();
  let cpu = 0;
  const sampler = setInterval(() => {
    try {
      if (child.pid) cpu = cpuSeconds(child.pid);
    } catch {
      // exited between two samples
    }
  }, 200);
  return new Promise((ok, fail) => {
    child.once('exit', (code) => {
      clearInterval(sampler);
      clientCpu = cpu / ((performance.now() - started) / 1000);
      process.off('exit', stopOnExit);
      if (code !== 0) return fail(new Error(`autocannon exited with ${code}: ${err.slice(-1000)}`));
      try {
        ok(JSON.parse(out.slice(out.indexOf('{'))) as Cannon);
      } catch (error) {
        if (warmup) ok({} as Cannon);
        else fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

async function main(): Promise<void> {
  if (!(await buildStale())) throw new Error('the build failed');
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const pinned = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;
  const port = await freePort();
  const server = await startProcess(
    'render',
    pinned ? '/usr/bin/taskset' : process.execPath,
    [...(pinned ? ['-c', '0', process.execPath] : []), '--import', 'tsx', HERE, '--serve', String(port)],
    {
      ready: /bench-render: listening on (http:\/\/127\.0\.0\.1:\d+)/,
      env: { TSX_TSCONFIG_PATH: join(ROOT, 'server/render/tsconfig.runtime.json'), NODE_ENV: 'production' },
    },
  );
  running.add(server.managed);
  try {
    const url = `${server.match[1]}/`;
    const page = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const html = await page.text();
    if (page.status !== 200 || !html.includes('data-game=')) throw new Error(`/ did not answer a rendered page (HTTP ${page.status})`);
    const pid = servicePid(server.managed.child.pid ?? 0);
    const pin = pinned ? ['/usr/bin/taskset', '-c', '1'] : [];
    console.log(
      `Render service, / from memory, ${pinned ? 'service on CPU 0 and autocannon on CPU 1 (taskset)' : 'not pinned (no taskset or one core)'}, ` +
        `${connections} keep-alive connections, ${seconds} s per encoding; load average before ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}:`,
    );
    for (const encoding of ['br', 'gzip', null]) {
      await load(url, encoding, 2, connections, pin, true);
      const cpuBefore = pid ? cpuSeconds(pid) : Number.NaN;
      const started = performance.now();
      const result = await load(url, encoding, seconds, connections, pin);
      const wall = (performance.now() - started) / 1000;
      const cpu = pid ? (cpuSeconds(pid) - cpuBefore) / wall : Number.NaN;
      const bytes = result.requests.total > 0 ? result.throughput.total / result.requests.total : 0;
      const failed = result.non2xx + result.errors + result.timeouts;
      console.log(
        `  Accept-Encoding: ${(encoding ?? '(none)').padEnd(7)} ${Math.round(result.requests.average).toLocaleString('en-US').padStart(6)} rps` +
          `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms` +
          `  ${(bytes / 1024).toFixed(1)} KB/response  service CPU ${Number.isNaN(cpu) ? '?' : `${Math.round(cpu * 100)}%`}` +
          // What a whole core would serve at this cost per response (the core is shared on a busy machine).
          `${cpu > 0 ? `, ${Math.round(result.requests.average / cpu).toLocaleString('en-US')} responses per CPU-second` : ''}` +
          `; autocannon CPU ${Number.isNaN(clientCpu) ? '?' : `${Math.round(clientCpu * 100)}%`}` +
          `${failed ? `  ${failed} failed` : ''}`,
      );
    }
    console.log(
      `  load average after ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (service CPU below 100%: its core was shared with other work)`,
    );
  } finally {
    await stopAll();
  }
}

async function stopAll(): Promise<void> {
  const all = [...running];
  running.clear();
  await Promise.all(all.map((m) => m.stop()));
}

if (values.serve !== undefined) {
  await serve(Number(values.serve));
} else {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll().finally(() => process.exit(130)));
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bench-render-rps failed: ${error instanceof Error ? error.stack : String(error)}`);
      void stopAll().finally(() => process.exit(1));
    },
  );
}
