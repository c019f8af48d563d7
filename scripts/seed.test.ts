import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../shared/domain/games.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRtdb } from '../server/rtdb/src/index.ts';
import { daysInYears, seedData, seedGames, seedNumber } from './seed-data.ts';
import { parseSeedCli, seedDatabase, type SeedTarget } from './seed.ts';

// 2025-03-10 13:00 in Kolkata (UTC+05:30).
const NOON_ISH = new Date('2025-03-10T07:30:00Z');
const TIME_PATTERN = /^(0[1-9]|1[0-2]):[0-5][0-9] (AM|PM)$/;

function resultDates(node: Record<string, unknown>): string[] {
  return Object.keys(node)
    .filter((k) => /^\d{4}-\d{2}-\d{2}$/.test(k))
    .sort();
}

describe('seedData', () => {
  it('holds the 17 games with canonical times and places 1..17', () => {
    const tree = seedData({ days: 0, now: NOON_ISH });
    const games = Object.entries(tree.sattanamee);
    expect(games).toHaveLength(17);
    expect(games.map(([, g]) => g.place).sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    for (const [, g] of games) expect(g.time).toMatch(TIME_PATTERN);
    expect(tree.sattanamee['Bilaspur']?.time).toBe('12:20 PM');
    expect(tree.sattanamee['Disawar']?.time).toBe('02:00 AM');
    expect(tree.sattanamee['Sadak']).toMatchObject({ time: '08:40 PM', place: 17 });
  });

  it('is deterministic and gives two-digit numbers spread over 00..99', () => {
    const a = seedData({ days: 400, today: '2025-03-09', now: NOON_ISH });
    const b = seedData({ days: 400, today: '2025-03-09', now: NOON_ISH });
    expect(a).toEqual(b);
    const numbers = Object.values(a.sattanamee).flatMap((g) => Object.values(g).flatMap((v) => (typeof v === 'object' ? [v.number] : [])));
    expect(numbers).toHaveLength(17 * 400);
    for (const n of numbers) expect(n).toMatch(/^\d{2}$/);
    expect(new Set(numbers).size).toBe(100);
    expect(seedNumber('Gali', '2025-03-09')).toBe(seedNumber('Gali', '2025-03-09'));
  });

  it('covers the last N days up to today, today only for games already played in Kolkata', () => {
    const tree = seedData({ days: 3, now: NOON_ISH });
    const dates = (game: string) => resultDates(tree.sattanamee[game] ?? {});
    expect(dates('Bilaspur')).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    expect(dates('Disawar')).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    expect(dates('Mathura')).toEqual(['2025-03-08', '2025-03-09']);
    expect(dates('Gali')).toEqual(['2025-03-08', '2025-03-09']);
  });

  it('counts Disawar as played only from 02:00 in Kolkata', () => {
    const before = seedData({ days: 1, now: new Date('2025-03-09T20:29:00Z') });
    const after = seedData({ days: 1, now: new Date('2025-03-09T20:30:00Z') });
    expect(resultDates(before.sattanamee['Disawar'] ?? {})).toEqual([]);
    expect(resultDates(after.sattanamee['Disawar'] ?? {})).toEqual(['2025-03-10']);
  });

  it('treats an explicit past today as fully played and a future one as not played', () => {
    const past = seedData({ days: 1, today: '2025-03-09', now: NOON_ISH });
    const future = seedData({ days: 1, today: '2025-03-11', now: NOON_ISH });
    for (const game of GAMES) {
      expect(resultDates(past.sattanamee[game.name] ?? {})).toEqual(['2025-03-09']);
      expect(resultDates(future.sattanamee[game.name] ?? {})).toEqual([]);
    }
  });

  it('builds ten years quickly', () => {
    const started = performance.now();
    const tree = seedData({ days: 3650, today: '2025-03-09' });
    expect(resultDates(tree.sattanamee['Gali'] ?? {})).toHaveLength(3650);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('rejects a bad --today', () => {
    expect(() => seedData({ days: 1, today: '2025-02-30' })).toThrow(RangeError);
  });
});

type Json = null | string | number | boolean | { [key: string]: Json };

/** Enough of the REST API for the seed: GET (with shallow), PUT and PATCH of objects, and a request log. */
function fakeDatabase() {
  const namespaces = new Map<string, { [key: string]: Json }>();
  const log: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const ns = url.searchParams.get('ns') ?? '';
    const root = namespaces.get(ns) ?? {};
    namespaces.set(ns, root);
    const path = url.pathname
      .replace(/\.json$/, '')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    log.push(`${req.method} ${path.join('/')}`);
    if (req.headers.authorization !== 'Bearer owner') {
      res.writeHead(401).end('{"error":"Permission denied"}');
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      let node: { [key: string]: Json } = root;
      for (const segment of path) {
        const child = node[segment];
        if (child === undefined || child === null || typeof child !== 'object') {
          if (req.method === 'GET') {
            res.end('null');
            return;
          }
          node[segment] = {};
        }
        node = node[segment] as { [key: string]: Json };
      }
      if (req.method === 'PATCH' || req.method === 'PUT') {
        if (req.method === 'PUT') for (const key of Object.keys(node)) delete node[key];
        Object.assign(node, JSON.parse(body) as { [key: string]: Json });
      }
      const shallow = url.searchParams.get('shallow') === 'true';
      res.end(JSON.stringify(shallow ? Object.fromEntries(Object.keys(node).map((k) => [k, true])) : node));
    });
  });
  return { server, namespaces, log };
}

