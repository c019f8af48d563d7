// Fills a Realtime Database namespace with the sample data of seed-data.ts through the REST
// API, as the owner of the local server. Only what is missing is written: results, times and
// texts already present (an admin's edits included) are left as they are, and nothing is deleted.
//
//   tsx scripts/seed.ts [--db http://127.0.0.1:9000] [--ns demo-satta-default-rtdb] [--days 400 | --years 20]
//                       [--games 17] [--today YYYY-MM-DD]
//
// `--years 20 --games 30` is a real operator's size: 30 games (the registry's 17 and 13 an admin
// added) with twenty years of results each, about 219,000 (`npm run bench -- history` uses it).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCAL_NAMESPACE } from '../shared/data/namespace.ts';
import { GAMES } from '../shared/domain/games.ts';
import { DEFAULT_TIMEZONE, siteNow } from '../shared/domain/siteTime.ts';
import { daysInYears, seedData, type SeedTree } from './seed-data.ts';

export { seedData } from './seed-data.ts';

/** The local project's default database (shared/data/namespace.ts), what `--ns` is without it. */
export const DEFAULT_NAMESPACE = LOCAL_NAMESPACE;
export const DEFAULT_DAYS = 400;

export interface SeedTarget {
  /** Base URL of the database server, e.g. http://127.0.0.1:9000 */
  db: string;
  ns: string;
}

export interface SeedSummary {
  games: number;
  resultsAdded: number;
  resultsKept: number;
  fieldsAdded: number;
  ms: number;
}

/** The database emulator's address: FIREBASE_DATABASE_EMULATOR_HOST, else firebase.json. */
export function defaultDatabaseUrl(): string {
  const fromEnv = process.env['FIREBASE_DATABASE_EMULATOR_HOST'];
  if (fromEnv) return `http://${fromEnv}`;
  const config = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
    emulators?: { database?: { host?: string; port?: number } };
  };
  const { host = '127.0.0.1', port = 9000 } = config.emulators?.database ?? {};
  return `http://${host}:${port}`;
}

function restUrl(target: SeedTarget, path: readonly string[], query: Record<string, string> = {}): string {
  const url = new URL(`${target.db.replace(/\/+$/, '')}/${path.map(encodeURIComponent).join('/')}.json`);
  url.searchParams.set('ns', target.ns);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

async function request(method: 'GET' | 'PUT' | 'PATCH', url: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      // 'owner' is the admin credential of the local database server and of the emulator.
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new Error(`Cannot reach the database at ${new URL(url).origin} (is the local stack running?)`, { cause: error });
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status} ${text.slice(0, 300)}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** Keys present under a path (a shallow read; a server without `shallow` sends the full value, same keys). */
async function existingKeys(target: SeedTarget, path: readonly string[]): Promise<Set<string>> {
  const value = await request('GET', restUrl(target, path, { shallow: 'true' }));
  return new Set(value !== null && typeof value === 'object' ? Object.keys(value) : []);
}

/** Writes the children of `wanted` that `path` lacks; returns how many were written and kept. */
async function fillMissing(
  target: SeedTarget,
  path: readonly string[],
  wanted: Record<string, unknown>,
): Promise<{ added: string[]; kept: string[] }> {
  const present = await existingKeys(target, path);
  const missing = Object.entries(wanted).filter(([key]) => !present.has(key));
  // An absent node is written whole: one set is cheaper for a server than a merge of thousands of children.
  if (present.size === 0) await request('PUT', restUrl(target, path), wanted);
  else if (missing.length > 0) await request('PATCH', restUrl(target, path), Object.fromEntries(missing));
  return { added: missing.map(([key]) => key), kept: Object.keys(wanted).filter((key) => present.has(key)) };
}

const SEED_CONCURRENCY = 4;

/** `fn` over `items`, at most `limit` at a time, results in the order of `items`. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function seedDatabase(target: SeedTarget, tree: SeedTree): Promise<SeedSummary> {
  const started = performance.now();
  const isResult = (key: string): boolean => key !== 'time' && key !== 'place' && key !== 'sattaname';
  // A few games at a time: thirty bodies of twenty years each at once would only queue in the server.
  const games = await mapLimit(Object.entries(tree.sattanamee), SEED_CONCURRENCY, ([name, node]) =>
    fillMissing(target, ['sattanamee', name], node),
  );
  const [mian, adinfo] = await Promise.all([fillMissing(target, ['mian'], { ...tree.mian }), fillMissing(target, ['adinfo'], tree.adinfo)]);
  return {
    games: games.length,
    resultsAdded: games.reduce((n, g) => n + g.added.filter(isResult).length, 0),
    resultsKept: games.reduce((n, g) => n + g.kept.filter(isResult).length, 0),
    fieldsAdded: games.reduce((n, g) => n + g.added.filter((key) => !isResult(key)).length, 0) + mian.added.length + adinfo.added.length,
    ms: Math.round(performance.now() - started),
  };
}

interface SeedCli {
  target: SeedTarget;
  days: number;
  games: number;
  today: string | undefined;
}

export function parseSeedCli(argv: readonly string[], now: Date = new Date()): SeedCli {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      db: { type: 'string' },
      ns: { type: 'string' },
      days: { type: 'string' },
      years: { type: 'string' },
      games: { type: 'string' },
      today: { type: 'string' },
    },
    strict: true,
  });
  if (values.days !== undefined && values.years !== undefined) throw new Error('--days and --years cannot be used together: give one');
  const whole = (flag: string, raw: string | undefined, fallback: number, min: number): number => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${flag} must be a whole number >= ${min}, got ${raw}`);
    return n;
  };
  const today = values.today ?? siteNow(now, DEFAULT_TIMEZONE).dateKey;
  const years = values.years === undefined ? null : whole('years', values.years, 0, 0);
  return {
    target: { db: values.db ?? defaultDatabaseUrl(), ns: values.ns ?? DEFAULT_NAMESPACE },
    days: years === null ? whole('days', values.days, DEFAULT_DAYS, 0) : daysInYears(years, today),
    games: whole('games', values.games, GAMES.length, 1),
    today: values.today,
  };
}

async function main(): Promise<void> {
  const { target, days, games, today } = parseSeedCli(process.argv.slice(2));
  const tree = seedData({ days, games, ...(today === undefined ? {} : { today }) });
  const s = await seedDatabase(target, tree);
  console.log(
    `seed: ${target.db} ns=${target.ns} days=${days}${today ? ` today=${today}` : ''}: ${s.games} games, ` +
      `${s.resultsAdded} results added, ${s.resultsKept} kept, ${s.fieldsAdded} other fields added in ${s.ms} ms`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
