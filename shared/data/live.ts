import { Observable, concat, of, EMPTY } from 'rxjs';
import { catchError, map, shareReplay, tap } from 'rxjs/operators';
import type { Cache } from './cache.ts';

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
}

export const LOADING: Live<never> = Object.freeze({ data: undefined, stale: true, error: null });

/**
 * Cache first: emit the last stored value at once, then every live value (storing it).
 * Shared with ref counting so that any number of widgets cost one listener.
 */
export function cachedLive<T>(cache: Cache, key: string, source: Observable<T>): Observable<Live<T>> {
  const cached = cache.read<T>(key);
  const start: Observable<Live<T>> = cached === undefined ? EMPTY : of({ data: cached, stale: true, error: null });
  let last: T | undefined = cached;
  const live = source.pipe(
    tap((value) => {
      last = value;
      cache.write(key, value);
    }),
    map((value): Live<T> => ({ data: value, stale: false, error: null })),
    catchError((error: unknown) => {
      console.error(`data: stream ${key} failed`, error);
      return of<Live<T>>({ data: last, stale: last === cached, error: toError(error) });
    }),
  );
  return concat(start, live).pipe(shareReplay({ bufferSize: 1, refCount: true }));
}

export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
