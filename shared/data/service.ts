import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, goOnline, ref, type Database } from 'firebase/database';
import { Observable, defer, from, timer } from 'rxjs';
import { distinctUntilChanged, map, shareReplay, switchMap } from 'rxjs/operators';
import type { RuntimeConfig } from './config.ts';
import { createCache, type Cache, type KeyValueStore, browserStore } from './cache.ts';
import { cachedLive, LOADING, peekLive, withPeek, type Live } from './live.ts';
import { AuthSession } from './auth.ts';
import * as streams from './streams.ts';
import { cacheKeys, homeWindowStart } from './streams.ts';
import * as commands from './adminCommands.ts';
import * as notify from './notifyClient.ts';
import { SCHEDULED, paths } from './paths.ts';
import type {
  AdInfo,
  AuditEntry,
  KhaiwalInput,
  MainInfo,
  PendingPush,
  PushSubscriptionData,
  ScheduledNumber,
  SetResultOptions,
  SignedInUser,
  WriteResult,
} from './types.ts';
import { DEFAULT_TIMEZONE, siteNow } from '../domain/siteTime.ts';
import type { DayMetas, GameData, DayResults } from '../domain/results.ts';
import type { Correction } from '../domain/corrections.ts';
import type { Khaiwal } from '../domain/agents.ts';
import { SPANS_KEY, chartYearsFrom, type GameSpan } from '../domain/yearlyChart.ts';

// The class is the one face of the data layer; the work is done in its parts:
//   paths.ts         every database path (the specification's stored names)
//   streams.ts       the public pages' reads
//   adminCommands.ts the admin's writes, each with its audit entry, and the admin's reads
//   auth.ts          the sign-in, its SDK loaded lazily
//   notifyClient.ts  calls to the notify service
// The class holds the state they share: the Firebase app, the cache and one stream per key.

export type {
  AdInfo,
  AuditEntry,
  KhaiwalInput,
  MainInfo,
  PendingPush,
  PushSubscriptionData,
  ScheduledNumber,
  SetResultOptions,
  SignedInUser,
  WriteResult,
} from './types.ts';
export { DEFAULT_UNDO_WINDOW_SEC, MAX_UNDO_WINDOW_SEC } from './adminCommands.ts';
export { cacheKeys, homeWindowStart } from './streams.ts';

export interface DataServiceOptions {
  store?: KeyValueStore;
  /** Unique Firebase app name; tests create several services in one process. */
  appName?: string;
  /** Injected clock for tests; defaults to the real time. */
  now?: () => Date;
  fetch?: typeof fetch;
  /** Cache entries (keys of {@link cacheKeys}) written before any stream starts: the data a
   * server-rendered page was rendered from, so the widgets start from it. */
  seed?: Readonly<Record<string, unknown>>;
  /** When the seed's data was current (the render service's data time). */
  seedAt?: number;
}

/** The site's single data service: live streams for the pages, commands for the admin. */
export class DataService {
  readonly app: FirebaseApp;
  readonly db: Database;
  readonly timezone: string;
  private readonly cache: Cache;
  private readonly now: () => Date;
  private readonly session: AuthSession;
  /** What the parts need of the service (see types.ts DataContext and adminCommands.ts). */
  private readonly ctx: commands.AdminContext;
  private readonly streams = new Map<string, Observable<Live<unknown>>>();
  /** The games' spans a server-rendered page inlined with its data (see peekGameYears). */
  private readonly pageSpans: Readonly<Record<string, GameSpan>> | undefined;

  constructor(
    readonly config: RuntimeConfig,
    options: DataServiceOptions = {},
  ) {
    this.app = initializeApp(config.firebase, options.appName ?? '[DEFAULT]');
    this.db = getDatabase(this.app);
    const emulator = config.emulators?.database;
    if (emulator) connectDatabaseEmulator(this.db, emulator.host, emulator.port);
    this.timezone = config.timezone ?? DEFAULT_TIMEZONE;
    this.cache = createCache(options.store ?? browserStore());
    this.now = options.now ?? (() => new Date());
    this.session = new AuthSession(this.app, config);
    this.user$ = this.session.user$;
    this.ctx = {
      db: this.db,
      config,
      timezone: this.timezone,
      now: this.now,
      fetch: options.fetch ?? ((...args) => fetch(...args)),
      currentUser: () => this.session.currentUser(),
    };
    for (const [key, value] of Object.entries(options.seed ?? {})) {
      if (key !== SPANS_KEY) this.cache.write(key, value, options.seedAt);
    }
    const spans = options.seed?.[SPANS_KEY];
    this.pageSpans = spans && typeof spans === 'object' ? (spans as Readonly<Record<string, GameSpan>>) : undefined;
  }

  // ---------- time ----------

