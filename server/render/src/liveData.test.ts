import { describe, expect, it, vi } from 'vitest';
import type { Database } from 'firebase-admin/database';
import type { GameData } from '@satta/shared/domain/results';
import type { RestRead } from '@satta/shared/data/rest';
import { LiveData } from './liveData.ts';

/*
 * LiveData over a small in-memory stand-in for firebase-admin's Database: enough of ref(),
 * orderByKey(), startAt/endAt, limitToFirst/Last and on/off('value') to follow what it asks for.
 */
type Tree = Record<string, unknown>;

class FakeQuery {
  constructor(
    private readonly db: FakeDatabase,
    readonly path: string,
    private readonly range: { child?: string; start?: string | number; end?: string; first?: number; last?: number } = {},
  ) {}
  orderByKey() {
    return this;
  }
  orderByChild(child: string) {
    return new FakeQuery(this.db, this.path, { ...this.range, child });
  }
  startAt(start: string | number) {
    return new FakeQuery(this.db, this.path, { ...this.range, start });
  }
  endAt(end: string) {
    return new FakeQuery(this.db, this.path, { ...this.range, end });
  }
  limitToFirst(first: number) {
    return new FakeQuery(this.db, this.path, { ...this.range, first });
  }
  limitToLast(last: number) {
    return new FakeQuery(this.db, this.path, { ...this.range, last });
  }
  toString() {
    return `${this.path} ${JSON.stringify(this.range)}`;
  }
  value(): unknown {
    const node = this.path.split('/').reduce<unknown>((at, part) => (at as Tree | undefined)?.[part], this.db.tree);
    if (typeof node !== 'object' || node === null) return node ?? null;
    const { child, start, end, first, last } = this.range;
    // By a child's value (only startAt is used with it) or by key.
    const position = (k: string): string | number =>
      child === undefined ? k : (((node as Tree)[k] as Tree | undefined)?.[child] as number);
    let keys = Object.keys(node)
      .sort()
      .filter((k) => (start === undefined || position(k) >= start) && (end === undefined || k <= end));
    if (first !== undefined) keys = keys.slice(0, first);
    if (last !== undefined) keys = keys.slice(-last);
    return keys.length ? Object.fromEntries(keys.map((k) => [k, (node as Tree)[k]])) : null;
  }
  on(_event: 'value', callback: (s: { val(): unknown }) => void) {
    this.db.listeners.add({ query: this, callback });
    if (!this.db.quiet) callback({ val: () => this.value() });
  }
  off(_event: 'value', callback: (s: { val(): unknown }) => void) {
    for (const listener of this.db.listeners)
      if (listener.query === this && listener.callback === callback) this.db.listeners.delete(listener);
  }
}

