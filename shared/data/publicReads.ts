import type { RestRead } from './rest.ts';
import { AD_INFO, CORRECTIONS, HOLIDAYS, KHAIWALS, MAIN_INFO, RESULTS_ROOT, paths } from './paths.ts';
import type { AdInfo, MainInfo } from './types.ts';
import { readGameNode, type DayMetas, type DayResults, type GameData } from '../domain/results.ts';
import { readCorrections, type Correction } from '../domain/corrections.ts';
import { readKhaiwals, type Khaiwal } from '../domain/agents.ts';
import { readHolidays, type Holidays } from '../domain/holidays.ts';
import { LIVE_ROOT, mergeLiveDays, readLiveNode, type LiveDays, type LiveNode, type LivePart } from '../domain/liveNode.ts';

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
  gameYear: (name: string, year: number) => `year:${name}:${year}`,
  gameYearMeta: (name: string, year: number) => `yearMeta:${name}:${year}`,
  corrections: 'corrections',
  khaiwals: 'khaiwals',
  mainInfo: 'mian',
  adInfo: 'adinfo',
  holidays: 'holidays',
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
  /** The names of the games: a shallow read, so the list never costs the games' history. */
  gameNames: (): PublicRead<string[]> => ({
    key: cacheKeys.gameNames,
    part: 'games',
    reads: [{ path: RESULTS_ROOT, shallow: true }],
    read: ([node]) => (isRecord(node) ? Object.keys(node) : []),
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
   * One game's calendar year: its results and their publish times (a page inlines them under
   * gameYear and gameYearMeta). Followed live only for the current year: a finished year's
   * numbers arrive with the page, and a correction with the next render.
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
    fromPage: (entry) => {
      const results = entry(cacheKeys.gameYear(name, year));
      const meta = entry(cacheKeys.gameYearMeta(name, year));
      if (!isRecord(results)) return undefined;
      return { name, time: null, place: null, results: results as DayResults, ...(isRecord(meta) ? { meta: meta as DayMetas } : {}) };
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
} as const;

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
