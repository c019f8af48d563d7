import { Observable, of } from 'rxjs';
import { cacheKeys, homeWindowStart, type AdInfo, type Live, type MainInfo, type PublicDataSource } from '@satta/shared/data';
import type { DayMetas, DayResults, GameData } from '@satta/shared/domain/results';
import type { Correction } from '@satta/shared/domain/corrections';
import type { Khaiwal } from '@satta/shared/domain/agents';
import { SPANS_KEY, chartYearsFrom, type GameSpan } from '@satta/shared/domain/yearlyChart';
import type { LiveNode } from '@satta/shared/domain/liveNode';
import type { Holidays } from '@satta/shared/domain/holidays';

/** The public data the render service keeps in memory, as the live listeners last saw it. */
export interface Snapshot {
  /** When this data was last received from the database (ms since the epoch). */
  at: number;
  /** Today in the site timezone when the data was read; the games hold yesterday and this month. */
  todayKey: string;
  gameNames: string[];
  games: GameData[];
  khaiwals: Khaiwal[];
  mainInfo: MainInfo;
  adInfo: AdInfo;
  /**
   * Each game's first and last date with a result in the whole database (not only the home
   * window): which years have a chart, and the sitemap's dates. A game missing here counts
   * from the results the snapshot holds.
   */
  spans?: Record<string, GameSpan>;
  /** Whole years of single games, loaded on request (LiveData.loadYear), under cacheKeys.gameYear. */
  years?: Record<string, DayResults>;
  /** The publish times of those years, under cacheKeys.gameYearMeta. */
  yearMetas?: Record<string, DayMetas>;
  /** The public corrections of the last 90 days, newest first (DataService.corrections$). */
  corrections?: Correction[];
  /** Days without a draw of every game (DataService.holidays$); absent: none marked. */
  holidays?: Holidays;
  /**
   * The live read model as stored (`live`: yesterday's and today's results and the parts'
   * version stamps, shared/domain/liveNode.ts), inlined under cacheKeys.live with every page
   * that shows current data.
   */
  live: LiveNode;
}

/** A game's span: from `spans`, else from the results in the snapshot (a fixed test snapshot). */
export function spanOf(snapshot: Snapshot, name: string): GameSpan {
  const known = snapshot.spans?.[name];
  if (known) return known;
  const prefix = cacheKeys.gameYear(name, 0).slice(0, -1);
  const keys = [
    ...Object.keys(snapshot.games.find((game) => game.name === name)?.results ?? {}),
    ...Object.entries(snapshot.years ?? {})
      .filter(([key]) => key.startsWith(prefix) && /^\d{4}$/.test(key.slice(prefix.length)))
      .flatMap(([, results]) => Object.keys(results)),
  ].sort();
  return { first: keys[0] ?? null, last: keys.at(-1) ?? null };
}

/** The site's year of a snapshot: the year of its day. */
export const yearOf = (snapshot: Snapshot): number => Number(snapshot.todayKey.slice(0, 4));

/**
 * The years a game has a chart for, newest first, as the browser's data service counts them
 * (DataService.gameYears): from the year of its first result to this year, which always has one.
 */
export function chartYears(snapshot: Snapshot, name: string): number[] {
  return chartYearsFrom(spanOf(snapshot, name).first, yearOf(snapshot));
}

/** The snapshot's value under one of the data service's cache keys (see cacheKeys). */
export function entryOf(snapshot: Snapshot, key: string): unknown {
  if (key === cacheKeys.gamesSince(homeWindowStart(snapshot.todayKey))) return snapshot.games;
  if (key === cacheKeys.gameNames) return snapshot.gameNames;
  if (key === SPANS_KEY) return snapshot.spans;
  if (key === cacheKeys.khaiwals) return snapshot.khaiwals;
  if (key === cacheKeys.mainInfo) return snapshot.mainInfo;
  if (key === cacheKeys.adInfo) return snapshot.adInfo;
  if (key === cacheKeys.corrections) return snapshot.corrections ?? [];
  if (key === cacheKeys.live) return snapshot.live;
  if (key === cacheKeys.holidays) return snapshot.holidays ?? {};
  if (key.startsWith(cacheKeys.gameYearMeta('', 0).slice(0, 9))) return snapshot.yearMetas?.[key];
  if (key.startsWith(cacheKeys.gameYear('', 0).slice(0, 5))) return snapshot.years?.[key];
  return undefined;
}