class FakeDatabase {
  readonly listeners = new Set<{ query: FakeQuery; callback: (s: { val(): unknown }) => void }>();
  /** A database that has gone quiet: listeners are registered but never called. */
  quiet = false;
  constructor(public tree: Tree) {}
  ref(path: string) {
    return new FakeQuery(this, path);
  }
  /** Writes a value and tells every listener, as the database does after a change. */
  set(path: string, value: unknown) {
    const parts = path.split('/');
    const leaf = parts.pop() ?? '';
    let at = this.tree;
    for (const part of parts) at = (at[part] ??= {}) as Tree;
    at[leaf] = value;
    for (const { query, callback } of this.listeners) callback({ val: () => query.value() });
  }
  /** A REST read of the tree (the render's reads without a listener: the shallow game list), counted. */
  readonly restReads: string[] = [];
  rest = async (read: RestRead): Promise<unknown> => {
    const range = read.startAt === undefined ? '' : `?startAt=${String(read.startAt)}`;
    this.restReads.push(`${read.path}${read.shallow ? '?shallow=true' : range}`);
    // A quiet database answers no read of a year either.
    if (this.quiet) return new Promise(() => undefined);
    let query = new FakeQuery(this, read.path);
    if (read.orderBy !== undefined && read.orderBy !== '$key') query = query.orderByChild(read.orderBy);
    if (read.startAt !== undefined) query = query.startAt(read.startAt);
    if (read.endAt !== undefined) query = query.endAt(String(read.endAt));
    const node = query.value();
    if (!read.shallow || typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(Object.keys(node).map((key) => [key, true]));
  };
  listening(pathPrefix: string, range: string): number {
    return [...this.listeners].filter(({ query }) => query.path === pathPrefix && query.toString().includes(range)).length;
  }
}

const tree = (): Tree => ({
  '.info': { connected: true },
  khaiwals: {},
  mian: { email: 'help@example.com' },
  adinfo: {},
  corrections: {
    // 2026-11-19 23:40 IST, and one from before the 90 days (2026-08-01).
    c1: { game: 'Gali', date: '2026-11-19', from: '46', to: '47', publishedAt: 1_795_455_000_000, correctedAt: 1_795_455_600_000 },
    c0: { game: 'Gali', date: '2026-08-01', from: '01', to: '02', correctedAt: 1_785_000_000_000 },
  },
  sattanamee: {
    Gali: {
      time: '11:30 PM',
      place: 11,
      '2025-03-14': { number: '57' },
      '2026-11-19': { number: '47', publishedAt: 1_795_455_000_000, updatedAt: 1_795_455_600_000, was: '46' },
    },
    Disawar: { time: '02:00 AM', place: 12, '2026-11-20': { number: '09' } },
    Gwalior: { time: '03:40 PM' },
  },
});

/** The snapshot's entries whose cache key starts with `prefix`. */
const under = (live: LiveData, prefix: string) =>
  Object.fromEntries(Object.entries(live.snapshot?.entries ?? {}).filter(([key]) => key.startsWith(prefix)));
/** The home window's games (the site's day is 2026-11-20: from the 1st of November). */
const gamesOf = (live: LiveData) => (live.snapshot?.entries['games:2026-11-01'] ?? []) as GameData[];

async function started(db: FakeDatabase, yearLimit = 2) {
  const live = new LiveData({
    db: db as unknown as Database,
    timezone: 'Asia/Kolkata',
    restRead: db.rest,
    now: () => new Date('2026-11-20T06:30:00Z'),
    yearLimit,
  });
  await live.start();
  return live;
}

describe('LiveData', () => {
  it('knows each game’s first and last result date over its whole history', async () => {
    const live = await started(new FakeDatabase(tree()));
    expect(live.snapshot?.entries['render:spans']).toEqual({
      Gali: { first: '2025-03-14', last: '2026-11-19' },
      Disawar: { first: '2026-11-20', last: '2026-11-20' },
      Gwalior: { first: null, last: null },
    });
    live.stop();
  });

  it('loads a game’s year on request, this year’s live, and keeps at most yearLimit years', async () => {
    const db = new FakeDatabase(tree());
    const live = await started(db, 2);
    expect(await live.loadYear('Gali', 2026)).toBe(true);
    expect((live.snapshot?.entries['year:Gali:2026'] as GameData).results).toEqual({ '2026-11-19': '47' });
    db.set('sattanamee/Gali/2026-11-18', { number: '08' });
    expect((live.snapshot?.entries['year:Gali:2026'] as GameData).results).toEqual({ '2026-11-18': '08', '2026-11-19': '47' });
    expect(db.listening('sattanamee/Gali', '"start":"2026-01-01"')).toBe(1);

    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect(under(live, 'year:')['year:Gali:2025']).toEqual({ name: 'Gali', time: null, place: null, results: { '2025-03-14': '57' } });

    // Asked for again: the most recent one now, so Gali 2026 is the one to go.
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect(await live.loadYear('Disawar', 2026)).toBe(true);
    expect(live.loadedYears).toBe(2);
    expect(Object.keys(under(live, 'year:')).sort()).toEqual(['year:Disawar:2026', 'year:Gali:2025']);
    expect(db.listening('sattanamee/Gali', '"start":"2026-01-01"')).toBe(0);
    live.stop();
    expect(db.listeners.size).toBe(0);
  });

  it('follows the game list as a site read: one shallow REST read, never a listener on the games’ history', async () => {
    const db = new FakeDatabase(tree());
    const live = await started(db);
    expect(live.snapshot?.entries['gameNames']).toEqual(['Disawar', 'Gali', 'Gwalior']);
    expect(db.restReads).toEqual(['sattanamee?shallow=true']);
    expect([...db.listeners].filter(({ query }) => query.path === 'sattanamee')).toHaveLength(0);
    live.stop();
  });

  it('lists the games again as soon as the games’ stamp moves (a game added), not at the next relist', async () => {
    const db = new FakeDatabase({ ...tree(), live: { v: { games: 1 } } });
    const live = new LiveData({
      db: db as unknown as Database,
      timezone: 'Asia/Kolkata',
      restRead: db.rest,
      now: () => new Date('2026-11-20T06:30:00Z'),
      relistMs: 3_600_000,
    });
    await live.start();
    expect(live.snapshot?.entries['gameNames']).toEqual(['Disawar', 'Gali', 'Gwalior']);
    db.set('sattanamee/Kalyan', { time: '04:00 PM' });
    db.set('live/v/games', 2);
    await vi.waitFor(() => expect(live.snapshot?.entries['gameNames']).toEqual(['Disawar', 'Gali', 'Gwalior', 'Kalyan']));
    expect(gamesOf(live).find((game) => game.name === 'Kalyan')?.time).toBe('04:00 PM');
    expect(db.restReads).toEqual(['sattanamee?shallow=true', 'sattanamee?shallow=true']);
    live.stop();
  });

  it('reads the list one at a time: moves of the stamp while a read is under way make one more read, not one each', async () => {
    const db = new FakeDatabase({ ...tree(), live: { v: { games: 1 } } });
    let release: () => void = () => undefined;
    let reads = 0;
    const live = new LiveData({
      db: db as unknown as Database,
      timezone: 'Asia/Kolkata',
      restRead: async (read) => {
        reads += 1;
        // The second read hangs until released (a slow database).
        if (reads === 2) await new Promise<void>((ok) => (release = ok));
        return db.rest(read);
      },
      now: () => new Date('2026-11-20T06:30:00Z'),
      relistMs: 3_600_000,
    });
    await live.start();
    expect(reads).toBe(1);
    db.set('live/v/games', 2);
    await vi.waitFor(() => expect(reads).toBe(2));
    // Five moves while the read hangs: one read waits for it, not five.
    for (const stamp of [3, 4, 5, 6, 7]) db.set('live/v/games', stamp);
    db.set('sattanamee/Kalyan', { time: '04:00 PM' });
    release();
    await vi.waitFor(() => expect(reads).toBe(3));
    await new Promise((ok) => setImmediate(ok));
    expect(reads).toBe(3);
    expect(live.snapshot?.entries['gameNames']).toEqual(['Disawar', 'Gali', 'Gwalior', 'Kalyan']);
    live.stop();
  });

  it('is not ready until the game list is known: a refused list is logged, and read again at the next relist', async () => {
    const db = new FakeDatabase(tree());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let refuse = true;
    const live = new LiveData({
      db: db as unknown as Database,
      timezone: 'Asia/Kolkata',
      restRead: (read) => (refuse ? Promise.reject(new Error('the database at https://x answered HTTP 401')) : db.rest(read)),
      now: () => new Date('2026-11-20T06:30:00Z'),
      relistMs: 20,
    });
    await live.start();
    expect(live.snapshot).toBeNull();
    expect(warn).toHaveBeenCalledWith('render: could not list the games: the database at https://x answered HTTP 401');
    refuse = false;
    await vi.waitFor(() => expect(live.snapshot?.entries['gameNames']).toEqual(['Disawar', 'Gali', 'Gwalior']));
    expect(gamesOf(live).map((game) => game.name)).toEqual(['Disawar', 'Gali', 'Gwalior']);
    live.stop();
    warn.mockRestore();
  });

  it('tells its watchers of each new snapshot, until they stop watching', async () => {
    const db = new FakeDatabase(tree());
    const live = await started(db);
    const seen: (string | undefined)[] = [];
    const stop = live.onSnapshot(() => seen.push(gamesOf(live).find((g) => g.name === 'Disawar')?.results['2026-11-20']));
    db.set('sattanamee/Disawar/2026-11-20', { number: '31' });
    expect(seen.at(-1)).toBe('31');
    stop();
    const count = seen.length;
    db.set('sattanamee/Disawar/2026-11-20', { number: '32' });
    expect(seen).toHaveLength(count);
    expect(gamesOf(live).find((g) => g.name === 'Disawar')?.results['2026-11-20']).toBe('32');
    live.stop();
  });

  it('reads a finished year once by REST, with no listener, and again after a correction', async () => {
    const db = new FakeDatabase(tree());
    const live = await started(db, 2);
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect((live.snapshot?.entries['year:Gali:2025'] as GameData).results).toEqual({ '2025-03-14': '57' });
    expect(db.listening('sattanamee/Gali', '"start":"2025-01-01"')).toBe(0);
    expect(db.restReads.filter((read) => read === 'sattanamee/Gali?startAt=2025-01-01')).toHaveLength(1);

    // Asked for again with nothing new: not read again.
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect(db.restReads.filter((read) => read === 'sattanamee/Gali?startAt=2025-01-01')).toHaveLength(1);

    // The admin corrects a past day: the number and the public log of corrections.
    db.set('sattanamee/Gali/2025-03-14', { number: '58', was: '57' });
    expect((live.snapshot?.entries['year:Gali:2025'] as GameData).results).toEqual({ '2025-03-14': '57' });
    db.set('corrections/c2', { game: 'Gali', date: '2025-03-14', from: '57', to: '58', correctedAt: 1_795_460_000_000 });
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect((live.snapshot?.entries['year:Gali:2025'] as GameData).results).toEqual({ '2025-03-14': '58' });
    expect(db.restReads.filter((read) => read === 'sattanamee/Gali?startAt=2025-01-01')).toHaveLength(2);
    live.stop();
  });

  it('reads a finished year again when asked for after yearRereadMs (a change that left no correction)', async () => {
    const db = new FakeDatabase(tree());
    let now = new Date('2026-11-20T06:30:00Z').getTime();
    const live = new LiveData({
      db: db as unknown as Database,
      timezone: 'Asia/Kolkata',
      restRead: db.rest,
      now: () => new Date(now),
      yearRereadMs: 60_000,
    });
    await live.start();
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    db.set('sattanamee/Gali/2025-12-31', { number: '08' });
    now += 59_000;
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect((live.snapshot?.entries['year:Gali:2025'] as GameData).results).toEqual({ '2025-03-14': '57' });
    now += 1_000;
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect((live.snapshot?.entries['year:Gali:2025'] as GameData).results).toEqual({ '2025-03-14': '57', '2025-12-31': '08' });
    live.stop();
  });

  it('answers false when the database does not answer in time', async () => {
    const db = new FakeDatabase(tree());
    const live = new LiveData({
      db: db as unknown as Database,
      timezone: 'Asia/Kolkata',
      restRead: db.rest,
      now: () => new Date('2026-11-20T06:30:00Z'),
      yearWaitMs: 50,
    });
    await live.start();
    db.quiet = true;
    expect(await live.loadYear('Gali', 2024)).toBe(false);
    live.stop();
  });

  it('carries publish times and the corrections of the last 90 days into the snapshot', async () => {
    const live = await started(new FakeDatabase(tree()));
    expect(gamesOf(live).find((g) => g.name === 'Gali')?.meta).toEqual({
      '2026-11-19': { publishedAt: 1_795_455_000_000, updatedAt: 1_795_455_600_000, was: '46' },
    });
    expect(live.snapshot?.entries['corrections']).toEqual([
      { id: 'c1', game: 'Gali', date: '2026-11-19', from: '46', to: '47', publishedAt: 1_795_455_000_000, correctedAt: 1_795_455_600_000 },
    ]);
    expect(await live.loadYear('Gali', 2026)).toBe(true);
    // A year is one key: its results and their publish times together.
    expect((live.snapshot?.entries['year:Gali:2026'] as GameData).meta).toEqual({
      '2026-11-19': { publishedAt: 1_795_455_000_000, updatedAt: 1_795_455_600_000, was: '46' },
    });
    expect(under(live, 'yearMeta:')).toEqual({});
    expect(await live.loadYear('Gali', 2025)).toBe(true);
    expect((live.snapshot?.entries['year:Gali:2025'] as GameData).meta).toBeUndefined();
    live.stop();
  });

  it("keeps today's game notices under today's key, follows them, and reads the next day's at midnight", async () => {
    const db = new FakeDatabase({
      ...tree(),
      gameNotices: { '2026-11-19': { Gali: 'old' }, '2026-11-20': { Disawar: 'रिजल्ट में देरी' } },
    });
    let now = new Date('2026-11-20T06:30:00Z');
    const live = new LiveData({
      db: db as unknown as Database,
      timezone: 'Asia/Kolkata',
      restRead: db.rest,
      now: () => now,
      relistMs: 20,
    });
    await live.start();
    expect(under(live, 'notices:')).toEqual({ 'notices:2026-11-20': { Disawar: 'रिजल्ट में देरी' } });
    db.set('gameNotices/2026-11-20/Gali', 'Result delayed');
    expect(live.snapshot?.entries['notices:2026-11-20']).toEqual({ Disawar: 'रिजल्ट में देरी', Gali: 'Result delayed' });
    db.set('gameNotices/2026-11-20', null);
    expect(live.snapshot?.entries['notices:2026-11-20']).toEqual({});
    // 00:10 IST on the 21st: the day's key moves, and the 20th's listener goes.
    now = new Date('2026-11-20T18:40:00Z');
    await vi.waitFor(() => expect(under(live, 'notices:')).toEqual({ 'notices:2026-11-21': {} }));
    expect(db.listening('gameNotices/2026-11-20', '{}')).toBe(0);
    live.stop();
    expect(db.listeners.size).toBe(0);
  });
});