describe('seedDatabase (REST)', () => {
  const fake = fakeDatabase();
  let target: SeedTarget;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    target = { db: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`, ns: 'seed-test' };
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('writes everything once, then nothing, and never overwrites existing values', async () => {
    const tree = seedData({ days: 30, today: '2025-03-09', now: NOON_ISH });
    const first = await seedDatabase(target, tree);
    expect(first).toMatchObject({ games: 17, resultsAdded: 17 * 30, resultsKept: 0 });
    expect(first.fieldsAdded).toBe(17 * 2 + 6 + 2);

    const stored = fake.namespaces.get('seed-test');
    expect(stored).toEqual(JSON.parse(JSON.stringify(tree)));

    // An admin's edits survive a re-seed.
    const sattanamee = stored?.['sattanamee'] as { [game: string]: { [key: string]: Json } };
    const gali = sattanamee['Gali'];
    if (!gali) throw new Error('Gali not seeded');
    gali['time'] = '11:45 PM';
    gali['2025-03-09'] = { number: '77' };

    fake.log.length = 0;
    const second = await seedDatabase(target, tree);
    expect(second).toMatchObject({ resultsAdded: 0, resultsKept: 17 * 30, fieldsAdded: 0 });
    expect(fake.log.filter((l) => !l.startsWith('GET'))).toEqual([]);
    expect(gali['time']).toBe('11:45 PM');
    expect(gali['2025-03-09']).toEqual({ number: '77' });

    // A later run adds only the new day.
    fake.log.length = 0;
    const next = await seedDatabase(target, seedData({ days: 30, today: '2025-03-10', now: new Date('2025-03-11T00:00:00Z') }));
    expect(next).toMatchObject({ resultsAdded: 17, fieldsAdded: 0 });
    expect(fake.log.filter((l) => !l.startsWith('GET')).sort()).toEqual(GAMES.map((g) => `PATCH sattanamee/${g.name}`).sort());
    expect(gali['time']).toBe('11:45 PM');
  });

  it('uses one request pair per game so ten years stay quick', async () => {
    fake.log.length = 0;
    const summary = await seedDatabase({ ...target, ns: 'bench-10y' }, seedData({ days: 3650, today: '2025-03-09' }));
    expect(summary.resultsAdded).toBe(17 * 3650);
    expect(fake.log).toHaveLength(2 * 19);
  });

  it('explains an unreachable server', async () => {
    await expect(seedDatabase({ db: 'http://127.0.0.1:1', ns: 'x' }, seedData({ days: 1 }))).rejects.toThrow(/Cannot reach the database/);
  });
});

describe("a real operator's size (--years, --games)", () => {
  it('counts twenty years as the days from the same date twenty years before, both included', () => {
    expect(daysInYears(1, '2025-03-09')).toBe(366);
    expect(daysInYears(20, '2026-11-28')).toBe(7306);
    expect(daysInYears(1, '2024-02-29')).toBe(367);
    expect(daysInYears(0, '2026-11-28')).toBe(0);
  });

  it("adds the games an operator added after the registry's 17, with times and places after them", () => {
    const games = seedGames(30);
    expect(games).toHaveLength(30);
    expect(games.slice(0, 17).map((g) => g.name)).toEqual(GAMES.map((g) => g.name));
    expect(games[17]).toEqual({ name: 'Haridwar', defaultTime: '12:50 PM', place: 18 });
    expect(games[29]).toEqual({ name: 'Rewari', defaultTime: '11:00 PM', place: 30 });
    expect(new Set(games.map((g) => g.name)).size).toBe(30);
    expect(seedGames(32).slice(30)).toEqual([
      { name: 'Game 31', defaultTime: '11:45 PM', place: 31 },
      { name: 'Game 32', defaultTime: '11:45 PM', place: 32 },
    ]);
    expect(() => seedGames(0)).toThrow('games must be a whole number >= 1, got 0');
  });

  it('reads --years and --games, and refuses what it cannot use', () => {
    const now = new Date('2026-11-28T06:00:00Z');
    expect(parseSeedCli(['--years', '20', '--games', '30', '--db', 'http://127.0.0.1:1'], now)).toMatchObject({ days: 7306, games: 30 });
    expect(parseSeedCli(['--db', 'http://127.0.0.1:1'], now)).toMatchObject({ days: 400, games: 17 });
    expect(() => parseSeedCli(['--years', '2', '--days', '5'], now)).toThrow('--days and --years cannot be used together: give one');
    expect(() => parseSeedCli(['--games', '0'], now)).toThrow('--games must be a whole number >= 1, got 0');
    expect(() => parseSeedCli(['--years', 'x'], now)).toThrow('--years must be a whole number >= 0, got x');
  });

  it('writes 30 games of two years into the local database with its rules once, then nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-size-'));
    const db = await startRtdb({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(dir, 'db'),
      rulesFile: join(import.meta.dirname, '../database.rules.json'),
    });
    try {
      const target = { db: db.url, ns: 'seed-size' };
      const tree = seedData({ days: daysInYears(2, '2026-11-27'), games: 30, today: '2026-11-27', now: new Date('2026-11-28T06:00:00Z') });
      expect(await seedDatabase(target, tree)).toMatchObject({ games: 30, resultsAdded: 30 * 731, resultsKept: 0 });
      expect(await seedDatabase(target, tree)).toMatchObject({ games: 30, resultsAdded: 0, resultsKept: 30 * 731, fieldsAdded: 0 });
      const rewari = (await (await fetch(`${db.url}/sattanamee/Rewari.json?ns=seed-size&shallow=true`)).json()) as Record<string, true>;
      expect(Object.keys(rewari)).toHaveLength(731 + 2);
      const day = await fetch(`${db.url}/sattanamee/Rewari/2025-11-27.json?ns=seed-size`);
      expect(await day.json()).toEqual({ number: seedNumber('Rewari', '2025-11-27') });
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
