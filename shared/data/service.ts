import {
  BehaviorSubject,
  NEVER,
  Observable,
  combineLatest,
  concat,
  defer,
  from,
  fromEvent,
  of,
  timer,
  catchError,
  distinctUntilChanged,
  filter,
  finalize,
  map,
  retry,
  scan,
  shareReplay,
  skip,
  startWith,
  switchMap,
  take,
  tap,
} from 'rxjs';
import type { RuntimeConfig } from './config.ts';
import { createCache, type Cache, type KeyValueStore, browserStore } from './cache.ts';
import { cachedLive, LOADING, peekAtStart, peekLive, withPeek, type Live } from './live.ts';
import { AdminPart, type AdminCommands } from './admin.ts';
import { cacheKeys, firstDateRead, pageValue, publicReads, type LiveView, type PublicRead } from './publicReads.ts';
import { restGet, restStream, restUrl, type EventSourceFactory, type RestRead } from './rest.ts';
import type { AdInfo, MainInfo } from './types.ts';
import { DEFAULT_TIMEZONE, addDays, siteNow } from '../domain/siteTime.ts';
import type { DayMetas, GameData, DayResults } from '../domain/results.ts';
import { CORRECTIONS_WINDOW_MS, type Correction } from '../domain/corrections.ts';
import type { Khaiwal } from '../domain/agents.ts';
import type { Holidays } from '../domain/holidays.ts';
import { GAMES } from '../domain/games.ts';
import { SPANS_KEY, chartYearsFrom, type GameSpan } from '../domain/yearlyChart.ts';
import { LIVE_ROOT, readLiveNode, removedEntries, type LiveNode } from '../domain/liveNode.ts';

// The class is the one face of the data layer; the work is done in its parts:
//   paths.ts         every database path (the specification's stored names)
//   publicReads.ts   the public pages' reads, each once: what it reads and how it is read
//   rest.ts          the REST API: one-off reads and the live node's stream (no SDK)
//   adminSdk.ts      the Firebase SDK (app, database, sign-in), loaded only for the admin
//   adminCommands.ts the admin's writes, each with its audit entry, and the admin's reads
//   auth.ts          the sign-in, its SDK loaded lazily
//   notifyClient.ts  calls to the notify service
// The class holds the state they share: the cache, the live node's stream and one stream per key.

export type {
  AdInfo,
  AuditEntry,
  ImportChunk,
  ImportChunkResult,
  KhaiwalInput,
  MainInfo,
  PendingPush,
  PushSubscriptionData,
  ScheduledNumber,
  ScheduledRefusal,
  SetResultOptions,
  SignedInUser,
  WriteResult,
} from './types.ts';
export { cacheKeys } from './publicReads.ts';
export { DEFAULT_UNDO_WINDOW_SEC, MAX_UNDO_WINDOW_SEC } from './types.ts';

export interface DataServiceOptions {
  store?: KeyValueStore;
  /** Unique Firebase app name; tests create several services in one process. */
  appName?: string;
  /** Injected clock for tests; defaults to the real time. */
  now?: () => Date;
  fetch?: typeof fetch;
  /** Opens a REST stream (the browser's EventSource by default; tests in Node hand one in). */
  eventSource?: EventSourceFactory;
  /** Cache entries (keys of {@link cacheKeys}) written before any stream starts: the data a
   * server-rendered page was rendered from, so the widgets start from it. */
  seed?: Readonly<Record<string, unknown>>;
  /** When the seed's data was current (the render service's data time). */
  seedAt?: number;
  /**
   * The render service's adapter (its other one reads with firebase-admin into `seed`, which then
   * holds every public read it keeps, by cache key): the service reads `seed` only, on the site's
   * day `day`, and never the network. Every stream is synchronous, so renderToString has the data
   * on its one pass, and `served` records the entries a render read: the page's inline data.
   */
  render?: { day: string; at?: number };
}

/** First day the home page shows: yesterday on the 1st, otherwise the 1st of this month. */
export function homeWindowStart(todayKey: string): string {
  return todayKey.endsWith('-01') ? addDays(todayKey, -1) : `${todayKey.slice(0, 8)}01`;
}

