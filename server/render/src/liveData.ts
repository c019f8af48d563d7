import type { Database, DataSnapshot, Query } from 'firebase-admin/database';
import { cacheKeys, homeWindowStart } from '@satta/shared/data';
import { firstDateRead, lastDateRead, publicReads, type PublicRead } from '@satta/shared/data/publicReads';
import type { DayMetas, DayResults, GameData } from '@satta/shared/domain/results';
import { CORRECTIONS_WINDOW_MS } from '@satta/shared/domain/corrections';
import { isDateKey, siteNow } from '@satta/shared/domain/siteTime';
import type { Snapshot } from './snapshot.ts';
import { SPANS_KEY, type GameSpan } from '@satta/shared/domain/yearlyChart';
import type { LiveNode } from '@satta/shared/domain/liveNode';
import { adminQuery, followRead } from './adminReads.ts';

/**
 * The public reads of the table followed as they are, each kept under its cache key (a new public
 * datum of that kind is its table entry and a line here). The live node, the corrections (their
 * window moves with the day), the games and their spans (one query each per game) and the chart
 * years are followed apart.
 */
const wholeReads = (): PublicRead<unknown>[] => [
  publicReads.khaiwals(),
  publicReads.mainInfo(),
  publicReads.adInfo(),
  publicReads.holidays(),
];

/** What must have answered before the first snapshot. */
const FIRST_KEYS = [...wholeReads().map((read) => read.key), cacheKeys.live, cacheKeys.corrections];

export interface LiveDataOptions {
  db: Database;
  timezone: string;
  /** The names of the games (a shallow REST read: the list must not cost the games' history). */
  listGames: () => Promise<string[]>;
  /** How often the game list is read again (a new game appears on the pages within this). */
  relistMs?: number;
  /** How many game-years (charts) are kept in memory and live; the least recently asked for go first. */
  yearLimit?: number;
  /** How long a chart's request waits for its year's first answer. */
  yearWaitMs?: number;
  now?: () => Date;
}

/** One game's year, loaded for its chart page and kept live while it is among the recent ones. */
interface YearEntry {
  game: string;
  year: number;
  results?: DayResults;
  /** The year's publish times, read from the same answer as `results`. */
  meta?: DayMetas;
  ready: Promise<boolean>;
  stop: () => void;
}

/**
 * The public data in memory, from live listeners on the database (firebase-admin): every
 * game's time, place and results from yesterday / the 1st of this month on, its first and last
 * result date (two one-child queries), the khaiwals, `mian`, `adinfo`, the corrections, the days
 * without a draw and the live read model (`live`, shared/domain/liveNode.ts: what the pages
 * listen to, kept here to be inlined with them and repaired by liveRepair.ts), each under its
 * cache key. `snapshot` is null until each part has answered once; after that it is replaced
 * (never mutated) on every change, and keeps the last data while the database is away.
 *
 * A chart's year is loaded when its page is first asked for (loadYear) and then kept live like
 * the rest, up to `yearLimit` game-years (about 10 KB each); the least recently asked for is
 * dropped, its listener closed.
 */
export class LiveData {
  snapshot: Snapshot | null = null;
  connected = false;
  private readonly now: () => Date;
  /** The reads followed whole (wholeReads, the live node, the corrections), by cache key. */
  private readonly whole = new Map<string, unknown>();
  /** The home window's games and their spans, one query each per game; set once each game has answered. */
  private readonly perGame: { games?: Map<string, GameData>; spans?: Map<string, GameSpan> } = {};
  /** Loaded game-years by cache key, least recently asked for first. */
  private readonly years = new Map<string, YearEntry>();
  private names: string[] = [];
  private day = '';
  private readonly stops: (() => void)[] = [];
  private gameStops: (() => void)[] = [];
  private dayTimer: NodeJS.Timeout | undefined;
  private readonly watchers = new Set<() => void>();

