import type { RestRead } from './rest.ts';
import { AD_INFO, CORRECTIONS, GAME_NOTICES, HOLIDAYS, KHAIWALS, MAIN_INFO, RESULTS_ROOT, paths } from './paths.ts';
import { GAME_LIST_READ } from './gameList.ts';
import type { AdInfo, MainInfo } from './types.ts';
import { readGameNode, type GameData } from '../domain/results.ts';
import { CORRECTIONS_WINDOW_MS, readCorrections, type Correction } from '../domain/corrections.ts';
import { readKhaiwals, type Khaiwal } from '../domain/agents.ts';
import { readHolidays, type Holidays } from '../domain/holidays.ts';
import { readGameNotices, type GameNotices } from '../domain/gameNotice.ts';
import { addDays, isDateKey } from '../domain/siteTime.ts';
import { SPANS_KEY, type GameSpan } from '../domain/yearlyChart.ts';
import {
  LIVE_PARTS,
  LIVE_ROOT,
  liveWindowStart,
  mergeLiveDays,
  readLiveNode,
  type LiveDays,
  type LiveNode,
  type LivePart,
} from '../domain/liveNode.ts';

/*
 * The public pages' reads, written once (like resultPatch.ts for the writes): for each read its
 * cache key (the key a server-rendered page inlines it under), what it reads (paths and key
 * ranges), a pure reader of the stored nodes, the part of the live node whose version makes a
 * page read it again, and how today's numbers of the live node are laid over it. No SDK here:
 * the browser reads through the REST API (service.ts) and the render service through
 * firebase-admin.
 */

/** The live node's days as a page follows them, with the entries removed since the page began. */
export interface LiveView {
  days: LiveDays;
  removed: ReadonlySet<string>;
}

export interface PublicRead<T> {
  key: string;
  /** The version (live/v) whose change makes a page read this again; null: never (a finished year). */
  part: LivePart | null;
  reads: readonly RestRead[];
  /** The stored nodes of `reads`, in order, as the page's data. */
  read(nodes: readonly unknown[]): T;
  /** Today's (and yesterday's) numbers of the live node laid over the data. */
  merge?(value: T, live: LiveView): T;
  /** The value from a page's inline entries (by cache key); by default the entry under `key`. */
  fromPage?(entry: (key: string) => unknown): T | undefined;
  /** The value as a page's inline entries (fromPage's inverse); by default `{ [key]: value }`. */
  toPage?(value: T): Record<string, unknown>;
  /** What the render service could not do when the read fails, in its log line (docs/operations.md). */
  failure?: string;
}

/** A read's value as the entries (by cache key) a page inlines and the render service holds. */
export function pageEntries<T>(entry: PublicRead<T>, value: T): Record<string, unknown> {
  return entry.toPage ? entry.toPage(value) : { [entry.key]: value };
}

/**
 * A read's value among a page's entries (by cache key): what a browser's page starts from, and
 * what the render service holds in memory; undefined when they lack it.
 */
export function pageValue<T>(entry: PublicRead<T>, lookup: (key: string) => unknown): T | undefined {
  return entry.fromPage ? entry.fromPage(lookup) : (lookup(entry.key) as T | undefined);
}

