import { Observable } from 'rxjs';
import type { RuntimeConfig } from './config.ts';
import { databaseNamespace } from './namespace.ts';
import { withRestQuery, type RestRead } from './restQuery.ts';

/*
 * The database's REST API, without the Firebase SDK: what a visitor's page needs to read the
 * public data once (GET `<databaseURL>/<path>.json`) and to follow the live node (Firebase's REST
 * streaming: an EventSource on the same URL, events put, patch, keep-alive, cancel and
 * auth_revoked). The SDK (about 52 KB gzip) loads only for the admin.
 */

export type { RestRead } from './restQuery.ts';

/** The URL of `read` on the configured database (the local emulator when the config names one). */
export function restUrl(config: Pick<RuntimeConfig, 'firebase' | 'emulators'>, read: RestRead): string {
  const base = new URL(config.firebase.databaseURL);
  const emulator = config.emulators?.database;
  const url = emulator ? new URL(`http://${emulator.host}:${emulator.port}/${read.path}.json`) : new URL(`/${read.path}.json`, base);
  const ns = databaseNamespace(base);
  if (emulator && ns) url.searchParams.set('ns', ns);
  return withRestQuery(url, read).toString();
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
  // Firebase stores an array as an object keyed 0, 1, ...: a later event inside it keeps its items.
  const node: Record<string, unknown> = isRecord(value) ? value : Array.isArray(value) ? { ...(value as unknown[]) } : {};
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

/** EventSource.CLOSED: the browser will not reconnect this source by itself. */
const CLOSED = 2;

/**
 * Firebase sends a `keep-alive` event every 30 s or so (observed, not documented): this long
 * without any event, the stream is taken as gone. Each time a stream is taken as gone the wait
 * doubles for that follower, up to STREAM_SILENCE_MAX_MS, so a server whose keep-alive is slower
 * costs one reopened stream, not one every 45 s.
 */
export const STREAM_SILENCE_MS = 45_000;
export const STREAM_SILENCE_MAX_MS = 6 * 60_000;

/**
 * Follows `url` with Firebase's REST streaming: a value after every put or patch, `closed` while
 * the connection is down, and an error when the server cancels the stream (access lost). The
 * EventSource reconnects by itself after a dropped connection, and the server then sends the
 * whole value again; a stream refused before it opened is opened again after a pause. Two losses
 * it cannot see are handled here: the browser going offline (the stream is
 * closed at once and opened again when it is back online), and a connection that went silent
 * (no event, not even a keep-alive, for `silenceMs`, then twice as long each time: opened again).
 */
export function restStream(open: EventSourceFactory, url: string, silenceMs = STREAM_SILENCE_MS): Observable<StreamState> {
  return new Observable<StreamState>((subscriber) => {
    let source: EventSourceLike | null = null;
    let value: unknown = null;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let silence = silenceMs;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        silence = Math.min(silence * 2, Math.max(silenceMs, STREAM_SILENCE_MAX_MS));
        stop();
        subscriber.next({ kind: 'closed' });
        if (!subscriber.closed) start();
      }, silence);
    };
    const start = () => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      const own = open(url);
      source = own;
      const onData = (type: 'put' | 'patch') => (event: Event) => {
        if (source !== own) return;
        heard();
        try {
          const message = JSON.parse((event as MessageEvent<string>).data) as { path?: unknown; data?: unknown };
          if (typeof message.path !== 'string') return;
          value = applyStreamEvent(value, type, message.path, message.data);
          subscriber.next({ kind: 'value', value });
        } catch (error) {
          console.warn('data: unreadable stream event', error);
        }
      };
      own.addEventListener('open', () => {
        if (source !== own) return;
        failures = 0;
        heard();
        subscriber.next({ kind: 'open' });
      });
      own.addEventListener('put', onData('put'));
      own.addEventListener('patch', onData('patch'));
      own.addEventListener('keep-alive', () => source === own && heard());
      own.addEventListener('error', () => {
        if (source !== own) return;
        subscriber.next({ kind: 'closed' });
        // A stream refused outright (an HTTP error before it ever opened) is not retried by the
        // browser: open it again after a pause, 1 s, 2 s, 4 s ... up to 30 s.
        if (own.readyState === CLOSED) {
          stop();
          failures += 1;
          retry = setTimeout(() => !subscriber.closed && start(), Math.min(30_000, 1000 * 2 ** (failures - 1)));
        }
      });
      own.addEventListener('cancel', (event) => {
        if (source !== own) return;
        subscriber.error(new Error(`data: the stream was cancelled: ${String((event as MessageEvent<unknown>).data)}`));
      });
      own.addEventListener('auth_revoked', () => source === own && subscriber.next({ kind: 'closed' }));
    };
    const stop = () => {
      clearTimeout(watchdog);
      clearTimeout(retry);
      source?.close();
      source = null;
    };
    const offline = () => {
      stop();
      subscriber.next({ kind: 'closed' });
    };
    const online = () => {
      if (!source) start();
    };
    const win = typeof window === 'undefined' ? undefined : window;
    win?.addEventListener('offline', offline);
    win?.addEventListener('online', online);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) subscriber.next({ kind: 'closed' });
    start();
    return () => {
      win?.removeEventListener('offline', offline);
      win?.removeEventListener('online', online);
      stop();
    };
  });
}
