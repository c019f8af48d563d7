import { randomBytes } from 'node:crypto';
import { buildStale } from './build.ts';
import { NAMESPACE, startStack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';

/*
 * The render service under floods of made-up addresses (issue 27, point 1), part of
 * `npm run bench -- hostile`: 50 keep-alive connections ask as fast as they can for chart
 * addresses of unknown games, then of unknown years of a known game, then for unknown paths,
 * 10 s each, while a bystander asks for `/` one request after another. Prints the flood's answers
 * per second and statuses, and the bystander's p50 and p99.
 */
const CONNECTIONS = 50;
const FLOOD_MS = 10_000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function flood(site: string, address: ((i: number) => string) | null): Promise<string> {
  const until = Date.now() + FLOOD_MS;
  const statuses = new Map<number, number>();
  let n = 0;
  const attacker = async () => {
    while (Date.now() < until) {
      const response = await fetch(site + (address?.(n++) ?? '/'), { headers: { 'accept-encoding': 'br, gzip' } }).catch(() => null);
      const status = response?.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await response?.arrayBuffer().catch(() => undefined);
    }
  };
  const bystander = async () => {
    const times: number[] = [];
    while (Date.now() < until) {
      const started = performance.now();
      const response = await fetch(`${site}/`, { headers: { 'accept-encoding': 'br, gzip' } }).catch(() => null);
      await response?.arrayBuffer().catch(() => undefined);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  const [times] = await Promise.all([bystander(), ...Array.from({ length: address ? CONNECTIONS : 0 }, attacker)]);
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...statuses].map(([status, count]) => `${status || 'failed'} × ${count}`).join(', ');
  return `${Math.round(answered / (FLOOD_MS / 1000))} answers/s (${byStatus}); bystander / p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${times.length} requests)`;
}

/** Runs the render floods against a fresh stack and prints one line each. */
export async function renderFloods(): Promise<void> {
  if (!(await buildStale())) throw new Error('the build failed');
  const stack = await startStack({});
  try {
    await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 400 }));
    const site = stack.urls.site ?? '';
    // The render service has the data once `/` shows a result.
    for (let i = 0; i < 150 && !(await (await fetch(`${site}/`)).text()).includes('data-game='); i++)
      await new Promise((ok) => setTimeout(ok, 200));
    const random = () => randomBytes(6).toString('hex');
    const year = new Date().getUTCFullYear();
    console.log(`Render service (${CONNECTIONS} keep-alive connections, ${FLOOD_MS / 1000} s each):`);
    console.log(`  no flood: ${await flood(site, null)}`);
    console.log(`  /chart/t<i>-<random>/${year} (unknown games): ${await flood(site, (i) => `/chart/t${i}-${random()}/${year}`)}`);
    console.log(`  /chart/gali/<year> (unknown years): ${await flood(site, (i) => `/chart/gali/${1000 + (i % 900)}`)}`);
    console.log(`  /zzz<random> (unknown paths): ${await flood(site, () => `/zzz${random()}`)}`);
  } finally {
    await stack.stop();
  }
}