/** Waits before reading again after a failed read: 1 s, 2 s, 4 s ... up to 30 s. */
const backoff = { delay: (_error: unknown, attempt: number) => timer(Math.min(30_000, 1000 * 2 ** (attempt - 1))) };

type StreamState = 'idle' | 'open' | 'closed';

/**
 * Emits once the page has loaded. A stream opened before would hold the page's load event for
 * as long as it stays open (the browser waits for every request started before it), and it is
 * not needed earlier: the page starts from its inline data.
 */
function afterLoad(): Observable<unknown> {
  if (typeof document === 'undefined' || document.readyState === 'complete') return of(null);
  return fromEvent(window, 'load').pipe(take(1));
}

/** How a page reads: followed live (the default), or fixed at the page's data (`live: false`). */
export interface FollowOptions {
  live?: boolean;
}

const variant = (options: FollowOptions): string => (options.live === false ? '|fixed' : '');

/**
 * The site's single data service: live streams for the pages, commands for the admin.
 *
 * A public page reads without the Firebase SDK: it starts from the data inlined in its
 * server-rendered HTML (or the browser cache), follows the one small live node over the REST
 * streaming API, lays today's numbers from it over what it holds, and reads a part again (one
 * REST GET) only when the live node's version of that part moves. The SDK loads for the admin.
 */
export class DataService {
  readonly timezone: string;
  private readonly cache: Cache;
  private readonly now: () => Date;
  private readonly fetchFn: typeof fetch;
  private readonly openEventSource: EventSourceFactory;
  private readonly streams = new Map<string, Observable<Live<unknown>>>();
  private readonly follows = new Map<string, Observable<unknown>>();
  /** The entries a server-rendered page inlined (its data, current at its live versions). */
  private readonly page: Readonly<Record<string, unknown>>;
  private readonly pageLive: LiveNode | undefined;
  /** The games' spans a server-rendered page inlined with its data (see peekGameYears). */
  private readonly pageSpans: Readonly<Record<string, GameSpan>> | undefined;
  private readonly streamState = new BehaviorSubject<StreamState>('idle');
  /** The render service's render (DataServiceOptions.render), or undefined: a browser's page. */
  private readonly rendering: { day: string; at?: number } | undefined;
  /** When the data a server-rendered page came with was current (seedAt), if it came with any. */
  private readonly seedAt: number | undefined;
  /** The entries of `seed` a render read, by cache key: what the rendered page inlines. */
  readonly served = new Map<string, unknown>();
  /** The admin's part (admin.ts): the SDK, the sign-in and the admin's commands, loaded on first use. */
  readonly admin: AdminPart;
  private held: { unsubscribe(): void } | undefined;

  constructor(
    readonly config: RuntimeConfig,
    options: DataServiceOptions = {},
  ) {
    this.timezone = config.timezone ?? DEFAULT_TIMEZONE;
    this.cache = createCache(options.store ?? browserStore());
    this.now = options.now ?? (() => new Date());
    this.fetchFn = options.fetch ?? ((...args) => fetch(...args));
    this.openEventSource = options.eventSource ?? ((url) => new EventSource(url));
    this.admin = new AdminPart(config, {
      appName: options.appName ?? '[DEFAULT]',
      timezone: this.timezone,
      now: this.now,
      fetch: this.fetchFn,
      cache: this.cache,
    });
    this.page = options.seed ?? {};
    this.rendering = options.render;
    this.seedAt = options.seedAt;
    for (const [key, value] of Object.entries(this.rendering ? {} : this.page)) {
      if (key !== SPANS_KEY && key !== cacheKeys.live) this.cache.write(key, value, options.seedAt);
    }
    const spans = this.page[SPANS_KEY];
    this.pageSpans = spans && typeof spans === 'object' ? (spans as Readonly<Record<string, GameSpan>>) : undefined;
    this.pageLive = cacheKeys.live in this.page ? readLiveNode(this.page[cacheKeys.live]) : undefined;
  }

  // ---------- time ----------

