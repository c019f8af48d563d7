import { endAt, get, limitToFirst, orderByChild, orderByKey, query, ref, startAt } from 'firebase/database';
import { Observable, combineLatest, defer, of } from 'rxjs';
import { distinctUntilChanged, map, shareReplay, switchMap } from 'rxjs/operators';
import { valueOf } from './firebaseStreams.ts';
import { AD_INFO, CONNECTED, CORRECTIONS, KHAIWALS, MAIN_INFO, RESULTS_ROOT, paths } from './paths.ts';
import type { AdInfo, DataContext, MainInfo } from './types.ts';
import { addDays, siteNow } from '../domain/siteTime.ts';
import { chartYearsFrom } from '../domain/yearlyChart.ts';
import { GAMES } from '../domain/games.ts';
import { readGameNode, type DayMetas, type DayResults, type GameData } from '../domain/results.ts';
import { CORRECTIONS_WINDOW_MS, readCorrections, type Correction } from '../domain/corrections.ts';
import { readKhaiwals, type Khaiwal } from '../domain/agents.ts';

// The public pages' reads, as plain observables of the stored data. The service wraps each in
// its cache (cachedLive) and shares one per key; see DataService.memo.

/** The cache key of each public stream; the render service seeds the page's cache under them. */
export const cacheKeys = {
  gameNames: 'gameNames',
  gamesSince: (fromKey: string) => `games:${fromKey}`,
  gameYear: (name: string, year: number) => `year:${name}:${year}`,
  gameYearMeta: (name: string, year: number) => `yearMeta:${name}:${year}`,
  corrections: 'corrections',
  khaiwals: 'khaiwals',
  mainInfo: 'mian',
  adInfo: 'adinfo',
} as const;

export function connected(ctx: DataContext): Observable<boolean> {
  return defer(() => valueOf(ref(ctx.db, CONNECTED))).pipe(map((v) => v === true));
}

/**
 * Names of the games in the database. Read shallowly over REST so that the list never costs
 * the games' history; falls back to the built-in registry when that read fails.
 */
export async function readGameNames(ctx: DataContext): Promise<string[]> {
  const { databaseURL } = ctx.config.firebase;
  const emulator = ctx.config.emulators?.database;
  const base = new URL(databaseURL);
  const url = emulator ? new URL(`http://${emulator.host}:${emulator.port}/${RESULTS_ROOT}.json`) : new URL(`/${RESULTS_ROOT}.json`, base);
  url.searchParams.set('shallow', 'true');
  const ns = base.searchParams.get('ns') ?? base.hostname.split('.')[0];
  if (emulator && ns) url.searchParams.set('ns', ns);
  try {
    const response = await ctx.fetch(url.toString());
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as Record<string, unknown> | null;
    return Object.keys(body ?? {});
  } catch (error) {
    console.warn('data: could not list games, using the built-in list', error);
    return GAMES.map((g) => g.name);
  }
}

/**
 * Every game of `names$` with its time, place and the results from `fromKey` on (a date key).
 * One listener per game, each a key-range query, so the cost does not grow with history.
 */
export function gamesSince(ctx: DataContext, names$: Observable<string[] | undefined>, fromKey: string): Observable<GameData[]> {
  return names$.pipe(
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    switchMap((names) => {
      if (!names) return new Observable<GameData[]>();
      if (names.length === 0) return of([]);
      return combineLatest(
        names.map((name) =>
          valueOf(query(ref(ctx.db, paths.game(name)), orderByKey(), startAt(fromKey))).pipe(map((node) => readGameNode(name, node))),
        ),
      );
    }),
  );
}

/** The key ranges of a calendar year's months ('2026-02-01' to '2026-02-31': keys compare as text). */
function monthRanges(year: number): [string, string][] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    return [`${month}-01`, `${month}-31`];
  });
}

/** The months of one game as one: their results and their metas side by side. */
function mergeMonths(name: string, months: GameData[]): GameData {
  const year: GameData = { name, time: null, place: null, results: {} };
  const meta: DayMetas = {};
  for (const month of months) {
    Object.assign(year.results, month.results);
    Object.assign(meta, month.meta);
  }
  if (Object.keys(meta).length > 0) year.meta = meta;
  return year;
}

const years = new WeakMap<DataContext, Map<string, Observable<GameData>>>();

/**
 * One game's stored year, read once for both gameYear and gameYearMeta (one set of listeners).
 *
 * One listener per month, not one for the year: the SDK digests each answer in one task, and
 * a year (365 nodes, read into results and metas) held a slow phone's main thread for 100 ms
 * or more in one piece; a month is a twelfth of that. A changed result changes one month's
 * answer only, and only that month is read again.
 */
function yearData(ctx: DataContext, name: string, year: number): Observable<GameData> {
  let byYear = years.get(ctx);
  if (!byYear) years.set(ctx, (byYear = new Map()));
  const key = JSON.stringify([name, year]);
  let year$ = byYear.get(key);
  if (!year$) {
    const game = ref(ctx.db, paths.game(name));
    const months = monthRanges(year).map(([from, to]) =>
      valueOf(query(game, orderByKey(), startAt(from), endAt(to))).pipe(map((node) => readGameNode(name, node))),
    );
    year$ = defer(() => combineLatest(months)).pipe(
      map((data) => mergeMonths(name, data)),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    byYear.set(key, year$);
  }
  return year$;
}

/** One game's results for one calendar year. */
export function gameYear(ctx: DataContext, name: string, year: number): Observable<DayResults> {
  return yearData(ctx, name, year).pipe(map((data) => data.results));
}

/** The publish times and earlier values of one game's year (see DayMeta), beside gameYear. */
export function gameYearMeta(ctx: DataContext, name: string, year: number): Observable<DayMetas> {
  return yearData(ctx, name, year).pipe(map((data) => data.meta ?? {}));
}

/** The public log of changed published numbers of the last 90 days, newest first. */
export function corrections(ctx: DataContext): Observable<Correction[]> {
  return defer(() => {
    const since = ctx.now().getTime() - CORRECTIONS_WINDOW_MS;
    return valueOf(query(ref(ctx.db, CORRECTIONS), orderByChild('correctedAt'), startAt(since))).pipe(
      map((node) => readCorrections(node, since)),
    );
  });
}

/** Years (newest first) for which a game has results, from its earliest date key. */
export async function gameYears(ctx: DataContext, name: string): Promise<number[]> {
  const snapshot = await get(query(ref(ctx.db, paths.game(name)), orderByKey(), limitToFirst(1)));
  const firstKey = Object.keys((snapshot.val() as Record<string, unknown> | null) ?? {})[0];
  return chartYearsFrom(firstKey, siteNow(ctx.now(), ctx.timezone).year);
}

export function khaiwals(ctx: DataContext): Observable<Khaiwal[]> {
  return valueOf(ref(ctx.db, KHAIWALS)).pipe(map(readKhaiwals));
}

export function mainInfo(ctx: DataContext): Observable<MainInfo> {
  return valueOf(ref(ctx.db, MAIN_INFO)).pipe(map((v) => (v ?? {}) as MainInfo));
}

export function adInfo(ctx: DataContext): Observable<AdInfo> {
  return valueOf(ref(ctx.db, AD_INFO)).pipe(map((v) => (v ?? {}) as AdInfo));
}

/** First day the home page shows: yesterday on the 1st, otherwise the 1st of this month. */
export function homeWindowStart(todayKey: string): string {
  return todayKey.endsWith('-01') ? addDays(todayKey, -1) : `${todayKey.slice(0, 8)}01`;
}
