import { Observable } from 'rxjs';
import type { RuntimeConfig } from './config.ts';

/*
 * The database's REST API, without the Firebase SDK: what a visitor's page needs to read the
 * public data once (GET `<databaseURL>/<path>.json`) and to follow the live node (Firebase's REST
 * streaming: an EventSource on the same URL, events put, patch, keep-alive, cancel and
 * auth_revoked). The SDK (about 52 KB gzip) loads only for the admin.
 */

/** One REST read: a path and the query Firebase's REST API takes for it. */
export interface RestRead {
  path: string;
  /** `$key` or a child's name. */
  orderBy?: string;
  startAt?: string | number;
  endAt?: string | number;
  limitToFirst?: number;
  /** Children as `true` (their names only). */
  shallow?: boolean;
}

/** The URL of `read` on the configured database (the local emulator when the config names one). */
export function restUrl(config: Pick<RuntimeConfig, 'firebase' | 'emulators'>, read: RestRead): string {
  const base = new URL(config.firebase.databaseURL);
  const emulator = config.emulators?.database;
  const url = emulator ? new URL(`http://${emulator.host}:${emulator.port}/${read.path}.json`) : new URL(`/${read.path}.json`, base);
  const ns = base.searchParams.get('ns') ?? base.hostname.split('.')[0];
  if (emulator && ns) url.searchParams.set('ns', ns);
  if (read.shallow) url.searchParams.set('shallow', 'true');
  if (read.orderBy !== undefined) url.searchParams.set('orderBy', JSON.stringify(read.orderBy));
  if (read.startAt !== undefined) url.searchParams.set('startAt', JSON.stringify(read.startAt));
  if (read.endAt !== undefined) url.searchParams.set('endAt', JSON.stringify(read.endAt));
  if (read.limitToFirst !== undefined) url.searchParams.set('limitToFirst', String(read.limitToFirst));
  return url.toString();
}

/** GET one read; rejects on a failed request or an error answer. */
export async function restGet(fetchFn: typeof fetch, url: string): Promise<unknown> {
  const response = await fetchFn(url);
  if (!response.ok) throw new Error(`${url.split('?')[0]}: HTTP ${response.status}`);
  return (await response.json()) as unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A stream event applied to the value held so far: `put` replaces the value at `path` (relative
 * to the streamed location), `patch` replaces each named child there. Returns a new value and
 * shares every untouched branch with the old one.
 */
export function applyStreamEvent(value: unknown, type: 'put' | 'patch', path: string, data: unknown): unknown {
  const segments = path.split('/').filter((s) => s !== '');
  if (type === 'patch') {
    if (!isRecord(data)) return value;
    let next = value;
    for (const [child, childValue] of Object.entries(data)) {
      next = setIn(next, [...segments, ...child.split('/').filter((s) => s !== '')], childValue);
    }
    return next;
  }
  return setIn(value, segments, data);
}

function setIn(value: unknown, segments: string[], data: unknown): unknown {
  if (segments.length === 0) return data ?? null;
  const [head, ...rest] = segments as [string, ...string[]];
  const node = isRecord(value) ? value : {};
  const child = setIn(node[head], rest, data);
  const next: Record<string, unknown> = { ...node };
  if (child === null || (isRecord(child) && Object.keys(child).length === 0)) delete next[head];
  else next[head] = child;
  return Object.keys(next).length === 0 ? null : next;
}

/** What a stream tells its follower: the value at the location, or the connection's state. */
export type StreamState = { kind: 'value'; value: unknown } | { kind: 'open' } | { kind: 'closed' };

export type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;
export type EventSourceFactory = (url: string) => EventSourceLike;

/**
 * Follows `url` with Firebase's REST streaming: a value after every put or patch, `closed` while
 * the connection is down (the EventSource reconnects by itself, and the server then sends the
 * whole value again), and an error when the server cancels the stream (access lost).
 */
export function restStream(open: EventSourceFactory, url: string): Observable<StreamState> {
  return new Observable<StreamState>((subscriber) => {
    const source = open(url);
    let value: unknown = null;
    const onData = (type: 'put' | 'patch') => (event: Event) => {
      try {
        const message = JSON.parse((event as MessageEvent<string>).data) as { path?: unknown; data?: unknown };
        if (typeof message.path !== 'string') return;
        value = applyStreamEvent(value, type, message.path, message.data);
        subscriber.next({ kind: 'value', value });
      } catch (error) {
        console.warn('data: unreadable stream event', error);
      }
    };
    source.addEventListener('open', () => subscriber.next({ kind: 'open' }));
    source.addEventListener('put', onData('put'));
    source.addEventListener('patch', onData('patch'));
    source.addEventListener('error', () => subscriber.next({ kind: 'closed' }));
    source.addEventListener('cancel', (event) => {
      subscriber.error(new Error(`data: the stream was cancelled: ${String((event as MessageEvent<unknown>).data)}`));
    });
    source.addEventListener('auth_revoked', () => subscriber.next({ kind: 'closed' }));
    return () => source.close();
  });
}
