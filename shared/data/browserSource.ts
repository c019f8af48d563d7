import {
  BehaviorSubject,
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
import type { Cache } from './cache.ts';
import { cachedLive, type Live } from './live.ts';
import { cacheKeys, pageValue, type LiveView, type PublicRead } from './publicReads.ts';
import { restGet, restStream, restUrl, type EventSourceFactory, type RestRead } from './rest.ts';
import type { PublicSource } from './source.ts';
import { siteNow } from '../domain/siteTime.ts';
import { SPANS_KEY, type GameSpan } from '../domain/yearlyChart.ts';
import { LIVE_ROOT, readLiveNode, removedEntries, type LiveNode } from '../domain/liveNode.ts';

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

export interface BrowserSourceOptions {
  config: RuntimeConfig;
  timezone: string;
  now: () => Date;
  fetch: typeof fetch;
  /** Opens a REST stream (the browser's EventSource; tests in Node hand one in). */
  eventSource: EventSourceFactory;
  cache: Cache;
  /** The data a server-rendered page inlined, by cache key (none: a page the browser renders itself). */
  page: Readonly<Record<string, unknown>>;
  /** When the page's data was current. */
  pageAt: number | undefined;
}

/**
 * The browser's source: a page reads without the Firebase SDK. It starts from the data inlined
 * in its server-rendered HTML (or the browser cache), follows the one small live node over the
 * REST streaming API, lays today's numbers from it over what it holds, and reads a part again
 * (one REST GET) only when the live node's version of that part moves.
 */
export class BrowserSource implements PublicSource {
  private readonly page: Readonly<Record<string, unknown>>;
  private readonly pageLive: LiveNode | undefined;
  private readonly streamState = new BehaviorSubject<StreamState>('idle');
  private held: { unsubscribe(): void } | undefined;

  constructor(private readonly options: BrowserSourceOptions) {
    this.page = options.page;
    // The page's data is the cache's first (the spans and the live node are the page's alone).
    for (const [key, value] of Object.entries(this.page)) {
      if (key !== SPANS_KEY && key !== cacheKeys.live) options.cache.write(key, value, options.pageAt);
    }
    this.pageLive = cacheKeys.live in this.page ? readLiveNode(this.page[cacheKeys.live]) : undefined;
  }

  readonly today$: Observable<string> = defer(() => timer(0, 15_000).pipe(map(() => this.todayKey()))).pipe(
    distinctUntilChanged(),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  todayKey(): string {
    return siteNow(this.options.now(), this.options.timezone).dateKey;
  }

  pageTime(): number | undefined {
    return this.options.pageAt;
  }

  /**
   * The live node, followed over Firebase's REST streaming API while anything reads it. The
   * EventSource reconnects by itself after a network error; a stream the server cancels is
   * opened again after a pause.
   */
  private readonly liveNode$: Observable<LiveNode> = afterLoad().pipe(
    switchMap(() => restStream(this.options.eventSource, restUrl(this.options.config, { path: LIVE_ROOT }))),
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

  readonly connected$: Observable<boolean> = this.streamState.pipe(
    map((state) => state === 'open' || (state === 'idle' && (typeof navigator === 'undefined' || navigator.onLine !== false))),
    distinctUntilChanged(),
  );

  pageEntry(key: string): unknown {
    return this.page[key];
  }

  pageSpan(name: string): GameSpan | undefined {
    const spans = this.page[SPANS_KEY];
    return spans && typeof spans === 'object' ? (spans as Readonly<Record<string, GameSpan>>)[name] : undefined;
  }

  /**
   * From the page's data while the live node's version of the entry's part is the one the page
   * was rendered at; read (a REST GET) when the page has none and again whenever that version
   * moves; today's numbers of the live node laid over it. A read of no part (a finished year) is
   * read once and not followed.
   */
  follow<T>(entry: PublicRead<T>, fallback?: () => T): Observable<T> {
    const read: Observable<T> = defer(() => from(Promise.all(entry.reads.map((r) => this.get(r))))).pipe(
      map((nodes) => entry.read(nodes)),
      fallback
        ? catchError((error: unknown) => (console.warn(`data: could not read ${entry.key}`, error), of(fallback())))
        : retry(backoff),
    );
    const fromPage = pageValue(entry, (key) => this.pageEntry(key));
    const { part, merge } = entry;
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
    return (merge ? combineLatest([base, this.liveView$]).pipe(map(([value, live]) => merge(value, live))) : base).pipe(
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }

  /** Cache first; a key the page came with starts, for hydration, from the page's value (peekAtStart). */
  live<T>(key: string, values: Observable<T>, fixed: boolean): Observable<Live<T>> {
    const fromPage =
      key in this.page && !fixed ? ({ data: this.page[key] as T, stale: true, error: null, at: this.options.pageAt } as const) : undefined;
    return cachedLive(this.options.cache, key, values, fromPage);
  }

  get(read: RestRead): Promise<unknown> {
    return restGet(this.options.fetch, restUrl(this.options.config, read));
  }

  /**
   * Opens the live node's stream now, when the page's data came with the live node (a live
   * page): the connection then opens while the remotes' code loads, not after. A page that
   * follows nothing live (a finished year's chart) opens none.
   */
  connect(): void {
    if (this.pageLive && !this.held) this.held = this.liveView$.subscribe();
  }

  dispose(): void {
    this.held?.unsubscribe();
  }
}
