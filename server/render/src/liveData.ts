import type { Database, DataSnapshot, Query } from 'firebase-admin/database';
import { cacheKeys } from '@satta/shared/data';
import { followedReads, pageEntries, type PerGameRead, type PublicRead, type ReadDay } from '@satta/shared/data/publicReads';
import type { RestRead } from '@satta/shared/data/rest';
import type { GameData } from '@satta/shared/domain/results';
import { siteNow } from '@satta/shared/domain/siteTime';
import type { LiveNode } from '@satta/shared/domain/liveNode';
import type { Snapshot } from './snapshot.ts';
import { adminQuery, followRead } from './adminReads.ts';

export interface LiveDataOptions {
  db: Database;
  timezone: string;
  /**
   * A read of the table that has no listener form (a shallow read: the game list), once, by REST
   * with the service's own credentials (listGames.ts), so locked public rules do not keep the
   * service from becoming ready. By default firebase-admin's one-off read of the query, which for
   * a shallow read is the whole node: for tests only.
   */
  restRead?: (read: RestRead) => Promise<unknown>;
  /** How often a read without a listener is read again (a new game appears on the pages within this), and the day checked. */
  relistMs?: number;
  /** How many game-years (charts) are kept in memory and live; the least recently asked for go first. */
  yearLimit?: number;
  /** How long a chart's request waits for its year's first answer. */
  yearWaitMs?: number;
  /**
   * How long a finished year read by REST is used as read before a request for it reads it again
   * (a change that left no correction behind); a new correction makes every one stale at once.
   */
  yearRereadMs?: number;
  /** Whether a finished year is read once by REST (the default) rather than followed with a listener. */
  finishedYearsByRest?: boolean;
  now?: () => Date;
}

/** One read followed: its listeners, and its value once it has answered. */
interface Followed {
  read: PublicRead<unknown>;
  /** What it reads (its key and queries): a read whose queries move (a new day) is followed again. */
  what: string;
  value?: { of: unknown };
  stop: () => void;
}

/** A read without a listener form, read again every relistMs and when its part's stamp moves. */
interface Poll {
  part: PublicRead<unknown>['part'];
  /** Reads it again (after any read under way; one waiting at most); resolves once read, or failed and logged. */
  again(): Promise<void>;
  /** The read under way (the first one, at first). */
  pending: Promise<void>;
}

/** One read of the per-game scope: one read per game of the list, combined under the entry's key. */
interface PerGame {
  entry: PerGameRead<unknown, unknown>;
  values: Map<string, unknown>;
}

/** One game's year, loaded for its chart page and kept while it is among the recent ones. */
interface YearEntry {
  game: string;
  read: PublicRead<GameData>;
  /** What it reads (whatOf): a year that has become the current one (a new year) is loaded anew. */
  what: string;
  value?: GameData;
  ready: Promise<boolean>;
  stop: () => void;
  /** A finished year, read once by REST (no listener): when, whether a correction has come since, the read under way. */
  rest?: { readAt: number; stale: boolean; json?: string; reading?: Promise<boolean> };
}

/** How long a finished year read by REST is used before it is read again when asked for (ms). */
export const YEAR_REREAD_MS = 60 * 60 * 1000;

const whatOf = (read: PublicRead<unknown>) => JSON.stringify([read.key, read.reads]);
const said = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The public data in memory, by the table of the public reads (shared/data/publicReads.ts
 * followedReads) and nothing else: each read of the site scope (the game list among them;
 * followed again when its queries move with the day), each read of the per-game scope once per
 * game of the list (combined under its key, followed anew when the list changes), and the
 * game-years asked for by their charts (loadYear), each under its cache key. A read is followed
 * with firebase-admin listeners, or, when it has no listener form (a shallow read), read by REST
 * (`restRead`) every relistMs and as soon as its part's stamp in the live node moves.
 * `snapshot` is null until each read has answered once (the service is ready when the game list
 * and every read are known); after that it is replaced (never mutated) on every change, and
 * keeps the last data while the database is away.
 *
 * A game-year is kept among the `yearLimit` most recently asked for (about 10 KB each); the
 * least recently asked for is dropped, its listener closed. This year's charts are followed with
 * a listener; a finished year (one whose read no part of the live node moves) is read once by
 * REST, a single JSON.parse without firebase-admin's listener and cache (about 15 ms of the
 * event loop for a year), and read again when asked for after a new correction (the corrections
 * read moved) or after `yearRereadMs`.
 */
export class LiveData {
  snapshot: Snapshot | null = null;
  connected = false;
  private readonly now: () => Date;
  /** The site scope's reads, by cache key. */
  private readonly site = new Map<string, Followed>();
  /** The per-game scope's reads, by cache key; their listeners are `gameStops`. */
  private perGame: PerGame[] = [];
  /** Loaded game-years by cache key, least recently asked for first. */
  private readonly years = new Map<string, YearEntry>();
  /** The reads without a listener, read again by the timer. */
  private readonly polls = new Set<Poll>();
  /** The game list (the site read under cacheKeys.gameNames) the per-game scope follows. */
  private names: string[] | null = null;
  private day: ReadDay | null = null;
  private readonly stops: (() => void)[] = [];
  private gameStops: (() => void)[] = [];
  private dayTimer: NodeJS.Timeout | undefined;
  private readonly watchers = new Set<() => void>();

