import { createCache, type KeyValueStore, browserStore } from './cache.ts';
import { AdminPart, type AdminCommands } from './admin.ts';
import { BrowserSource } from './browserSource.ts';
import { PublicData } from './publicData.ts';
import { RenderSource, type RenderDay } from './renderSource.ts';
import type { RuntimeConfig } from './config.ts';
import type { EventSourceFactory } from './rest.ts';
import { DEFAULT_TIMEZONE } from '../domain/siteTime.ts';

// The data service is the one face of the data layer; the work is done in its parts:
//   publicData.ts    the public part: every public read as a live value, from an injected source
//   source.ts        what a source answers; browserSource.ts (the page's data, the cache, the
//                    REST stream) and renderSource.ts (the render service's snapshot) answer it
//   publicReads.ts   the public pages' reads, each once: what it reads and how it is read
//   paths.ts         every database path (the specification's stored names)
//   rest.ts          the REST API: one-off reads and the live node's stream (no SDK)
//   admin.ts         the admin's part: the SDK, the sign-in and the admin's commands, loaded lazily
//   adminCommands.ts the admin's writes, each with its audit entry, and the admin's reads: one table
//   adminSdk.ts      the Firebase SDK (app, database, sign-in), loaded only for the admin
//   auth.ts          the sign-in, its SDK loaded lazily
//   notifyClient.ts  calls to the notify service

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
export { cacheKeys, homeWindowStart } from './publicReads.ts';
export type { FollowOptions } from './publicData.ts';
export { DEFAULT_UNDO_WINDOW_SEC, MAX_UNDO_WINDOW_SEC } from './types.ts';
export { LOADING } from './live.ts';

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
   * The render service's render (renderSource.ts): `seed` then holds every public read it keeps,
   * by cache key, and the service reads it only, on the site's day `day`, never the network;
   * `served` records the entries a render read: the page's inline data.
   */
  render?: RenderDay;
}

/**
 * The site's single data service: the public part (publicData.ts) over the page's source (the
 * browser's, or the render service's with `render`), and the admin's part (`admin`, admin.ts),
 * whose SDK and commands load on first use.
 */
export class DataService extends PublicData {
  /** The admin's part: the SDK, the sign-in and the admin's commands, loaded on first use. */
  readonly admin: AdminPart;
  /** The entries of `seed` a render read, by cache key: what the rendered page inlines (empty in a browser). */
  readonly served: Map<string, unknown>;

  constructor(config: RuntimeConfig, options: DataServiceOptions = {}) {
    const timezone = config.timezone ?? DEFAULT_TIMEZONE;
    const now = options.now ?? (() => new Date());
    const fetchFn = options.fetch ?? ((...args) => fetch(...args));
    const cache = createCache(options.store ?? browserStore());
    const served = new Map<string, unknown>();
    const page = options.seed ?? {};
    const source = options.render
      ? new RenderSource(page, options.render, served, now)
      : new BrowserSource({
          config,
          timezone,
          now,
          fetch: fetchFn,
          eventSource: options.eventSource ?? ((url) => new EventSource(url)),
          cache,
          page,
          pageAt: options.seedAt,
        });
    super(config, source, now);
    this.served = served;
    this.admin = new AdminPart(config, { appName: options.appName ?? '[DEFAULT]', timezone, now, fetch: fetchFn, cache });
  }

  /** Stops the page's live stream and the admin's SDK. */
  async dispose(): Promise<void> {
    this.source.dispose();
    await this.admin.dispose();
  }
}

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
