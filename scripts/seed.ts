// Fills a Realtime Database namespace with the sample data of seed-data.ts through the REST
// API, as the owner of the local server. Only what is missing is written: results, times and
// texts already present (an admin's edits included) are left as they are, and nothing is deleted.
//
//   tsx scripts/seed.ts [--db http://127.0.0.1:9000] [--ns demo-satta-default-rtdb] [--days 400] [--today YYYY-MM-DD]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { seedData, type SeedTree } from './seed-data.ts';

export { seedData } from './seed-data.ts';

export const DEFAULT_NAMESPACE = 'demo-satta-default-rtdb';
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

export async function seedDatabase(target: SeedTarget, tree: SeedTree): Promise<SeedSummary> {
  const started = performance.now();
  const isResult = (key: string): boolean => key !== 'time' && key !== 'place' && key !== 'sattaname';
  const games = await Promise.all(Object.entries(tree.sattanamee).map(([name, node]) => fillMissing(target, ['sattanamee', name], node)));
  const [mian, adinfo] = await Promise.all([fillMissing(target, ['mian'], { ...tree.mian }), fillMissing(target, ['adinfo'], tree.adinfo)]);
  return {
    games: games.length,
    resultsAdded: games.reduce((n, g) => n + g.added.filter(isResult).length, 0),
    resultsKept: games.reduce((n, g) => n + g.kept.filter(isResult).length, 0),
    fieldsAdded: games.reduce((n, g) => n + g.added.filter((key) => !isResult(key)).length, 0) + mian.added.length + adinfo.added.length,
    ms: Math.round(performance.now() - started),
  };
}

function parseCli(argv: readonly string[]): { target: SeedTarget; days: number; today: string | undefined } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      db: { type: 'string' },
      ns: { type: 'string' },
      days: { type: 'string' },
      today: { type: 'string' },
    },
    strict: true,
  });
  const days = values.days === undefined ? DEFAULT_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 0) throw new Error(`--days must be a whole number >= 0, got ${values.days}`);
  return {
    target: { db: values.db ?? defaultDatabaseUrl(), ns: values.ns ?? DEFAULT_NAMESPACE },
    days,
    today: values.today,
  };
}

async function main(): Promise<void> {
  const { target, days, today } = parseCli(process.argv.slice(2));
  const tree = seedData({ days, ...(today === undefined ? {} : { today }) });
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