  /** Today's date key in the site timezone; emits again when the day changes. */
  readonly today$: Observable<string> = defer(() =>
    this.rendering ? of(this.rendering.day) : timer(0, 15_000).pipe(map(() => siteNow(this.now(), this.timezone).dateKey)),
  ).pipe(distinctUntilChanged(), shareReplay({ bufferSize: 1, refCount: true }));

  todayKey(): string {
    return this.rendering?.day ?? siteNow(this.now(), this.timezone).dateKey;
  }

  /**
   * The instant a server-rendered page is rendered as at: the time of its data (the render
   * service's, which the page inlines with it). The render service's widgets read the clock from
   * it, and so does the browser's first render of that page, so hydration meets the same words
   * (which game is current, what the countdown says) whatever the time now; the clock moves on
   * right after. undefined in a page the browser renders itself.
   */
  pageTime(): number | undefined {
    return this.rendering ? (this.rendering.at ?? this.now().getTime()) : this.seedAt;
  }

  /** This year in the site timezone. */
  private thisYear(): number {
    return Number(this.todayKey().slice(0, 4));
  }

  // ---------- the live node (one REST stream per page) ----------

  /**
   * The live node, followed over Firebase's REST streaming API while anything reads it. The
   * EventSource reconnects by itself after a network error; a stream the server cancels is
   * opened again after a pause.
   */
  private readonly liveNode$: Observable<LiveNode> = afterLoad().pipe(
    switchMap(() => restStream(this.openEventSource, restUrl(this.config, { path: LIVE_ROOT }))),
    tap((state) => this.streamState.next(state.kind === 'value' ? 'open' : state.kind)),
    filter((state) => state.kind === 'value'),
    map((state) => readLiveNode(state.value)),
    finalize(() => this.streamState.next('idle')),
    retry(backoff),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  /** The live node's days, with the entries removed since the page's data was read (undone). */
  private readonly liveView$: Observable<LiveView> = defer(() => {
    const start: LiveView = { days: this.pageLive?.days ?? {}, removed: new Set() };
    return this.liveNode$.pipe(
      scan((view: LiveView, node: LiveNode): LiveView => {
        const removed = new Set(view.removed);
        for (const key of removedEntries(view.days, node.days)) removed.add(key);
        for (const [dateKey, games] of Object.entries(node.days)) {
          for (const game of Object.keys(games)) removed.delete(`${game}/${dateKey}`);
        }
        return { days: node.days, removed };
      }, start),
      startWith(start),
    );
  }).pipe(shareReplay({ bufferSize: 1, refCount: true }));

  /**
   * `true` while the page's live stream is open; a page that follows nothing live (a finished
   * year's chart) counts as connected while the browser is online.
   */
  readonly connected$: Observable<boolean> = this.streamState.pipe(
    map((state) => state === 'open' || (state === 'idle' && (typeof navigator === 'undefined' || navigator.onLine !== false))),
    distinctUntilChanged(),
  );

  // ---------- public streams (publicReads.ts) ----------

  /**
   * Names of the games in the database (the built-in registry when they cannot be read).
   * `live: false` (a finished year's chart) takes them from the page or reads them once.
   */
  gameNames$(options: FollowOptions = {}): Observable<Live<string[]>> {
    return this.memo(
      cacheKeys.gameNames,
      () => this.follow(publicReads.gameNames(), options, () => GAMES.map((g) => g.name)),
      variant(options),
    );
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
        const fromPage = this.pageEntry(key);
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
      variant(options),
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
    return withPeek(
      defer(() => this.today$).pipe(
        switchMap((today) => this.gamesSince$(homeWindowStart(today), options)),
        shareReplay({ bufferSize: 1, refCount: true }),
      ),
      () => peekLive(this.gamesSince$(homeWindowStart(this.todayKey()), options)),
      () => peekAtStart(this.gamesSince$(homeWindowStart(this.todayKey()), options)),
    );
  }

  private readonly homeGames = this.homeWindow({});
  private readonly homeGamesFixed = this.homeWindow({ live: false });

  /** One game's results for one calendar year (live for the current year only). */
  gameYear$(name: string, year: number): Observable<Live<DayResults>> {
    return this.memo(cacheKeys.gameYear(name, year), () => this.yearData(name, year).pipe(map((game) => game.results)));
  }

  /** The publish times and earlier values of one game's year (see DayMeta), beside gameYear$. */
  gameYearMeta$(name: string, year: number): Observable<Live<DayMetas>> {
    return this.memo(cacheKeys.gameYearMeta(name, year), () => this.yearData(name, year).pipe(map((game) => game.meta ?? {})));
  }

  private yearData(name: string, year: number): Observable<GameData> {
    return this.follow(publicReads.gameYear(name, year, this.thisYear()), {});
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
    const first = await this.restRead(firstDateRead(name));
    const firstKey = Object.keys((first as Record<string, unknown> | null) ?? {})[0];
    return chartYearsFrom(firstKey, this.thisYear());
  }

  /**
   * A game's years as the server-rendered page knew them (the spans it inlined), at once;
   * undefined without such a page. The chart's first render then matches the server's HTML,
   * which React hydrates (mf-chart's ChartPage), until gameYears has asked the database.
   */
  peekGameYears(name: string): number[] | undefined {
    const span = this.pageSpans?.[name];
    // A render inlines the spans of the games it asked about (the page's first render then offers
    // the same years), and is rendered again when one of them changes.
    if (this.rendering) this.served.set(SPANS_KEY, { ...(this.served.get(SPANS_KEY) as object | undefined), [name]: span });
    return span ? chartYearsFrom(span.first, this.thisYear()) : undefined;
  }

  khaiwals$(): Observable<Live<Khaiwal[]>> {
    return this.memo(cacheKeys.khaiwals, () => this.follow(publicReads.khaiwals(), {}));
  }

  mainInfo$(): Observable<Live<MainInfo>> {
    return this.memo(cacheKeys.mainInfo, () => this.follow(publicReads.mainInfo(), {}));
  }

  adInfo$(): Observable<Live<AdInfo>> {
    return this.memo(cacheKeys.adInfo, () => this.follow(publicReads.adInfo(), {}));
  }

  /**
   * Days without a draw of every game (shared/domain/holidays.ts), re-read when the admin changes
   * one. `live: false` (a finished year's chart) takes them from the page or reads them once.
   */
  holidays$(options: FollowOptions = {}): Observable<Live<Holidays>> {
    return this.memo(cacheKeys.holidays, () => this.follow(publicReads.holidays(), options), variant(options));
  }

  /** Any read of the table (publicReads.ts) as a live value: a new public datum needs no method here. */
  read$<T>(entry: PublicRead<T>, options: FollowOptions = {}): Observable<Live<T>> {
    return this.memo(entry.key, () => this.follow(entry, options), variant(options));
  }

  /**
   * One public read as a live value. From the page's data while the live node's version of its
   * part is the one the page was rendered at; read (a REST GET) when the page has none and again
   * whenever that version moves; today's numbers of the live node laid over it. A read of no
   * part (a finished year) is read once and not followed. Shared per key.
   */
  private follow<T>(table: PublicRead<T>, options: FollowOptions, fallback?: () => T): Observable<T> {
    const entry: PublicRead<T> = options.live === false ? { ...table, part: null, merge: undefined } : table;
    const followKey = entry.key + variant(options);
    const known = this.follows.get(followKey) as Observable<T> | undefined;
    if (known) return known;
    const read: Observable<T> = defer(() => from(Promise.all(entry.reads.map((r) => this.restRead(r))))).pipe(
      map((nodes) => entry.read(nodes)),
      fallback
        ? catchError((error: unknown) => (console.warn(`data: could not read ${entry.key}`, error), of(fallback())))
        : retry(backoff),
    );
    const fromPage = pageValue(entry, (key) => this.pageEntry(key));
    const { part } = entry;
    if (this.rendering) {
      // A render: the data in memory, as it is, and the live node with a page that follows any
      // part of it (a finished year's chart follows none, and opens no stream: see connect()).
      if (part !== null) this.pageEntry(cacheKeys.live);
      const now: Observable<T> = fromPage === undefined ? NEVER : of(fromPage);
      this.follows.set(followKey, now);
      return now;
    }
    let base: Observable<T>;
    if (part === null) {
      base = fromPage !== undefined ? of(fromPage) : read;
    } else {
      const version$ = this.liveNode$.pipe(
        map((node) => node.v[part] ?? 0),
        distinctUntilChanged(),
      );
      const pageVersion = this.pageLive?.v[part] ?? 0;
      base =
        fromPage !== undefined && this.pageLive
          ? version$.pipe(switchMap((version, i) => (i === 0 && version === pageVersion ? of(fromPage) : read)))
          : concat(of(null), version$.pipe(skip(1))).pipe(switchMap(() => read));
    }
    const merge = entry.merge;
    const stream = (merge ? combineLatest([base, this.liveView$]).pipe(map(([value, live]) => merge(value, live))) : base).pipe(
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    this.follows.set(followKey, stream);
    return stream;
  }

  /** An entry of the page's data (a render records it as served: the page inlines it). */
  private pageEntry(key: string): unknown {
    const value = this.page[key];
    if (this.rendering) this.served.set(key, value);
    return value;
  }

  private restRead(read: RestRead): Promise<unknown> {
    return restGet(this.fetchFn, restUrl(this.config, read));
  }

  // ---------- lifecycle ----------

  /**
   * Opens the live node's stream now, when the page's data came with the live node (a live
   * page): the connection then opens while the remotes' code loads, not after. A page that
   * follows nothing live (a finished year's chart) opens none.
   */
  connect(): void {
    if (this.pageLive && !this.held) this.held = this.liveView$.subscribe();
  }

  /** Stops the page's live stream and the admin's SDK. */
  async dispose(): Promise<void> {
    this.held?.unsubscribe();
    await this.admin.dispose();
  }

  // ---------- internals ----------

  /**
   * One cached, shared stream per cache key (and variant: followed or fixed), however many
   * widgets read it.
   */
  private memo<T>(key: string, make: () => Observable<T>, variantKey = ''): Observable<Live<T>> {
    let stream = this.streams.get(key + variantKey) as Observable<Live<T>> | undefined;
    if (!stream) {
      // A key the page came with starts, for hydration, from the page's value (peekAtStart).
      const fromPage =
        key in this.page && !variantKey ? ({ data: this.page[key] as T, stale: true, error: null, at: this.seedAt } as const) : undefined;
      stream = this.rendering ? synchronousLive(make()) : cachedLive(this.cache, key, make(), fromPage);
      this.streams.set(key + variantKey, stream as Observable<Live<unknown>>);
    }
    return stream;
  }
}

/**
 * A render's stream: the data in memory as a live value, synchronously, and what a first render
 * peeks (React's renderToString runs no effects). Data not in memory is loading.
 */
function synchronousLive<T>(source: Observable<T>): Observable<Live<T>> {
  const stream = source.pipe(map((data): Live<T> => ({ data, stale: false, error: null })));
  return withPeek(stream, () => {
    let first: Live<T> | undefined;
    stream.subscribe((value) => (first ??= value)).unsubscribe();
    return first;
  });
}

export { LOADING };

/**
 * A data service as the dashboard reads it: its public reads, the admin's session and every
 * command of the admin's table, as one object (`view.setResult(...)`, `view.user$`,
 * `view.homeGames$()`). Methods keep the service (or its admin part) as their `this`.
 */
export type AdminView = DataService & Omit<AdminPart, 'commands'> & AdminCommands;

const views = new WeakMap<DataService, AdminView>();

export function adminView(service: DataService): AdminView {
  let view = views.get(service);
  if (view) return view;
  const bound = new Map<PropertyKey, unknown>();
  const commands = service.admin.commands as unknown as Record<PropertyKey, unknown>;
  view = new Proxy(service, {
    get(target, key) {
      const owner: object | undefined = key in target ? target : key in target.admin ? target.admin : undefined;
      if (!owner) return commands[key];
      const value: unknown = Reflect.get(owner, key, owner);
      if (typeof value !== 'function') return value;
      let fn = bound.get(key);
      if (!fn) bound.set(key, (fn = (value as (...args: unknown[]) => unknown).bind(owner)));
      return fn;
    },
  }) as AdminView;
  views.set(service, view);
  return view;
}
