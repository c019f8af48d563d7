import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  endAt,
  get,
  getDatabase,
  goOffline,
  goOnline,
  limitToFirst,
  orderByChild,
  orderByKey,
  push,
  query,
  ref,
  remove,
  serverTimestamp,
  set,
  startAt,
  update,
  type Database,
} from 'firebase/database';
import type { Auth, User } from 'firebase/auth';
import { Observable, combineLatest, defer, from, of, timer } from 'rxjs';
import { distinctUntilChanged, map, shareReplay, switchMap } from 'rxjs/operators';
import type { RuntimeConfig } from './config.ts';
import { createCache, type Cache, type KeyValueStore, browserStore } from './cache.ts';
import { cachedLive, LOADING, peekLive, withPeek, type Live } from './live.ts';
import { valueOf } from './firebaseStreams.ts';
import { DEFAULT_TIMEZONE, addDays, siteNow, isDateKey } from '../domain/siteTime.ts';
import { GAMES } from '../domain/games.ts';
import { readDayMetas, readGameNode, type DayMetas, type GameData, type DayResults } from '../domain/results.ts';
import { CORRECTIONS_WINDOW_MS, readCorrections, type Correction } from '../domain/corrections.ts';
import { normalizeNumber } from '../domain/numbers.ts';
import { normalizeTimeInput } from '../domain/time.ts';
import { readKhaiwals, type Khaiwal } from '../domain/agents.ts';
import { NOTIFY_CALL_TIMEOUT_MS, SessionEndedError } from './errors.ts';

export interface MainInfo {
  name?: string;
  phnnumber?: string;
  email?: string;
  banner?: string;
  notice?: string;
  channel?: string;
}
export type AdInfo = Record<string, { name: string; time: string }>;
export interface SignedInUser {
  uid: string;
  email: string | null;
  isAdmin: boolean;
}
export type KhaiwalInput = Omit<Khaiwal, 'id'>;
export interface WriteResult {
  /** true when the record did not exist before the write */
  created: boolean;
  previous: string | null;
}
export interface SetResultOptions {
  /** A back-filled result (dashboard 'Update Previous Number'): stored with `silent: true`, never pushed. */
  silent?: boolean;
}
/** A published result whose push waits for the end of its undo window (set by the notify service). */
export interface PendingPush {
  game: string;
  number: string;
  /** Server-clock milliseconds at which the push goes out unless the number is undone. */
  sendAt: number;
}
/** notifyState/undoWindowSec: seconds from publishing to pushing; absent = 30, 0 = at once. */
export const DEFAULT_UNDO_WINDOW_SEC = 30;
export const MAX_UNDO_WINDOW_SEC = 600;
export interface PushSubscriptionData {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

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

/** The site's single data service: live streams for the pages, commands for the admin. */
export class DataService {
  readonly app: FirebaseApp;
  readonly db: Database;
  readonly timezone: string;
  private readonly cache: Cache;
  private readonly now: () => Date;
  private readonly fetchFn: typeof fetch;
  private authPromise: Promise<AuthHandle> | undefined;
  private readonly streams = new Map<string, Observable<Live<unknown>>>();