  constructor(private readonly options: LiveDataOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async start(): Promise<void> {
    const query = this.options.db.ref('.info/connected');
    const onConnected = (s: DataSnapshot) => (this.connected = s.val() === true);
    this.subscribe(query, onConnected);
    this.stops.push(() => query.off('value', onConnected));
    this.followDay();
    // The first answer (or logged failure) of each read without a listener: the game list.
    await Promise.all([...this.polls].map((poll) => poll.pending));
    // The day moves at midnight in the site timezone, and the admin may add a game.
    this.dayTimer = setInterval(() => {
      this.followDay();
      for (const poll of this.polls) void poll.again();
    }, this.options.relistMs ?? 30_000);
    this.dayTimer.unref();
  }

  stop(): void {
    clearInterval(this.dayTimer);
    for (const stop of [...this.stops, ...this.gameStops]) stop();
    for (const read of this.site.values()) read.stop();
    this.site.clear();
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
    const read = followedReads.gameYear(game, year, this.readDay());
    const what = whatOf(read);
    const known = this.years.get(key);
    if (known && known.what === what) {
      this.years.delete(key);
      this.years.set(key, known);
      const rest = known.rest;
      if (rest && known.value && (rest.stale || this.now().getTime() - rest.readAt >= (this.options.yearRereadMs ?? YEAR_REREAD_MS))) {
        return this.readYear(known);
      }
      return known.value ? Promise.resolve(true) : known.ready;
    }
    if (known) {
      known.stop();
      this.years.delete(key);
    }
    let answered: (ok: boolean) => void = () => undefined;
    const entry: YearEntry = { game, read, what, ready: new Promise<boolean>((ok) => (answered = ok)), stop: () => undefined };
    if (read.part === null && !read.merge && this.options.finishedYearsByRest !== false) {
      entry.rest = { readAt: 0, stale: false };
      void this.readYear(entry).then((ok) => ok && answered(true));
    } else {
      entry.stop = this.follow(read, (value) => {
        entry.value = value;
        answered(true);
      });
    }
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

  /**
   * Reads a finished year by REST (one read under way at a time) and publishes it if it changed;
   * resolves true once it is in the snapshot (a failed read again keeps the last value: true if
   * there is one).
   */
  private readYear(entry: YearEntry): Promise<boolean> {
    const rest = entry.rest;
    if (!rest) return Promise.resolve(entry.value !== undefined);
    if (rest.reading) return rest.reading;
    rest.stale = false;
    rest.readAt = this.now().getTime();
    let stopped = false;
    entry.stop = () => (stopped = true);
    const reading = Promise.all(entry.read.reads.map((read) => this.restRead(read))).then(
      (nodes) => {
        if (stopped) return false;
        const value = entry.read.read(nodes);
        const json = JSON.stringify(value);
        if (json !== rest.json) {
          rest.json = json;
          entry.value = value;
          this.publish();
        }
        return true;
      },
      (error: unknown) => {
        if (!stopped) console.warn(`render: could not read ${entry.read.key}: ${said(error)}`);
        return entry.value !== undefined;
      },
    );
    rest.reading = reading;
    void reading.finally(() => {
      if (rest.reading === reading) delete rest.reading;
    });
    return reading;
  }

  /** A read of the table by REST (by default firebase-admin's one-off read of the query: for tests). */
  private restRead(read: RestRead): Promise<unknown> {
    if (this.options.restRead) return this.options.restRead(read);
    return adminQuery(this.options.db, read)
      .once('value')
      .then((s) => s.val() as unknown);
  }

  /** A correction may be of any past day: every finished year read by REST is read again when next asked for. */
  private correctionsMoved(): void {
    for (const entry of this.years.values()) if (entry.rest) entry.rest.stale = true;
  }

  private readDay(): ReadDay {
    const now = this.now();
    return { todayKey: siteNow(now, this.options.timezone).dateKey, now: now.getTime() };
  }

  /** On a new day (and at the start), the site and per-game scopes of that day. */
  private followDay(): void {
    const day = this.readDay();
    if (day.todayKey === this.day?.todayKey) return;
    this.day = day;
    this.followSite(day);
    this.followPerGame(day);
    this.publish();
  }

  /**
   * The site scope on `day`: a read whose queries are new is followed (one that moved keeps its
   * last value until the new one answers), one no longer in the table is stopped.
   */
  private followSite(day: ReadDay): void {
    const reads = followedReads.site(day);
    const keys = new Set(reads.map((read) => read.key));
    for (const [key, followed] of this.site) {
      if (keys.has(key)) continue;
      followed.stop();
      this.site.delete(key);
    }
    for (const read of reads) {
      const what = whatOf(read);
      const known = this.site.get(read.key);
      if (known?.what === what) continue;
      const followed: Followed = { read, what, ...(known?.value ? { value: known.value } : {}), stop: () => undefined };
      this.site.set(read.key, followed);
      known?.stop();
      followed.stop = this.follow(read, (value) => {
        const before = followed.value?.of;
        followed.value = { of: value };
        if (read.key === cacheKeys.gameNames) this.followList(value as string[]);
        if (read.key === cacheKeys.live && before !== undefined) this.stampsMoved(before as LiveNode, value as LiveNode);
        if (read.key === cacheKeys.corrections && before !== undefined && JSON.stringify(before) !== JSON.stringify(value)) {
          this.correctionsMoved();
        }
      });
    }
  }

  /**
   * A read without a listener whose part's stamp moved is read now, not at the next relist: a game
   * added by the dashboard stamps the games, and a page rendered meanwhile would lack its time.
   */
  private stampsMoved(before: LiveNode, after: LiveNode): void {
    for (const poll of this.polls) {
      if (poll.part !== null && after.v[poll.part] !== before.v[poll.part]) void poll.again();
    }
  }

  /** A new game list: the per-game scope follows it, and a game that is gone takes its years along. */
  private followList(names: string[]): void {
    if (this.names !== null && JSON.stringify(names) === JSON.stringify(this.names)) return;
    this.names = names;
    if (this.day) this.followPerGame(this.day);
    for (const [key, entry] of this.years) {
      if (names.includes(entry.game)) continue;
      entry.stop();
      this.years.delete(key);
    }
  }

  /** The per-game scope on `day`, for every game of the list: followed anew. */
  private followPerGame(day: ReadDay): void {
    for (const stop of this.gameStops) stop();
    this.gameStops = [];
    this.perGame = followedReads.perGame(day).map((entry) => ({ entry, values: new Map() }));
    for (const { entry, values } of this.perGame) {
      for (const name of this.names ?? []) {
        // One game's share of the read, so that a change of one game reads only it.
        this.gameStops.push(this.follow(entry.one(name), (value) => values.set(name, value)));
      }
    }
  }

  /** Follows one read of the table; every new value is applied and published. */
  private follow<T>(entry: PublicRead<T>, apply: (value: T) => void): () => void {
    const applied = (value: T) => {
      apply(value);
      this.publish();
    };
    return entry.reads.some((read) => read.shallow) ? this.poll(entry, applied) : followRead(this.options.db, entry, applied);
  }

  /**
   * Reads an entry without a listener form (every read of it, by REST), now and whenever the
   * poll is asked to; a value equal to the last one is not applied. A failure is logged and the
   * last value kept (the database is away; the next poll tries again).
   */
  private poll<T>(entry: PublicRead<T>, apply: (value: T) => void): () => void {
    const restRead = (read: RestRead) => this.restRead(read);
    let stopped = false;
    let last: string | undefined;
    const once = async () => {
      try {
        const nodes = await Promise.all(entry.reads.map((read) => restRead(read)));
        if (stopped) return;
        const value = entry.read(nodes);
        const text = JSON.stringify(value);
        if (text === last) return;
        last = text;
        apply(value);
      } catch (error) {
        if (!stopped) console.warn(`render: could not ${entry.failure ?? `read ${entry.key}`}: ${said(error)}`);
      }
    };
    // One read at a time, and at most one more waiting: a database that is slow to answer does not
    // pile up a read per relist.
    let queued = false;
    const poll: Poll = {
      part: entry.part,
      again: () => {
        if (queued) return poll.pending;
        queued = true;
        return (poll.pending = poll.pending.then(() => {
          queued = false;
          return once();
        }));
      },
      pending: once(),
    };
    this.polls.add(poll);
    return () => {
      stopped = true;
      this.polls.delete(poll);
    };
  }

  private subscribe(query: Query, apply: (s: DataSnapshot) => void): void {
    query.on('value', apply, (error: Error) => console.error(`render: listener ${query.toString()} failed`, error));
  }

  private publish(): void {
    if (this.day === null || this.names === null) return;
    const entries: Record<string, unknown> = {};
    for (const followed of this.site.values()) {
      if (!followed.value) return;
      Object.assign(entries, pageEntries(followed.read, followed.value.of));
    }
    for (const { entry, values } of this.perGame) {
      if (values.size < this.names.length) return;
      entries[entry.key] = entry.combine(this.names, values);
    }
    for (const entry of this.years.values()) {
      if (entry.value) Object.assign(entries, pageEntries(entry.read, entry.value));
    }
    this.snapshot = { at: this.now().getTime(), todayKey: this.day.todayKey, entries };
    for (const watcher of this.watchers) watcher();
  }
}