  constructor(private readonly options: LiveDataOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async start(): Promise<void> {
    const { db } = this.options;
    this.listen(db.ref('.info/connected'), (s) => (this.connected = s.val() === true), false);
    // The public reads of the browser's table (shared/data/publicReads.ts), followed with firebase-admin.
    this.stops.push(
      ...wholeReads().map((read) => this.followWhole(read)),
      this.follow(publicReads.live(), (live) => {
        // A change of the games (a game added by the dashboard stamps it) lists them again now,
        // not at the next relist: a page rendered meanwhile would lack the new game's time.
        const known = this.whole.get(cacheKeys.live) as LiveNode | undefined;
        this.whole.set(cacheKeys.live, live);
        if (known !== undefined && live.v.games !== known.v.games) void this.followDay();
      }),
    );
    await this.followDay();
    // The home window moves at midnight in the site timezone, and the admin may add a game.
    this.dayTimer = setInterval(() => void this.followDay(), this.options.relistMs ?? 30_000);
    this.dayTimer.unref();
  }

  stop(): void {
    clearInterval(this.dayTimer);
    for (const stop of [...this.stops, ...this.gameStops]) stop();
    for (const entry of this.years.values()) entry.stop();
    this.years.clear();
  }

  /**
   * Calls `watcher` after every new snapshot (synchronously, from the listener that made it: one
   * write may make several in a row); returns the function that stops the calls.
   */
  onSnapshot(watcher: () => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** How many game-years are in memory. */
  get loadedYears(): number {
    return this.years.size;
  }

  /**
   * Brings `game`'s `year` into the snapshot and keeps it live; resolves true once it is there,
   * false if the database has not answered within yearWaitMs (the listener stays, for later).
   */
  loadYear(game: string, year: number): Promise<boolean> {
    const key = cacheKeys.gameYear(game, year);
    const known = this.years.get(key);
    if (known) {
      this.years.delete(key);
      this.years.set(key, known);
      return known.results ? Promise.resolve(true) : known.ready;
    }
    let answered: (ok: boolean) => void = () => undefined;
    const entry: YearEntry = {
      game,
      year,
      ready: new Promise<boolean>((ok) => (answered = ok)),
      stop: () => undefined,
    };
    entry.stop = this.follow(publicReads.gameYear(game, year, siteNow(this.now(), this.options.timezone).year), (read) => {
      entry.results = read.results;
      entry.meta = read.meta ?? {};
      answered(true);
    });
    const timer = setTimeout(() => answered(false), this.options.yearWaitMs ?? 5_000);
    timer.unref();
    void entry.ready.then(() => clearTimeout(timer));
    this.years.set(key, entry);
    const limit = this.options.yearLimit ?? 100;
    for (const [oldKey, old] of this.years) {
      if (this.years.size <= limit) break;
      old.stop();
      this.years.delete(oldKey);
    }
    this.publish();
    return entry.ready;
  }

  private async followDay(): Promise<void> {
    const today = siteNow(this.now(), this.options.timezone).dateKey;
    let names: string[];
    try {
      names = await this.options.listGames();
    } catch (error) {
      // The database is away: keep the last data; the next check tries again.
      console.warn(`render: could not list the games: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (today === this.day && JSON.stringify(names) === JSON.stringify(this.names)) return;
    this.names = names;
    this.day = today;
    for (const stop of this.gameStops) stop();
    this.gameStops = [];
    // The corrections page's 90 days move with the day as well.
    const since = this.now().getTime() - CORRECTIONS_WINDOW_MS;
    this.gameStops.push(this.followWhole(publicReads.corrections(since)));
    const games = new Map<string, GameData>();
    const spans = new Map<string, Partial<GameSpan>>();
    this.perGame.games = undefined;
    this.perGame.spans = undefined;
    const from = homeWindowStart(today);
    const complete = () => {
      if (games.size === this.names.length) this.perGame.games = games;
      if ([...spans.values()].filter((s) => s.first !== undefined && s.last !== undefined).length === this.names.length) {
        this.perGame.spans = spans as Map<string, GameSpan>;
      }
    };
    for (const name of this.names) {
      const span: Partial<GameSpan> = {};
      spans.set(name, span);
      // One game's share of the home window's read, so that a change of one game reads only it.
      this.gameStops.push(
        this.follow(publicReads.gamesSince(from, [name]), ([game]) => {
          if (game) games.set(name, game);
          complete();
        }),
        this.subscribe(adminQuery(this.options.db, firstDateRead(name)), (s) => {
          span.first = firstDateKey(s.val());
          complete();
        }),
        this.subscribe(adminQuery(this.options.db, lastDateRead(name)), (s) => {
          span.last = firstDateKey(s.val());
          complete();
        }),
      );
    }
    // A game that is gone takes its years along.
    for (const [key, entry] of this.years) {
      if (this.names.includes(entry.game)) continue;
      entry.stop();
      this.years.delete(key);
    }
    complete();
    this.publish();
  }

  /** Follows one read of the table whole, kept under its cache key. */
  private followWhole<T>(read: PublicRead<T>): () => void {
    return this.follow(read, (value) => this.whole.set(read.key, value));
  }

  /** Follows one read of the table; every value is applied and published. */
  private follow<T>(entry: PublicRead<T>, apply: (value: T) => void): () => void {
    return followRead(this.options.db, entry, (value) => {
      apply(value);
      this.publish();
    });
  }

  private listen(query: Query, apply: (s: DataSnapshot) => void, publishes = true): void {
    this.stops.push(this.subscribe(query, apply, publishes));
  }

  private subscribe(query: Query, apply: (s: DataSnapshot) => void, publishes = true): () => void {
    const callback = (s: DataSnapshot) => {
      apply(s);
      if (publishes) this.publish();
    };
    query.on('value', callback, (error: Error) => console.error(`render: listener ${query.toString()} failed`, error));
    return () => query.off('value', callback);
  }

  private publish(): void {
    const { games, spans } = this.perGame;
    if (!games || !spans || FIRST_KEYS.some((key) => !this.whole.has(key))) return;
    const entries: Record<string, unknown> = {
      ...Object.fromEntries(this.whole),
      [cacheKeys.gameNames]: this.names,
      [cacheKeys.gamesSince(homeWindowStart(this.day))]: this.names.map((name) => games.get(name)).filter((g) => g !== undefined),
      [SPANS_KEY]: Object.fromEntries(spans),
    };
    for (const [key, entry] of this.years) {
      if (entry.results) entries[key] = entry.results;
      if (entry.meta) entries[cacheKeys.gameYearMeta(entry.game, entry.year)] = entry.meta;
    }
    this.snapshot = { at: this.now().getTime(), todayKey: this.day, entries };
    for (const watcher of this.watchers) watcher();
  }
}

/** The date key of a one-child query's answer (null when the game has no result at all). */
function firstDateKey(value: unknown): string | null {
  const key = Object.keys((value as Record<string, unknown> | null) ?? {})[0];
  return key !== undefined && isDateKey(key) ? key : null;
}