  constructor(readonly config: RuntimeConfig, options: DataServiceOptions = {}) {
    this.app = initializeApp(config.firebase, options.appName ?? '[DEFAULT]');
    this.db = getDatabase(this.app);
    const emulator = config.emulators?.database;
    if (emulator) connectDatabaseEmulator(this.db, emulator.host, emulator.port);
    this.timezone = config.timezone ?? DEFAULT_TIMEZONE;
    this.cache = createCache(options.store ?? browserStore());
    this.now = options.now ?? (() => new Date());
    this.fetchFn = options.fetch ?? ((...args) => fetch(...args));
    for (const [key, value] of Object.entries(options.seed ?? {})) this.cache.write(key, value, options.seedAt);
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

  // ---------- public streams ----------

  /** `true` while the page has a live connection to the database. */
  readonly connected$: Observable<boolean> = defer(() => valueOf(ref(this.db, '.info/connected'))).pipe(
    map((v) => v === true),
    distinctUntilChanged(),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  /**
   * Names of the games in the database. Read shallowly over REST so that the list never
   * costs the games' history; falls back to the built-in registry when that read fails.
   */
  gameNames$(): Observable<Live<string[]>> {
    return this.memo(cacheKeys.gameNames, () =>
      defer(() => from(this.readGameNames())),
    );
  }

  /**
   * Every game with its time, place and the results from `fromKey` on (a date key).
   * One listener per game, each a key-range query, so the cost does not grow with history.
   */
  gamesSince$(fromKey: string): Observable<Live<GameData[]>> {
    return this.memo(cacheKeys.gamesSince(fromKey), () =>
      this.gameNames$().pipe(
        map((live) => live.data),
        distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
        switchMap((names) => {
          if (!names) return new Observable<GameData[]>();
          if (names.length === 0) return of([]);
          return combineLatest(
            names.map((name) =>
              valueOf(query(this.gameRef(name), orderByKey(), startAt(fromKey))).pipe(
                map((node) => readGameNode(name, node)),
              ),
            ),
          );
        }),
      ),
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
    return this.memo(cacheKeys.gameYear(name, year), () =>
      valueOf(query(this.gameRef(name), orderByKey(), startAt(`${year}-01-01`), endAt(`${year}-12-31`))).pipe(
        map((node) => readGameNode(name, node).results),
      ),
    );
  }

  /**
   * The publish times and earlier values of one game's year (see DayMeta), beside gameYear$.
   * The same query as gameYear$, so the database SDK listens once for both.
   */
  gameYearMeta$(name: string, year: number): Observable<Live<DayMetas>> {
    return this.memo(cacheKeys.gameYearMeta(name, year), () =>
      valueOf(query(this.gameRef(name), orderByKey(), startAt(`${year}-01-01`), endAt(`${year}-12-31`))).pipe(map(readDayMetas)),
    );
  }

  /** The public log of changed published numbers of the last 90 days, newest first. */
  corrections$(): Observable<Live<Correction[]>> {
    return this.memo(cacheKeys.corrections, () =>
      defer(() => {
        const since = this.now().getTime() - CORRECTIONS_WINDOW_MS;
        return valueOf(query(ref(this.db, 'corrections'), orderByChild('correctedAt'), startAt(since))).pipe(
          map((node) => readCorrections(node, since)),
        );
      }),
    );
  }

  /** Years (newest first) for which a game has results, from its earliest date key. */
  async gameYears(name: string): Promise<number[]> {
    const snapshot = await get(query(this.gameRef(name), orderByKey(), limitToFirst(1)));
    const current = siteNow(this.now(), this.timezone).year;
    const firstKey = Object.keys((snapshot.val() as Record<string, unknown> | null) ?? {})[0];
    const first = firstKey && isDateKey(firstKey) ? Number(firstKey.slice(0, 4)) : current;
    const years: number[] = [];
    for (let y = current; y >= Math.min(first, current); y--) years.push(y);
    return years;
  }

  khaiwals$(): Observable<Live<Khaiwal[]>> {
    return this.memo(cacheKeys.khaiwals, () => valueOf(ref(this.db, 'khaiwals')).pipe(map(readKhaiwals)));
  }

  mainInfo$(): Observable<Live<MainInfo>> {
    return this.memo(cacheKeys.mainInfo, () => valueOf(ref(this.db, 'mian')).pipe(map((v) => (v ?? {}) as MainInfo)));
  }

  adInfo$(): Observable<Live<AdInfo>> {
    return this.memo(cacheKeys.adInfo, () => valueOf(ref(this.db, 'adinfo')).pipe(map((v) => (v ?? {}) as AdInfo)));
  }

  // ---------- auth (loaded lazily: visitors never download it) ----------

  /** The signed-in user (or null). Subscribing loads the auth SDK. */
  readonly user$: Observable<SignedInUser | null> = defer(() => from(this.auth())).pipe(
    switchMap(
      ({ auth, mod }) =>
        new Observable<SignedInUser | null>((subscriber) =>
          mod.onIdTokenChanged(auth, (user) => {
            if (!user) return subscriber.next(null);
            toSignedInUser(user).then(
              (u) => subscriber.next(u),
              (error) => subscriber.error(error),
            );
          }),
        ),
    ),
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  async signIn(email: string, password: string): Promise<SignedInUser> {
    const { auth, mod } = await this.auth();
    const credential = await mod.signInWithEmailAndPassword(auth, email, password);
    return toSignedInUser(credential.user);
  }

  async signOut(): Promise<void> {
    const { auth, mod } = await this.auth();
    await mod.signOut(auth);
  }

  /** Re-authenticates with the current password first, as Firebase requires for this change. */
  async updatePassword(current: string, next: string): Promise<string> {
    const { auth, mod } = await this.auth();
    const user = auth.currentUser;
    if (!user?.email) throw new Error('Not signed in.');
    await mod.reauthenticateWithCredential(user, mod.EmailAuthProvider.credential(user.email, current));
    await mod.updatePassword(user, next);
    return 'Password updated successfully!';
  }

  /** The signed-in user's ID token; `fresh` asks the identity service for a new one. */
  async idToken(fresh = false): Promise<string | null> {
    const { auth } = await this.auth();
    return (await auth.currentUser?.getIdToken(fresh)) ?? null;
  }

  // ---------- admin commands ----------

  /**
   * Publishes a game's number for a date; reports whether the date was new. The times are the
   * server's, written in the same update as the number and its audit entry: a first publication
   * sets publishedAt and updatedAt; a different number on a published date is a correction
   * (keeps publishedAt, sets `was` and updatedAt, adds a public `corrections` entry); the same
   * number again writes nothing. `silent` marks a back-filled result, which is never pushed.
   */
  async setResult(game: string, dateKey: string, number: string, options: SetResultOptions = {}): Promise<WriteResult> {
    const value = normalizeNumber(number);
    if (value === null) throw new Error('Number must be two digits from 00 to 99.');
    if (!isDateKey(dateKey)) throw new Error(`Invalid date: ${dateKey}`);
    const path = `sattanamee/${game}/${dateKey}`;
    const before = (await get(ref(this.db, path))).val() as unknown;
    const previous = normalizeNumber(isRecord(before) ? before['number'] : before);
    const patch = this.resultPatch(game, dateKey, before, value, options.silent === true);
    if (patch) await this.writeAudited(patch, path, previous, value);
    return { created: before === null, previous };
  }

  async getResult(game: string, dateKey: string): Promise<string | null> {
    const snapshot = await get(ref(this.db, `sattanamee/${game}/${dateKey}/number`));
    return normalizeNumber(snapshot.val());
  }

  async setGameTime(game: string, time: string): Promise<string> {
    const value = normalizeTimeInput(time);
    if (value === null) throw new Error('Time must look like HH:MM AM/PM.');
    const path = `sattanamee/${game}/time`;
    const previous = (await get(ref(this.db, path))).val() as string | null;
    await this.writeAudited({ [path]: value }, path, previous, value);
    return value;
  }

  async setMainInfo(info: MainInfo): Promise<void> {
    const previous = (await get(ref(this.db, 'mian'))).val() as MainInfo | null;
    const patch: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(info)) patch[`mian/${k}`] = v;
    await this.writeAudited(patch, 'mian', previous, { ...previous, ...info });
  }

  async setAdInfo(info: AdInfo): Promise<void> {
    const previous = (await get(ref(this.db, 'adinfo'))).val() as AdInfo | null;
    await this.writeAudited({ adinfo: info }, 'adinfo', previous, info);
  }

  /** Creates (id null) or replaces an agent record; returns its id. */
  async saveKhaiwal(id: string | null, agent: KhaiwalInput): Promise<string> {
    const key = id ?? push(ref(this.db, 'khaiwals')).key;
    if (!key) throw new Error('Could not allocate an id for the khaiwal.');
    const path = `khaiwals/${key}`;
    const previous = id ? (await get(ref(this.db, path))).val() : null;
    const record = stripUndefined({ ...agent, updatedAt: serverTimestamp() });
    await this.writeAudited({ [path]: record }, path, previous, agent);
    return key;
  }

  async deleteKhaiwal(id: string): Promise<void> {
    const path = `khaiwals/${id}`;
    const previous = (await get(ref(this.db, path))).val();
    await this.writeAudited({ [path]: null }, path, previous, null);
  }

  /** The admin's audit trail, newest first. */
  audit$(): Observable<Live<AuditEntry[]>> {
    return this.memo('audit', () =>
      valueOf(ref(this.db, 'audit')).pipe(
        map((v) =>
          Object.entries((v ?? {}) as Record<string, AuditEntry>)
            .map(([id, e]) => ({ ...e, id }))
            .sort((a, b) => (b.at ?? 0) - (a.at ?? 0)),
        ),
      ),
    );
  }

  /**
   * Writes many results atomically (one multi-path update), with one audit entry. Every row is
   * back-filled (`silent`, never pushed); a row that changes a published number is also a
   * correction, and one that repeats the stored number writes nothing (see setResult).
   */
  async importResults(rows: { game: string; date: string; number: string }[]): Promise<number> {
    const wanted = new Map<string, { game: string; date: string; value: string }>();
    for (const row of rows) {
      const value = normalizeNumber(row.number);
      if (value === null || !isDateKey(row.date)) throw new Error(`Invalid row: ${row.date} ${row.game} ${row.number}`);
      wanted.set(`${row.game}/${row.date}`, { game: row.game, date: row.date, value });
    }
    // What is stored now, one key-range read per game rather than one read per row.
    const stored = new Map<string, Record<string, unknown>>();
    for (const game of new Set([...wanted.values()].map((w) => w.game))) {
      const dates = [...wanted.values()].filter((w) => w.game === game).map((w) => w.date).sort();
      const snapshot = await get(query(this.gameRef(game), orderByKey(), startAt(dates[0] ?? ''), endAt(dates[dates.length - 1] ?? '')));
      const node = snapshot.val() as unknown;
      stored.set(game, isRecord(node) ? node : {});
    }
    const patch: Record<string, unknown> = {};
    for (const { game, date, value } of wanted.values()) {
      Object.assign(patch, this.resultPatch(game, date, stored.get(game)?.[date] ?? null, value, true) ?? {});
    }
    if (Object.keys(patch).length > 0) await this.writeAudited(patch, 'sattanamee', null, `${rows.length} results imported`);
    return rows.length;
  }

  /**
   * The multi-path patch that puts `value` on `game`'s `dateKey`, given what is stored there
   * (`before`, the raw node): null when the number is already `value`.
   */
  private resultPatch(game: string, dateKey: string, before: unknown, value: string, silent: boolean): Record<string, unknown> | null {
    const path = `sattanamee/${game}/${dateKey}`;
    const node = isRecord(before) ? before : {};
    const previous = normalizeNumber(isRecord(before) ? before['number'] : before);
    if (previous === value) return null;
    if (previous === null) {
      // First publication: the whole node, so a stray field of an unreadable old node goes too.
      const record: Record<string, unknown> = { number: value, publishedAt: serverTimestamp(), updatedAt: serverTimestamp() };
      if (silent) record['silent'] = true;
      return { [path]: record };
    }
    const patch: Record<string, unknown> = {
      [`${path}/number`]: value,
      [`${path}/updatedAt`]: serverTimestamp(),
      [`${path}/was`]: previous,
    };
    // A live correction of a back-filled number is pushed like any publish: it is no longer silent.
    patch[`${path}/silent`] = silent ? true : null;
    const correctionKey = push(ref(this.db, 'corrections')).key;
    if (!correctionKey) throw new Error('Could not allocate an id for the correction.');
    const publishedAt = node['publishedAt'];
    patch[`corrections/${correctionKey}`] = {
      game,
      date: dateKey,
      from: previous,
      to: value,
      // Old data has no publication time; the entry then has none either.
      ...(typeof publishedAt === 'number' ? { publishedAt } : {}),
      correctedAt: serverTimestamp(),
    };
    return patch;
  }

  // ---------- the undo window of a publish ----------

  /**
   * Takes back a result just published: a correction gets its earlier number back (and its
   * corrections entry goes), a first publication is removed. One update with its audit entry.
   * The notify service sees the number gone or changed and does not push it.
   * Resolves the number now stored (null: none).
   */
  async undoResult(game: string, dateKey: string): Promise<string | null> {
    const path = `sattanamee/${game}/${dateKey}`;
    const before = (await get(ref(this.db, path))).val() as unknown;
    const node = isRecord(before) ? before : {};
    const number = normalizeNumber(node['number']);
    if (number === null) return null;
    const was = normalizeNumber(node['was']);
    if (was === null) {
      await this.writeAudited({ [path]: null }, path, number, null);
      return null;
    }
    const patch: Record<string, unknown> = {
      [`${path}/number`]: was,
      [`${path}/was`]: null,
      [`${path}/updatedAt`]: serverTimestamp(),
    };
    // The correction's log entry was written with the same server time as updatedAt.
    const since = typeof node['updatedAt'] === 'number' ? node['updatedAt'] : 0;
    const log = (await get(query(ref(this.db, 'corrections'), orderByChild('correctedAt'), startAt(since)))).val() as unknown;
    const entry = Object.entries(isRecord(log) ? log : {})
      .filter(([, c]) => isRecord(c) && c['game'] === game && c['date'] === dateKey && c['to'] === number)
      .sort(([, a], [, b]) => Number((b as Record<string, unknown>)['correctedAt']) - Number((a as Record<string, unknown>)['correctedAt']))[0];
    if (entry) patch[`corrections/${entry[0]}`] = null;
    await this.writeAudited(patch, path, number, was);
    return was;
  }

  /** Today's (or `dateKey`'s) results waiting for their push, soonest first. Admin only. */
  pendingPushes$(dateKey: string): Observable<Live<PendingPush[]>> {
    return this.memo(`notifyState/pending/${dateKey}`, () =>
      valueOf(ref(this.db, `notifyState/pending/${dateKey}`)).pipe(
        map((v) =>
          Object.entries(isRecord(v) ? v : {})
            .flatMap(([game, p]) => {
              const number = isRecord(p) ? normalizeNumber(p['number']) : null;
              const sendAt = isRecord(p) ? p['sendAt'] : null;
              return number !== null && typeof sendAt === 'number' ? [{ game, number, sendAt }] : [];
            })
            .sort((a, b) => a.sendAt - b.sendAt),
        ),
      ),
    );
  }

  /** The undo window in seconds (default 30 when never set). Admin only. */
  undoWindow$(): Observable<Live<number>> {
    return this.memo('notifyState/undoWindowSec', () =>
      valueOf(ref(this.db, 'notifyState/undoWindowSec')).pipe(map((v) => (typeof v === 'number' ? v : DEFAULT_UNDO_WINDOW_SEC))),
    );
  }

  async setUndoWindow(seconds: number): Promise<void> {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_UNDO_WINDOW_SEC) {
      throw new Error(`The undo window must be a whole number of seconds from 0 to ${MAX_UNDO_WINDOW_SEC}.`);
    }
    const path = 'notifyState/undoWindowSec';
    const previous = (await get(ref(this.db, path))).val() as unknown;
    await this.writeAudited({ [path]: seconds }, path, previous, seconds);
  }

  // ---------- push subscriptions and the notify service ----------

  /**
   * Hands a push subscription to the notify service, the only writer of webPushSubscriptions: a
   * page that could write there could fill the list with endpoints that never answer and hold up
   * every fan-out. The service stores an endpoint once (201 saved, 200 exists); the
   * specification's log lines follow its answer.
   */
  async saveSubscription(subscription: PushSubscriptionData): Promise<'saved' | 'exists'> {
    const response = await this.fetchFn(this.notifyUrl('/subscriptions'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(subscription),
      signal: AbortSignal.timeout(NOTIFY_CALL_TIMEOUT_MS),
    });
    if (response.status === 201) {
      console.log('Subscription saved to Firebase.');
      return 'saved';
    }
    if (response.status === 200) {
      console.log('Subscription already exists in Firebase.');
      return 'exists';
    }
    throw new Error(`The notify service refused the subscription: HTTP ${response.status} ${await response.text()}`);
  }

  /**
   * Calls the notify service's test route as the signed-in admin; returns its message. A token
   * refused with 401 may just be stale (the service checks revocation), so one fresh token is
   * tried; a second refusal means the sign-in itself is over ({@link SessionEndedError}).
   */
  async sendTestNotification(): Promise<string> {
    let response = await this.callSendTest(false);
    if (response.status === 401) response = await this.callSendTest(true);
    const text = await response.text();
    if (response.status === 401) throw new SessionEndedError(`The notify service refused the sign-in: ${text}`);
    if (!response.ok) throw new Error(text || `HTTP ${response.status}`);
    return text;
  }

  private async callSendTest(freshToken: boolean): Promise<Response> {
    let token: string | null;
    try {
      token = await this.idToken(freshToken);
    } catch (error) {
      // Refreshing fails when the refresh token itself was revoked: the sign-in is over.
      throw new SessionEndedError(`Could not refresh the sign-in: ${String(error)}`);
    }
    if (freshToken && !token) throw new SessionEndedError('Signed out.');
    return this.fetchFn(this.notifyUrl('/send-test'), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(NOTIFY_CALL_TIMEOUT_MS),
    });
  }

  private notifyUrl(path: string): string {
    if (!this.config.notifyUrl) throw new Error('No notify service configured (notifyUrl in /config.json).');
    return `${this.config.notifyUrl.replace(/\/+$/, '')}${path}`;
  }

  // ---------- lifecycle ----------

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

  private gameRef(name: string) {
    return ref(this.db, `sattanamee/${name}`);
  }

  private memo<T>(key: string, make: () => Observable<T>): Observable<Live<T>> {
    let stream = this.streams.get(key) as Observable<Live<T>> | undefined;
    if (!stream) {
      stream = cachedLive(this.cache, key, make());
      this.streams.set(key, stream as Observable<Live<unknown>>);
    }
    return stream;
  }

  private async readGameNames(): Promise<string[]> {
    const { databaseURL } = this.config.firebase;
    const emulator = this.config.emulators?.database;
    const base = new URL(databaseURL);
    const url = emulator
      ? new URL(`http://${emulator.host}:${emulator.port}/sattanamee.json`)
      : new URL('/sattanamee.json', base);
    url.searchParams.set('shallow', 'true');
    const ns = base.searchParams.get('ns') ?? base.hostname.split('.')[0];
    if (emulator && ns) url.searchParams.set('ns', ns);
    try {
      const response = await this.fetchFn(url.toString());
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as Record<string, unknown> | null;
      return Object.keys(body ?? {});
    } catch (error) {
      console.warn('data: could not list games, using the built-in list', error);
      return GAMES.map((g) => g.name);
    }
  }

  private async writeAudited(patch: Record<string, unknown>, path: string, previous: unknown, next: unknown) {
    const user = this.authPromise ? (await this.authPromise).auth.currentUser : null;
    const auditKey = push(ref(this.db, 'audit')).key;
    const entry = {
      uid: user?.uid ?? 'unknown',
      email: user?.email ?? null,
      at: serverTimestamp(),
      path,
      old: previous === undefined ? null : JSON.stringify(previous),
      new: next === undefined ? null : JSON.stringify(next),
    };
    await update(ref(this.db), { ...patch, [`audit/${auditKey}`]: entry });
  }

  private auth(): Promise<AuthHandle> {
    this.authPromise ??= import('firebase/auth').then((mod) => {
      // localStorage rather than getAuth()'s IndexedDB: with a service worker controlling the
      // page (ours caches the site), the IndexedDB persistence pings the worker and waits up to
      // 800 ms for an answer ours never gives, on every sign-in and token change.
      const auth = mod.initializeAuth(this.app, { persistence: [mod.browserLocalPersistence, mod.inMemoryPersistence] });
      const url = this.config.emulators?.auth;
      if (url) mod.connectAuthEmulator(auth, url, { disableWarnings: true });
      return { auth, mod };
    });
    return this.authPromise;
  }
}

export interface AuditEntry {
  id: string;
  uid: string;
  email: string | null;
  at: number;
  path: string;
  old: string | null;
  new: string | null;
}

interface AuthHandle {
  auth: Auth;
  mod: typeof import('firebase/auth');
}

async function toSignedInUser(user: User): Promise<SignedInUser> {
  const token = await user.getIdTokenResult();
  return { uid: user.uid, email: user.email, isAdmin: token.claims['admin'] === true };
}

/** First day the home page shows: yesterday on the 1st, otherwise the 1st of this month. */
export function homeWindowStart(todayKey: string): string {
  return todayKey.endsWith('-01') ? addDays(todayKey, -1) : `${todayKey.slice(0, 8)}01`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stripUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === undefined ? undefined : v))) as T;
}

export { LOADING };
