import { Observable, concat, of, EMPTY, catchError, map, shareReplay, tap } from 'rxjs';
import type { Cache } from './cache.ts';
import { keepEqual } from './keepEqual.ts';

/**
 * What a widget renders: the data (possibly from the browser cache), whether it is still
 * unconfirmed by the server, and the last error. `data` stays when an error arrives, so a
 * dropped connection never blanks a table.
 */
export interface Live<T> {
  data: T | undefined;
  /** true while the data comes from the cache and no live answer has arrived yet */
  stale: boolean;
  error: Error | null;
  /** With stale data: when it was current (ms since 1970), if known. */
  at?: number;
}

export const LOADING: Live<never> = Object.freeze({ data: undefined, stale: true, error: null });

/**
 * Cache first: emit the last stored value at once, then every live value (storing it).
 * Shared with ref counting so that any number of widgets cost one listener.
 */
export function cachedLive<T>(cache: Cache, key: string, source: Observable<T>, atStart?: Live<T>): Observable<Live<T>> {
  const cached = cache.read<T>(key);
  const cachedAt = cache.readAt(key);
  const fromCache: Live<T> | undefined = cached === undefined ? undefined : { data: cached, stale: true, error: null, at: cachedAt };
  const start: Observable<Live<T>> = fromCache === undefined ? EMPTY : of(fromCache);
  let last: T | undefined = cached;
  let confirmed = false;
  let latest: Live<T> | undefined;
  const live = source.pipe(
    // The live answer usually repeats what is on screen (server-rendered or cached data): keep
    // its identity, so widgets memoised on the data skip re-rendering it.
    map((value) => keepEqual(last, value)),
    tap((value) => {
      last = value;
      confirmed = true;
      cache.write(key, value);
    }),
    map((value): Live<T> => ({ data: value, stale: false, error: null })),
    catchError((error: unknown) => {
      console.error(`data: stream ${key} failed`, error);
      return of<Live<T>>(
        !confirmed ? { data: last, stale: true, error: toError(error), at: cachedAt } : { data: last, stale: false, error: toError(error) },
      );
    }),
  );
  const stream = concat(start, live).pipe(
    tap((value) => (latest = value)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return withPeek(
    stream,
    () => latest ?? fromCache,
    () => atStart ?? fromCache,
  );
}

/**
 * What a stream would show right now, without subscribing: a component's first render uses it,
 * so a widget that mounts over server-rendered HTML (or with a warm cache) starts with the data
 * instead of a loading text. A subscription made only to peek would open a database listener
 * (and a REST request) just to close it again, hence the side table.
 */
const peeks = new WeakMap<Observable<unknown>, () => Live<unknown> | undefined>();
/** What each stream showed when the page started (see peekAtStart). */
const startPeeks = new WeakMap<Observable<unknown>, () => Live<unknown> | undefined>();

/** `atStart`: what the stream showed when the page started, for hydration (peekAtStart); by default what it shows now. */
export function withPeek<T>(
  source: Observable<Live<T>>,
  peek: () => Live<T> | undefined,
  atStart: () => Live<T> | undefined = peek,
): Observable<Live<T>> {
  peeks.set(source, peek);
  startPeeks.set(source, atStart);
  return source;
}

/**
 * What a stream showed when the page started: the data a server-rendered page came with. A
 * part that hydrates late (a widget below the first screen, once it is scrolled to) renders
 * that first, as the server did, however much has changed since; the live value follows right
 * after hydration. Without a side entry, what it shows now (peekLive).
 */
export function peekAtStart<T>(source: Observable<Live<T>>): Live<T> | undefined {
  const atStart = startPeeks.get(source) as (() => Live<T> | undefined) | undefined;
  return atStart ? atStart() : peekLive(source);
}

export function peekLive<T>(source: Observable<Live<T>>): Live<T> | undefined {
  const peek = peeks.get(source) as (() => Live<T> | undefined) | undefined;
  if (peek) return peek();
  // On the server (renderToString runs no effects) the streams are synchronous snapshots, and a
  // wrapped one (mf-chart's load timeout) has no side entry: its first synchronous value is it.
  if (typeof document !== 'undefined') return undefined;
  let first: Live<T> | undefined;
  source.subscribe((value) => (first ??= value)).unsubscribe();
  return first;
}

export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
