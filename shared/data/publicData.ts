import { Observable, defer, of, distinctUntilChanged, filter, map, shareReplay, switchMap } from 'rxjs';
import type { RuntimeConfig } from './config.ts';
import { peekAtStart, peekLive, withPeek, type Live } from './live.ts';
import { cacheKeys, firstDateRead, homeWindowStart, publicReads, type PublicRead } from './publicReads.ts';
import type { PublicSource } from './source.ts';
import type { AdInfo, MainInfo } from './types.ts';
import { DEFAULT_TIMEZONE } from '../domain/siteTime.ts';
import type { DayMetas, GameData, DayResults } from '../domain/results.ts';
import { CORRECTIONS_WINDOW_MS, type Correction } from '../domain/corrections.ts';
import type { Khaiwal } from '../domain/agents.ts';
import type { Holidays } from '../domain/holidays.ts';
import { GAMES } from '../domain/games.ts';
import { chartYearsFrom } from '../domain/yearlyChart.ts';

/** How a page reads: followed live (the default), or fixed at the page's data (`live: false`). */
export interface FollowOptions {
  live?: boolean;
}

const variant = (options: FollowOptions): string => (options.live === false ? '|fixed' : '');

/**
 * The public part of the data service: every public read of the table (publicReads.ts) as a live
 * value for the widgets, one shared stream per cache key, from an injected source (source.ts):
 * the browser's (the page's data and cache, then the REST stream) or the render service's (its
 * snapshot, recording what a page read). Nothing here asks which one it has.
 */
export class PublicData {
  readonly timezone: string;
  /** Today's date key in the site timezone; emits again when the day changes. */
  readonly today$: Observable<string>;
  /**
   * `true` while the page's live stream is open; a page that follows nothing live (a finished
   * year's chart) counts as connected while the browser is online.
   */
  readonly connected$: Observable<boolean>;
  private readonly streams = new Map<string, Observable<Live<unknown>>>();
  private readonly follows = new Map<string, Observable<unknown>>();

  constructor(
    readonly config: RuntimeConfig,
    protected readonly source: PublicSource,
    private readonly now: () => Date,
  ) {
    this.timezone = config.timezone ?? DEFAULT_TIMEZONE;
    this.today$ = source.today$;
    this.connected$ = source.connected$;
  }

  // ---------- time ----------

  todayKey(): string {
    return this.source.todayKey();
  }

  /** The instant a server-rendered page is rendered as at (PublicSource.pageTime); undefined in a page the browser renders itself. */
  pageTime(): number | undefined {
    return this.source.pageTime();
  }

  /** This year in the site timezone. */
  private thisYear(): number {
    return Number(this.todayKey().slice(0, 4));
  }

  // ---------- the public reads (publicReads.ts) ----------

  /**
   * Any read of the table (publicReads.ts) as a live value, shared per cache key: a new public
   * datum is one entry there and one call here, e.g. `data.read$(publicReads.khaiwals())`.
   * `live: false` (a finished year's chart) takes it from the page or reads it once.
   */
  read$<T>(entry: PublicRead<T>, options: FollowOptions = {}, fallback?: () => T): Observable<Live<T>> {
    return this.memo(entry.key, () => this.follow(entry, options, fallback), options);
  }

  /** Names of the games in the database (the built-in registry when they cannot be read). */
  gameNames$(options: FollowOptions = {}): Observable<Live<string[]>> {
    return this.read$(publicReads.gameNames(), options, () => GAMES.map((g) => g.name));
  }

  /**
   * Every game with its time, place and the results from `fromKey` on (a date key). The names
   * are those of the page's data when it has the games, so a rendered page reads no list.
   */
  gamesSince$(fromKey: string, options: FollowOptions = {}): Observable<Live<GameData[]>> {
    const key = cacheKeys.gamesSince(fromKey);
    return this.memo(
      key,
      () => {
        const fromPage = this.source.pageEntry(key);
        const names$ = Array.isArray(fromPage)
          ? of((fromPage as GameData[]).map((game) => game.name))
          : this.gameNames$(options).pipe(
              map((live) => live.data),
              filter((names): names is string[] => names !== undefined),
            );
        return names$.pipe(
          distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
          switchMap((names) => this.follow(publicReads.gamesSince(fromKey, names), options)),
        );
      },
      options,
    );
  }

  /**
   * The home page's window: yesterday and this month so far, moving with the day. `live: false`
   * (the month's chart under a finished year's chart) keeps the page's data and opens no stream.
   */
  homeGames$(options: FollowOptions = {}): Observable<Live<GameData[]>> {
    return options.live === false ? this.homeGamesFixed : this.homeGames;
  }

  private homeWindow(options: FollowOptions): Observable<Live<GameData[]>> {
    const now = () => this.gamesSince$(homeWindowStart(this.todayKey()), options);
    return withPeek(
      defer(() => this.today$).pipe(
        switchMap((today) => this.gamesSince$(homeWindowStart(today), options)),
        shareReplay({ bufferSize: 1, refCount: true }),
      ),
      () => peekLive(now()),
      () => peekAtStart(now()),
    );
  }