  /** Today's date key in the site timezone; emits again when the day changes. */
  readonly today$: Observable<string> = timer(0, 15_000).pipe(
    map(() => siteNow(this.now(), this.timezone).dateKey),
    distinctUntilChanged(),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  todayKey(): string {
    return siteNow(this.now(), this.timezone).dateKey;
  }

  // ---------- public streams (streams.ts) ----------

  /** `true` while the page has a live connection to the database. */
  readonly connected$: Observable<boolean> = defer(() => streams.connected(this.ctx)).pipe(
    distinctUntilChanged(),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  /**
   * Names of the games in the database. Read shallowly over REST so that the list never
   * costs the games' history; falls back to the built-in registry when that read fails.
   */
  gameNames$(): Observable<Live<string[]>> {
    return this.memo(cacheKeys.gameNames, () => defer(() => from(streams.readGameNames(this.ctx))));
  }

  /**
   * Every game with its time, place and the results from `fromKey` on (a date key).
   * One listener per game, each a key-range query, so the cost does not grow with history.
   */
  gamesSince$(fromKey: string): Observable<Live<GameData[]>> {
    return this.memo(cacheKeys.gamesSince(fromKey), () =>
      streams.gamesSince(this.ctx, this.gameNames$().pipe(map((live) => live.data)), fromKey),
    );
  }

  /** The home page's window: yesterday and this month so far, moving with the day. */
  homeGames$(): Observable<Live<GameData[]>> {
    return this.homeGames;
  }

  private readonly homeGames: Observable<Live<GameData[]>> = withPeek(
    defer(() => this.today$).pipe(
      switchMap((today) => this.gamesSince$(homeWindowStart(today))),
      shareReplay({ bufferSize: 1, refCount: true }),
    ),
    () => peekLive(this.gamesSince$(homeWindowStart(this.todayKey()))),
  );

  /** One game's results for one calendar year. */
  gameYear$(name: string, year: number): Observable<Live<DayResults>> {
    return this.memo(cacheKeys.gameYear(name, year), () => streams.gameYear(this.ctx, name, year));
  }

  /**
   * The publish times and earlier values of one game's year (see DayMeta), beside gameYear$.
   * The same query as gameYear$, so the database SDK listens once for both.
   */
  gameYearMeta$(name: string, year: number): Observable<Live<DayMetas>> {
    return this.memo(cacheKeys.gameYearMeta(name, year), () => streams.gameYearMeta(this.ctx, name, year));
  }

  /** The public log of changed published numbers of the last 90 days, newest first. */
  corrections$(): Observable<Live<Correction[]>> {
    return this.memo(cacheKeys.corrections, () => streams.corrections(this.ctx));
  }

  /** Years (newest first) for which a game has results, from its earliest date key. */
  gameYears(name: string): Promise<number[]> {
    return streams.gameYears(this.ctx, name);
  }

  /**
   * A game's years as the server-rendered page knew them (the spans it inlined), at once;
   * undefined without such a page. The chart's first render then matches the server's HTML,
   * which React hydrates (mf-chart's ChartPage), until gameYears has asked the database.
   */
  peekGameYears(name: string): number[] | undefined {
    const span = this.pageSpans?.[name];
    return span ? chartYearsFrom(span.first, siteNow(this.now(), this.timezone).year) : undefined;
  }

  khaiwals$(): Observable<Live<Khaiwal[]>> {
    return this.memo(cacheKeys.khaiwals, () => streams.khaiwals(this.ctx));
  }

  mainInfo$(): Observable<Live<MainInfo>> {
    return this.memo(cacheKeys.mainInfo, () => streams.mainInfo(this.ctx));
  }

  adInfo$(): Observable<Live<AdInfo>> {
    return this.memo(cacheKeys.adInfo, () => streams.adInfo(this.ctx));
  }

  // ---------- auth (auth.ts; loaded lazily: visitors never download it) ----------

  /** The signed-in user (or null). Subscribing loads the auth SDK. */
  readonly user$: Observable<SignedInUser | null>;

  signIn(email: string, password: string): Promise<SignedInUser> {
    return this.session.signIn(email, password);
  }

  signOut(): Promise<void> {
    return this.session.signOut();
  }

  /**
   * Re-authenticates with the current password first, as Firebase requires for this change.
   * Resolves once changed; the page says so in its own words.
   */
  updatePassword(current: string, next: string): Promise<void> {
    return this.session.updatePassword(current, next);
  }

  /** The signed-in user's ID token; `fresh` asks the identity service for a new one. */
  idToken(fresh = false): Promise<string | null> {
    return this.session.idToken(fresh);
  }

  // ---------- admin commands (adminCommands.ts) ----------

  /**
   * Publishes a game's number for a date; reports whether the date was new. A different number
   * on a published date is a correction; the same number again writes nothing. `silent` marks
   * a back-filled result, which is never pushed. (Details at adminCommands.ts setResult.)
   */
  setResult(game: string, dateKey: string, number: string, options: SetResultOptions = {}): Promise<WriteResult> {
    return commands.setResult(this.ctx, game, dateKey, number, options);
  }

  getResult(game: string, dateKey: string): Promise<string | null> {
    return commands.getResult(this.ctx, game, dateKey);
  }

  setGameTime(game: string, time: string): Promise<string> {
    return commands.setGameTime(this.ctx, game, time);
  }

  setMainInfo(info: MainInfo): Promise<void> {
    return commands.setMainInfo(this.ctx, info);
  }

  setAdInfo(info: AdInfo): Promise<void> {
    return commands.setAdInfo(this.ctx, info);
  }

  /** Creates (id null) or replaces an agent record; returns its id. */
  saveKhaiwal(id: string | null, agent: KhaiwalInput): Promise<string> {
    return commands.saveKhaiwal(this.ctx, id, agent);
  }

  deleteKhaiwal(id: string): Promise<void> {
    return commands.deleteKhaiwal(this.ctx, id);
  }

  /** The admin's audit trail, newest first. */
  audit$(): Observable<Live<AuditEntry[]>> {
    return this.memo('audit', () => commands.auditTrail(this.ctx));
  }

  /** The numbers published now for an import's rows, by `game/date` (rows without one are absent). */
  publishedNumbers(rows: readonly { game: string; date: string }[]): Promise<Record<string, string>> {
    return commands.publishedNumbers(this.ctx, rows);
  }

  /** Writes many back-filled results atomically, with one audit entry (each row's old and new number); resolves the row count. */
  importResults(rows: { game: string; date: string; number: string }[]): Promise<number> {
    return commands.importResults(this.ctx, rows);
  }

  // ---------- the undo window of a publish ----------

  /**
   * Takes back a result just published (a correction gets its earlier number back, a first
   * publication is removed), so the notify service does not push it. Resolves the number now
   * stored (null: none).
   */
  undoResult(game: string, dateKey: string): Promise<string | null> {
    return commands.undoResult(this.ctx, game, dateKey);
  }

  /** Today's (or `dateKey`'s) results waiting for their push, soonest first. Admin only. */
  pendingPushes$(dateKey: string): Observable<Live<PendingPush[]>> {
    return this.memo(paths.pendingPushes(dateKey), () => commands.pendingPushes(this.ctx, dateKey));
  }

  /** The undo window in seconds (default 30 when never set). Admin only. */
  undoWindow$(): Observable<Live<number>> {
    return this.memo(paths.undoWindowSec, () => commands.undoWindow(this.ctx));
  }

  setUndoWindow(seconds: number): Promise<void> {
    return commands.setUndoWindow(this.ctx, seconds);
  }

  // ---------- scheduled publishing (the notify service publishes at the time) ----------

  /** Schedules (or changes) today's number of a game for `at` (ms). Admin only, audited. */
  scheduleResult(game: string, dateKey: string, number: string, at: number): Promise<void> {
    return commands.scheduleResult(this.ctx, game, dateKey, number, at);
  }

  /** Cancels a scheduled number before its time. Admin only, audited. */
  cancelScheduled(game: string, dateKey: string): Promise<void> {
    return commands.cancelScheduled(this.ctx, game, dateKey);
  }

  /** Every scheduled number, soonest first. Admin only. */
  scheduled$(): Observable<Live<ScheduledNumber[]>> {
    return this.memo(SCHEDULED, () => commands.scheduledNumbers(this.ctx));
  }

  // ---------- push subscriptions and the notify service (notifyClient.ts) ----------

  /** Hands a push subscription to the notify service, the only writer of the subscriptions. */
  saveSubscription(subscription: PushSubscriptionData): Promise<'saved' | 'exists'> {
    return notify.saveSubscription(this.ctx, subscription);
  }

  /**
   * Calls the notify service's test route as the signed-in admin; returns its message. Rejects
   * with SessionEndedError when the sign-in is over even with a fresh token.
   */
  sendTestNotification(): Promise<string> {
    return notify.sendTestNotification(this.ctx, (fresh) => this.idToken(fresh));
  }

  // ---------- lifecycle ----------

  /**
   * Starts the database client and opens its connection now. The SDK would do it on the first
   * listen: inside the render of the first widget that asks for data, about 20 ms of work that a
   * slow phone then cannot split, and only once that widget's code has arrived.
   */
  connect(): void {
    ref(this.db);
  }

  goOffline(): void {
    goOffline(this.db);
  }

  goOnline(): void {
    goOnline(this.db);
  }

  async dispose(): Promise<void> {
    await deleteApp(this.app);
  }

  // ---------- internals ----------

  /** One cached, shared stream per key, however many widgets read it. */
  private memo<T>(key: string, make: () => Observable<T>): Observable<Live<T>> {
    let stream = this.streams.get(key) as Observable<Live<T>> | undefined;
    if (!stream) {
      stream = cachedLive(this.cache, key, make());
      this.streams.set(key, stream as Observable<Live<unknown>>);
    }
    return stream;
  }
}

export { LOADING };