/**
 * The data service as the widgets see it during one server render: the same streams, each a
 * synchronous snapshot, so renderToString gets the data on its first and only pass. It records
 * the cache entries it served: the page inlines exactly those (the client's cache seed), and
 * their JSON decides whether a route must be rendered again.
 *
 * A page that shows current data (the games, the names, the public texts, the corrections, this
 * year's chart) gets the live node too, the one node its page listens to: the browser starts from
 * the days and version stamps the HTML was rendered from. A finished year's chart page does not,
 * whatever else it reads (mf-chart's page also reads the names and this month's games): such a
 * page opens no live stream on load (DataService.connect).
 */
export class SnapshotSource implements PublicDataSource {
  readonly timezone: string;
  readonly served = new Map<string, unknown>();
  readonly today$: Observable<string>;
  readonly connected$: Observable<boolean> = of(true);
  /** Whether the render read a finished year's chart: then the live node stays off the page. */
  private readsPastYear = false;

  constructor(
    private readonly snapshot: Snapshot,
    timezone: string,
  ) {
    this.timezone = timezone;
    this.today$ = of(snapshot.todayKey);
  }

  todayKey(): string {
    return this.snapshot.todayKey;
  }

  homeGames$(): Observable<Live<GameData[]>> {
    return this.serve(cacheKeys.gamesSince(homeWindowStart(this.snapshot.todayKey)));
  }

  gameNames$(): Observable<Live<string[]>> {
    return this.serve(cacheKeys.gameNames);
  }

  khaiwals$(): Observable<Live<Khaiwal[]>> {
    return this.serve(cacheKeys.khaiwals);
  }

  mainInfo$(): Observable<Live<MainInfo>> {
    return this.serve(cacheKeys.mainInfo);
  }

  adInfo$(): Observable<Live<AdInfo>> {
    return this.serve(cacheKeys.adInfo);
  }

  /**
   * A game's year from memory (the render service loads it before rendering its chart). One not
   * in memory is recorded as read all the same: the page shows its loading state, and is
   * rendered again once the year has arrived.
   */
  gameYear$(name: string, year: number): Observable<Live<DayResults>> {
    const key = cacheKeys.gameYear(name, year);
    const data = entryOf(this.snapshot, key) as DayResults | undefined;
    this.served.set(key, data);
    this.noteYear(year);
    return of(data === undefined ? { data: undefined, stale: true, error: null } : { data, stale: false, error: null });
  }

  /** The publish times of a game's year, like gameYear$ (loaded with it). */
  gameYearMeta$(name: string, year: number): Observable<Live<DayMetas>> {
    const key = cacheKeys.gameYearMeta(name, year);
    const data = entryOf(this.snapshot, key) as DayMetas | undefined;
    this.served.set(key, data);
    this.noteYear(year);
    return of(data === undefined ? { data: undefined, stale: true, error: null } : { data, stale: false, error: null });
  }

  corrections$(): Observable<Live<Correction[]>> {
    return this.serve(cacheKeys.corrections);
  }

  holidays$(): Observable<Live<Holidays>> {
    return this.serve(cacheKeys.holidays);
  }

  gameYears(name: string): Promise<number[]> {
    return Promise.resolve(this.peekGameYears(name));
  }

  /**
   * The years of gameYears at once: the chart page asks for it when it is there, so a server
   * render knows which years have a chart (mf-chart's ChartPage, serverYears). The game's span
   * is recorded as read: the page is rendered again when it changes, and the page inlines it,
   * so the browser's first render offers the same years (DataService.peekGameYears).
   */
  peekGameYears(name: string): number[] {
    const spans = (this.served.get(SPANS_KEY) ?? {}) as Record<string, GameSpan>;
    this.served.set(SPANS_KEY, { ...spans, [name]: spanOf(this.snapshot, name) });
    return chartYears(this.snapshot, name);
  }

  private serve<T>(key: string): Observable<Live<T>> {
    // entryOf and the method's key agree by construction: each method asks for its own key.
    const data = entryOf(this.snapshot, key) as T;
    this.served.set(key, data);
    this.noteCurrent();
    return of({ data, stale: false, error: null });
  }

  /** A chart of this year is current data; a finished year's chart keeps the live node off the page. */
  private noteYear(year: number): void {
    if (year === yearOf(this.snapshot)) return this.noteCurrent();
    this.readsPastYear = true;
    this.served.delete(cacheKeys.live);
  }

  private noteCurrent(): void {
    if (!this.readsPastYear) this.served.set(cacheKeys.live, entryOf(this.snapshot, cacheKeys.live));
  }
}