  private readonly homeGames = this.homeWindow({});
  private readonly homeGamesFixed = this.homeWindow({ live: false });

  /** One game's results for one calendar year (live for the current year only). */
  gameYear$(name: string, year: number): Observable<Live<DayResults>> {
    return this.yearPart(name, year, 'results', (game) => game.results);
  }

  /** The publish times and earlier values of one game's year (see DayMeta), beside gameYear$. */
  gameYearMeta$(name: string, year: number): Observable<Live<DayMetas>> {
    return this.yearPart(name, year, 'meta', (game) => game.meta ?? {});
  }

  /** A part of one game's year: one read of the table under one key (cacheKeys.gameYear), shared. */
  private yearPart<T>(name: string, year: number, part: string, pick: (game: GameData) => T): Observable<Live<T>> {
    const key = `${cacheKeys.gameYear(name, year)}#${part}`;
    let stream = this.streams.get(key) as Observable<Live<T>> | undefined;
    if (!stream) {
      stream = mapLive(this.read$(publicReads.gameYear(name, year, this.thisYear())), pick);
      this.streams.set(key, stream as Observable<Live<unknown>>);
    }
    return stream;
  }

  /** The public log of changed published numbers of the last 90 days, newest first. */
  corrections$(): Observable<Live<Correction[]>> {
    return this.memo(cacheKeys.corrections, () =>
      defer(() => this.follow(publicReads.corrections(this.now().getTime() - CORRECTIONS_WINDOW_MS), {})),
    );
  }

  /**
   * Years (newest first) for which a game has results, from its earliest date key: as the page's
   * data knows them (its inlined spans), else read (one key of the game's history).
   */
  async gameYears(name: string): Promise<number[]> {
    const known = this.peekGameYears(name);
    if (known) return known;
    const first = await this.source.get(firstDateRead(name));
    const firstKey = Object.keys((first as Record<string, unknown> | null) ?? {})[0];
    return chartYearsFrom(firstKey, this.thisYear());
  }

  /**
   * A game's years as the server-rendered page knew them (the spans it inlined), at once;
   * undefined without such a page. The chart's first render then matches the server's HTML,
   * which React hydrates (mf-chart's ChartPage), until gameYears has asked the database.
   */
  peekGameYears(name: string): number[] | undefined {
    const span = this.source.pageSpan(name);
    return span ? chartYearsFrom(span.first, this.thisYear()) : undefined;
  }

  khaiwals$(): Observable<Live<Khaiwal[]>> {
    return this.read$(publicReads.khaiwals());
  }

  mainInfo$(): Observable<Live<MainInfo>> {
    return this.read$(publicReads.mainInfo());
  }

  adInfo$(): Observable<Live<AdInfo>> {
    return this.read$(publicReads.adInfo());
  }

  /** Days without a draw of every game (shared/domain/holidays.ts), re-read when the admin changes one. */
  holidays$(options: FollowOptions = {}): Observable<Live<Holidays>> {
    return this.read$(publicReads.holidays(), options);
  }

  /**
   * Opens the live stream now, when the page's data came with the live node (a live page): the
   * connection then opens while the remotes' code loads, not after.
   */
  connect(): void {
    this.source.connect();
  }

  /**
   * One public read's values, shared per key (and variant: followed or fixed). `live: false`
   * follows no part: the page's value, or one read.
   */
  private follow<T>(table: PublicRead<T>, options: FollowOptions, fallback?: () => T): Observable<T> {
    const entry: PublicRead<T> = options.live === false ? { ...table, part: null, merge: undefined } : table;
    const followKey = entry.key + variant(options);
    let stream = this.follows.get(followKey) as Observable<T> | undefined;
    if (!stream) {
      stream = this.source.follow(entry, fallback);
      this.follows.set(followKey, stream);
    }
    return stream;
  }

  /** One cached, shared live value per cache key (and variant), however many widgets read it. */
  private memo<T>(key: string, make: () => Observable<T>, options: FollowOptions = {}): Observable<Live<T>> {
    const memoKey = key + variant(options);
    let stream = this.streams.get(memoKey) as Observable<Live<T>> | undefined;
    if (!stream) {
      stream = this.source.live(key, make(), options.live === false);
      this.streams.set(memoKey, stream as Observable<Live<unknown>>);
    }
    return stream;
  }
}

/**
 * A live value's data picked (`pick`), with what a first render peeks picked the same way. A
 * value of an older shape (a browser cache from before a read's shape changed) picks to nothing.
 */
function mapLive<A, B>(source: Observable<Live<A>>, pick: (value: A) => B | undefined): Observable<Live<B>> {
  const picked = (live: Live<A> | undefined): Live<B> | undefined =>
    live === undefined ? undefined : { ...live, data: live.data === undefined ? undefined : pick(live.data) };
  return withPeek(
    source.pipe(map((live) => picked(live) as Live<B>)),
    () => picked(peekLive(source)),
    () => picked(peekAtStart(source)),
  );
}
