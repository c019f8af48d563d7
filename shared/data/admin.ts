import { Observable, defer, from, shareReplay, switchMap } from 'rxjs';
import type { RuntimeConfig } from './config.ts';
import type { Cache } from './cache.ts';
import { cachedLive, type Live } from './live.ts';
import type { AdminSdk } from './adminSdk.ts';
import type { adminCommands } from './adminCommands.ts';
import * as notify from './notifyClient.ts';
import type { DataContext, SignedInUser } from './types.ts';

/*
 * The admin's part of the data service: the Firebase SDK (adminSdk.ts) with the sign-in, and the
 * admin's commands (the table at the end of adminCommands.ts). Both modules are loaded with a
 * dynamic import on first use (signing in, the dashboard): a visitor's page never downloads them.
 * The commands are not written out again here: `commands` offers every entry of the table by its
 * name, typed from it, so a new command is one function and one line of that table.
 */

type Table = typeof adminCommands;

/** A command of the table as called: without the context; a stream (`…$`) as a live value. */
type Command<F> = F extends (ctx: never, ...args: infer A) => infer R
  ? (...args: A) => R extends Observable<infer T> ? Observable<Live<T>> : R
  : never;

/** The admin's commands, as the dashboard calls them. */
export type AdminCommands = { [K in keyof Table]: Command<Table[K]> };

/**
 * The commands that write: their context is the AdminContext (the signed-in user for the audit
 * entry). The dashboard puts each through its queue of pending writes (mf-admin's adminData.ts).
 */
export type AdminWriteName = { [K in keyof Table]: DataContext extends Parameters<Table[K]>[0] ? never : K }[keyof Table];

/** The admin's session: who is signed in, the SDK's connection, the sign-in and the notify service's test. */
export interface AdminSession {
  /** The signed-in user (or null). Subscribing loads the SDK. */
  readonly user$: Observable<SignedInUser | null>;
  /**
   * `true` while the admin's SDK is connected to the database (its `.info/connected`): the
   * dashboard's own connection, over which its writes go. Subscribing loads the SDK; a visitor's
   * page never reads it (its state is the public part's `connected$`, the REST stream's).
   */
  readonly adminConnected$: Observable<boolean>;
  signIn(email: string, password: string): Promise<SignedInUser>;
  signOut(): Promise<void>;
  /** Re-authenticates with the current password first, as Firebase requires for this change. */
  updatePassword(current: string, next: string): Promise<void>;
  /** The signed-in user's ID token; `fresh` asks the identity service for a new one. */
  idToken(fresh?: boolean): Promise<string | null>;
  /**
   * Calls the notify service's test route as the signed-in admin; returns its message. Rejects
   * with SessionEndedError when the sign-in is over even with a fresh token.
   */
  sendTestNotification(): Promise<string>;
}

export interface AdminPartOptions {
  /** Unique Firebase app name; tests create several services in one process. */
  appName: string;
  timezone: string;
  now: () => Date;
  fetch: typeof fetch;
  /** The page's cache: an admin stream starts from its last value there. */
  cache: Cache;
}

/** Names a Proxy is asked for by promises, JSON and React's checks: never commands. */
const NOT_COMMANDS = new Set(['then', 'toJSON', '$$typeof', 'constructor', 'asymmetricMatch', 'nodeType']);

export class AdminPart implements AdminSession {
  private sdk: Promise<AdminSdk> | undefined;
  private readonly callers = new Map<string, unknown>();
  private readonly streams = new Map<string, Observable<Live<unknown>>>();

  /**
   * Every command of adminCommands.ts's table by its name, e.g. `commands.setResult(game, date,
   * number)`: the first call loads the table and the SDK. A stream (`audit$(limit)`) is one
   * shared live value per arguments, starting from its last value in the page's cache.
   */
  readonly commands: AdminCommands = new Proxy({} as AdminCommands, {
    get: (_target, name) => (typeof name === 'string' && !NOT_COMMANDS.has(name) ? this.caller(name) : undefined),
  });

  constructor(
    readonly config: RuntimeConfig,
    private readonly options: AdminPartOptions,
  ) {}

  readonly user$: Observable<SignedInUser | null> = this.sdkStream((sdk) => sdk.session.user$).pipe(
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  readonly adminConnected$: Observable<boolean> = this.sdkStream((sdk) => sdk.connected$).pipe(
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  signIn(email: string, password: string): Promise<SignedInUser> {
    return this.adminSdk().then((sdk) => sdk.session.signIn(email, password));
  }

  signOut(): Promise<void> {
    return this.adminSdk().then((sdk) => sdk.session.signOut());
  }

  updatePassword(current: string, next: string): Promise<void> {
    return this.adminSdk().then((sdk) => sdk.session.updatePassword(current, next));
  }

  idToken(fresh = false): Promise<string | null> {
    return this.adminSdk().then((sdk) => sdk.session.idToken(fresh));
  }

  sendTestNotification(): Promise<string> {
    return notify.sendTestNotification({ config: this.config, fetch: this.options.fetch }, (fresh) => this.idToken(fresh));
  }

  /** The SDK's database client (loading the SDK): the admin's, and tests that write directly. */
  database(): Promise<AdminSdk['db']> {
    return this.adminSdk().then((sdk) => sdk.db);
  }

  /** Stops the SDK's connection (admin), if it was ever opened. */
  goOffline(): void {
    void this.sdk?.then((sdk) => sdk.goOffline());
  }

  goOnline(): void {
    void this.sdk?.then((sdk) => sdk.goOnline());
  }

  async dispose(): Promise<void> {
    if (this.sdk) await (await this.sdk).dispose();
  }

  private adminSdk(): Promise<AdminSdk> {
    const { appName, timezone, now, fetch } = this.options;
    this.sdk ??= import('./adminSdk.ts').then((m) => m.startAdminSdk(this.config, { appName, timezone, now, fetch }));
    return this.sdk;
  }

  private sdkStream<T>(use: (sdk: AdminSdk) => Observable<T>): Observable<T> {
    return defer(() => from(this.adminSdk())).pipe(switchMap(use));
  }

  /** One function per command name (a stable identity for the widgets' memos). */
  private caller(name: string): unknown {
    let caller = this.callers.get(name);
    if (!caller) {
      caller = name.endsWith('$') ? (...args: unknown[]) => this.stream(name, args) : (...args: unknown[]) => this.run(name, args);
      this.callers.set(name, caller);
    }
    return caller;
  }

  /** The table's entry `name` with the SDK's context, both loaded on first use. */
  private entry(name: string): Promise<(...args: unknown[]) => unknown> {
    return Promise.all([import('./adminCommands.ts'), this.adminSdk()]).then(([module, sdk]) => {
      const command = (module.adminCommands as Record<string, ((ctx: unknown, ...args: unknown[]) => unknown) | undefined>)[name];
      if (!command) throw new Error(`data: no admin command ${name}`);
      return (...args: unknown[]) => command(sdk.ctx, ...args);
    });
  }

  private run(name: string, args: unknown[]): Promise<unknown> {
    return this.entry(name).then((command) => command(...args));
  }

  private stream(name: string, args: unknown[]): Observable<Live<unknown>> {
    const key = `admin:${name}${JSON.stringify(args)}`;
    let stream = this.streams.get(key);
    if (!stream) {
      const values = defer(() => from(this.entry(name))).pipe(switchMap((command) => command(...args) as Observable<unknown>));
      stream = cachedLive(this.options.cache, key, values);
      this.streams.set(key, stream);
    }
    return stream;
  }
}