/** The cache key of each public read; the render service seeds a page's cache under them. */
export const cacheKeys = {
  gameNames: 'gameNames',
  gamesSince: (fromKey: string) => `games:${fromKey}`,
  /** One game's year, its results and their publish times together (one key, one read). */
  gameYear: (name: string, year: number) => `year:${name}:${year}`,
  corrections: 'corrections',
  khaiwals: 'khaiwals',
  mainInfo: 'mian',
  adInfo: 'adinfo',
  holidays: 'holidays',
  gameNotices: (dateKey: string) => `notices:${dateKey}`,
  /** The live node as the render read it: its versions tell the page what is current. */
  live: 'live',
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One game's results with the live days over them. */
function liveGame(game: GameData, live: LiveView, range: { from: string; to: string }): GameData {
  const merged = mergeLiveDays(game, live, range);
  if (merged.results === game.results && merged.meta === game.meta) return game;
  const next: GameData = { ...game, results: merged.results };
  if (merged.meta) next.meta = merged.meta;
  else delete next.meta;
  return next;
}

export const publicReads = {
  /**
   * The names of the games, sorted (two reads of the same games compare equal): a shallow read, so
   * the list never costs the games' history. The render service follows it as every site read;
   * having no listener form, it is read by REST with the service's own account (so locked public
   * rules do not keep the service from becoming ready), again every 30 s and when its part moves.
   */
  gameNames: (): PublicRead<string[]> => ({
    key: cacheKeys.gameNames,
    part: 'games',
    reads: [GAME_LIST_READ],
    read: ([node]) => (isRecord(node) ? Object.keys(node).sort() : []),
    failure: 'list the games',
  }),

  /**
   * Every game of `names` with its time, place and results from `fromKey` on: one key-range read
   * per game, so the cost does not grow with history. A game that appears in the live node only
   * (published for the first time since) joins the list.
   */
  gamesSince: (fromKey: string, names: readonly string[]): PublicRead<GameData[]> => ({
    key: cacheKeys.gamesSince(fromKey),
    part: 'games',
    reads: names.map((name) => ({ path: paths.game(name), orderBy: '$key', startAt: fromKey })),
    read: (nodes) => names.map((name, i) => readGameNode(name, nodes[i])),
    merge: (games, live) => {
      const range = { from: fromKey, to: '9999-12-31' };
      const merged = games.map((game) => liveGame(game, live, range));
      const known = new Set(games.map((game) => game.name));
      for (const [dateKey, day] of Object.entries(live.days)) {
        if (dateKey < fromKey) continue;
        for (const name of Object.keys(day)) {
          if (known.has(name)) continue;
          known.add(name);
          merged.push(liveGame({ name, time: null, place: null, results: {} }, live, range));
        }
      }
      return merged.every((game, i) => game === games[i]) && merged.length === games.length ? games : merged;
    },
  }),

  /**
   * One game's calendar year: its results and their publish times, under one key. Followed live
   * only for the current year: a finished year's numbers arrive with the page, and a correction
   * with the next render.
   */
  gameYear: (name: string, year: number, currentYear: number): PublicRead<GameData> => ({
    key: cacheKeys.gameYear(name, year),
    part: year === currentYear ? 'games' : null,
    reads: [{ path: paths.game(name), orderBy: '$key', startAt: `${year}-01-01`, endAt: `${year}-12-31` }],
    read: ([node]) => {
      const { results, meta } = readGameNode(name, node);
      return { name, time: null, place: null, results, ...(meta ? { meta } : {}) };
    },
    ...(year === currentYear ? { merge: (game, live) => liveGame(game, live, { from: `${year}-01-01`, to: `${year}-12-31` }) } : {}),
    // A value of another shape (a browser cache from before the year was one key: its results
    // alone) is none: the page reads the year again.
    fromPage: (entry) => {
      const value = entry(cacheKeys.gameYear(name, year));
      return isRecord(value) && isRecord(value['results']) ? (value as unknown as GameData) : undefined;
    },
  }),

  /** The public log of changed published numbers since `since` (ms), newest first. */
  corrections: (since: number): PublicRead<Correction[]> => ({
    key: cacheKeys.corrections,
    part: 'corrections',
    reads: [{ path: CORRECTIONS, orderBy: 'correctedAt', startAt: since }],
    read: ([node]) => readCorrections(node, since),
  }),

  khaiwals: (): PublicRead<Khaiwal[]> => ({
    key: cacheKeys.khaiwals,
    part: 'khaiwals',
    reads: [{ path: KHAIWALS }],
    read: ([node]) => readKhaiwals(node),
  }),

  mainInfo: (): PublicRead<MainInfo> => ({
    key: cacheKeys.mainInfo,
    part: 'mian',
    reads: [{ path: MAIN_INFO }],
    read: ([node]) => (isRecord(node) ? (node as MainInfo) : {}),
  }),

  /** The live read model as stored (what a page follows; the render service inlines it). */
  live: (): PublicRead<LiveNode> => ({
    key: cacheKeys.live,
    part: null,
    reads: [{ path: LIVE_ROOT }],
    read: ([node]) => readLiveNode(node),
  }),

  /** Days without a draw of every game (a small node: a few dates a year and the weekly marks). */
  holidays: (): PublicRead<Holidays> => ({
    key: cacheKeys.holidays,
    part: 'holidays',
    reads: [{ path: HOLIDAYS }],
    read: ([node]) => readHolidays(node),
  }),

  adInfo: (): PublicRead<AdInfo> => ({
    key: cacheKeys.adInfo,
    part: 'adinfo',
    reads: [{ path: AD_INFO }],
    read: ([node]) => (isRecord(node) ? (node as AdInfo) : {}),
  }),

  /**
   * Each game's notice of `dateKey` (shared/domain/gameNotice.ts): the day's key only, so a
   * notice ends with its day without anyone removing it.
   */
  gameNotices: (dateKey: string): PublicRead<GameNotices> => ({
    key: cacheKeys.gameNotices(dateKey),
    part: 'notices',
    reads: [{ path: paths.gameNotices(dateKey) }],
    read: ([node]) => readGameNotices(node),
  }),

  /** A game's first and last date with a result: one key each of its history (its chart years, the sitemap). */
  gameSpan: (name: string): PublicRead<GameSpan> => ({
    key: `span:${name}`,
    part: null,
    reads: [firstDateRead(name), lastDateRead(name)],
    read: ([first, last]) => ({ first: onlyDateKey(first), last: onlyDateKey(last) }),
  }),
} as const;

/** The date key of a one-child query's answer (null when the game has no result at all). */
function onlyDateKey(value: unknown): string | null {
  const key = Object.keys(isRecord(value) ? value : {})[0];
  return key !== undefined && isDateKey(key) ? key : null;
}

// ---------- what the render service follows, by scope ----------

/** The day a snapshot is read on: the site's date key and the time (ms). */
export interface ReadDay {
  todayKey: string;
  now: number;
}

/** First day the home page shows: yesterday on the 1st, otherwise the 1st of this month. */
export function homeWindowStart(todayKey: string): string {
  return todayKey.endsWith('-01') ? addDays(todayKey, -1) : `${todayKey.slice(0, 8)}01`;
}

/**
 * The first day a followed read of the games (part 'games') holds on `todayKey`: this year's
 * chart and the home window, so the 1st of January, or yesterday on the 1st of January.
 */
export function followedFrom(todayKey: string): string {
  const home = homeWindowStart(todayKey);
  const year = `${todayKey.slice(0, 4)}-01-01`;
  return home < year ? home : year;
}

/**
 * A read made of one read per game (scope: per game), combined under one key: the render service
 * follows each game apart (a change of one game reads only it) and keeps the combination.
 */
export interface PerGameRead<T, C> {
  key: string;
  one(name: string): PublicRead<T>;
  combine(names: readonly string[], values: ReadonlyMap<string, T>): C;
}

const perGame = <T, C>(entry: PerGameRead<T, C>): PerGameRead<unknown, unknown> => entry as PerGameRead<unknown, unknown>;

/**
 * Every public read the render service keeps in memory, by scope; it follows this table and
 * nothing else (server/render/src/liveData.ts), each value under its key:
 * - site: one read each, read again when its key moves (a new day); the game list is one of them;
 * - perGame: one read per game of the list (the site read under cacheKeys.gameNames), combined
 *   under one key, followed anew when the list changes;
 * - gameYear: one game's year, loaded when its chart is asked for and kept live among the most
 *   recently asked for ones (the least recently asked for is evicted, its listener closed).
 * A new public datum is one entry here (and of publicReads above) and its rule.
 */
export const followedReads = {
  site: (day: ReadDay): PublicRead<unknown>[] => [
    publicReads.gameNames(),
    publicReads.khaiwals(),
    publicReads.mainInfo(),
    publicReads.adInfo(),
    publicReads.holidays(),
    publicReads.live(),
    publicReads.corrections(day.now - CORRECTIONS_WINDOW_MS),
    publicReads.gameNotices(day.todayKey),
  ],
  perGame: (day: ReadDay): PerGameRead<unknown, unknown>[] => [
    perGame<GameData[], GameData[]>({
      key: cacheKeys.gamesSince(homeWindowStart(day.todayKey)),
      one: (name) => publicReads.gamesSince(homeWindowStart(day.todayKey), [name]),
      combine: (names, games) => names.flatMap((name) => games.get(name) ?? []),
    }),
    perGame<GameSpan, Record<string, GameSpan>>({
      key: SPANS_KEY,
      one: publicReads.gameSpan,
      combine: (names, spans) => {
        const combined: Record<string, GameSpan> = {};
        for (const name of names) {
          const span = spans.get(name);
          if (span) combined[name] = span;
        }
        return combined;
      },
    }),
  ],
  gameYear: (name: string, year: number, day: ReadDay): PublicRead<GameData> =>
    publicReads.gameYear(name, year, Number(day.todayKey.slice(0, 4))),
} as const;

// ---------- the version parts ----------

/** What the render service holds, by key, on a day: what a part's data is read from. */
export interface HeldData {
  entry(key: string): unknown;
  day: ReadDay;
}

export interface PartSource {
  /** The stored root whose writes stamp the part (livePatch.ts); a root belongs to one part. */
  root: string;
  /** What a page holds of the part moves with the day (the home window, the 90 days of corrections). */
  byDay: boolean;
  /**
   * What the pages hold of the part (the repair's digest: a change without a stamp is stamped).
   * By default the value of the site reads that carry the part (one: its value).
   */
  held?(data: HeldData): unknown;
}

/**
 * The parts of the live node's versions (live/v/{part}), each once: its stored root and what
 * the pages hold of it. The mapped type makes it complete: a part of LIVE_PARTS without an entry
 * here does not compile, and livePatch.ts and the render's repair (liveRepair.ts) have no list of
 * their own.
 */
export const LIVE_PART_SOURCES: { readonly [P in LivePart]: PartSource } = {
  mian: { root: MAIN_INFO, byDay: false },
  adinfo: { root: AD_INFO, byDay: false },
  khaiwals: { root: KHAIWALS, byDay: false },
  corrections: { root: CORRECTIONS, byDay: true },
  holidays: { root: HOLIDAYS, byDay: false },
  notices: { root: GAME_NOTICES, byDay: true },
  /**
   * Each game's name, time and place and its results outside the live node's two days (those are
   * the node's own, repaired entry by entry): what a games stamp makes a page read again.
   */
  games: {
    root: RESULTS_ROOT,
    byDay: true,
    held: ({ entry, day }) => {
      const from = liveWindowStart(day.todayKey);
      const outside = (dateKey: string) => dateKey < from || dateKey > day.todayKey;
      // None is none, whether the game has no times at all or only today's: a result of today
      // (the live node's own) must not change the digest of the games.
      const pick = <T>(map: Record<string, T> | undefined) => {
        const kept = Object.entries(map ?? {}).filter(([dateKey]) => outside(dateKey));
        return kept.length > 0 ? Object.fromEntries(kept) : undefined;
      };
      const games = (entry(cacheKeys.gamesSince(homeWindowStart(day.todayKey))) as GameData[] | undefined) ?? [];
      return Object.fromEntries(
        games.map((game) => [game.name, { time: game.time, place: game.place, results: pick(game.results), meta: pick(game.meta) }]),
      );
    },
  },
};

/** The part whose stamp a write under `root` (a path's first segment) moves; undefined: none. */
export const partOfRoot: (root: string) => LivePart | undefined = (() => {
  const byRoot = new Map<string, LivePart>(LIVE_PARTS.map((part) => [LIVE_PART_SOURCES[part].root, part]));
  return (root) => byRoot.get(root);
})();

/** What the pages hold of `part` in the render service's data (see PartSource.held). */
export function heldData(part: LivePart, data: HeldData): unknown {
  const source = LIVE_PART_SOURCES[part];
  if (source.held) return source.held(data);
  const carriers = followedReads.site(data.day).filter((read) => read.part === part);
  if (carriers.length === 1) return data.entry(carriers[0]!.key);
  return Object.fromEntries(carriers.map((read) => [read.key, data.entry(read.key)]));
}

/**
 * A game's first date key: one key of its history (which years have a chart). The range holds
 * every date key and nothing else ('place', 'time' sort after it, an integer key before).
 */
export const firstDateRead = (name: string): RestRead => ({
  path: paths.game(name),
  orderBy: '$key',
  startAt: '0000-01-01',
  endAt: '9999-12-31',
  limitToFirst: 1,
});

/** A game's last date key (the sitemap's date of its charts). */
export const lastDateRead = (name: string): RestRead => ({
  path: paths.game(name),
  orderBy: '$key',
  startAt: '0000-01-01',
  endAt: '9999-12-31',
  limitToLast: 1,
});
