import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeWhile } from 'rxjs';
import { applyStreamEvent, restStream, restUrl, type EventSourceLike, type StreamState } from './rest.ts';
import { firstDateRead } from './publicReads.ts';

const EMULATOR = {
  firebase: { databaseURL: 'http://127.0.0.1:9000?ns=demo-x', projectId: 'demo-x' },
  emulators: { database: { host: '127.0.0.1', port: 9000 } },
};
const PRODUCTION = { firebase: { databaseURL: 'https://demo-x-default-rtdb.firebaseio.com', projectId: 'demo-x' } };

describe('restUrl', () => {
  it('reads from the emulator with the namespace of the database URL', () => {
    expect(restUrl(EMULATOR, { path: 'live' })).toBe('http://127.0.0.1:9000/live.json?ns=demo-x');
  });

  it('reads a key range in production with JSON-quoted, URL-encoded parameters', () => {
    expect(restUrl(PRODUCTION, { path: 'sattanamee/Gali', orderBy: '$key', startAt: '2026-11-01' })).toBe(
      'https://demo-x-default-rtdb.firebaseio.com/sattanamee/Gali.json?orderBy=%22%24key%22&startAt=%222026-11-01%22',
    );
  });

  it('writes a number bound without quotes and an emulator read keeps its ns first', () => {
    expect(restUrl(EMULATOR, { path: 'corrections', orderBy: 'correctedAt', startAt: 1795000000000 })).toBe(
      'http://127.0.0.1:9000/corrections.json?ns=demo-x&orderBy=%22correctedAt%22&startAt=1795000000000',
    );
  });

  it('reads shallowly', () => {
    expect(restUrl(PRODUCTION, { path: 'sattanamee', shallow: true })).toBe(
      'https://demo-x-default-rtdb.firebaseio.com/sattanamee.json?shallow=true',
    );
  });

  it('limits a key range to its first child', () => {
    expect(restUrl(PRODUCTION, firstDateRead('Gali'))).toBe(
      'https://demo-x-default-rtdb.firebaseio.com/sattanamee/Gali.json' +
        '?orderBy=%22%24key%22&startAt=%220000-01-01%22&endAt=%229999-12-31%22&limitToFirst=1',
    );
  });
});

describe('applyStreamEvent', () => {
  const value = {
    days: { '2026-11-25': { Gali: { n: '42', p: 1795600000000 } }, '2026-11-26': { Disawar: { n: '08' } } },
    v: { games: 1795600000000, mian: 1795500000000 },
  };

  it('replaces the whole value on a put at /', () => {
    expect(applyStreamEvent(value, 'put', '/', { v: { games: 1 } })).toEqual({ v: { games: 1 } });
    expect(applyStreamEvent(null, 'put', '/', { days: {} })).toEqual({ days: {} });
    expect(applyStreamEvent(value, 'put', '/', null)).toBeNull();
  });

  it('creates the branch of a put at a nested path and shares the untouched ones', () => {
    const next = applyStreamEvent(value, 'put', '/days/2026-11-26/Gali', { n: '17', p: 1795700000000 }) as typeof value;
    expect(next).toEqual({
      days: {
        '2026-11-25': { Gali: { n: '42', p: 1795600000000 } },
        '2026-11-26': { Disawar: { n: '08' }, Gali: { n: '17', p: 1795700000000 } },
      },
      v: { games: 1795600000000, mian: 1795500000000 },
    });
    expect(next.v).toBe(value.v);
    expect(next.days['2026-11-25']).toBe(value.days['2026-11-25']);
    expect(next.days['2026-11-26'].Disawar).toBe(value.days['2026-11-26'].Disawar);
    // The old value is left as it was.
    expect(value.days['2026-11-26']).toEqual({ Disawar: { n: '08' } });

    expect(applyStreamEvent(null, 'put', 'days/2026-11-27/Gali/n', '05')).toEqual({ days: { '2026-11-27': { Gali: { n: '05' } } } });
  });

  it('removes a path on a put of null and prunes the parents it left empty', () => {
    const next = applyStreamEvent(value, 'put', '/days/2026-11-26/Disawar', null) as typeof value;
    expect(next).toEqual({
      days: { '2026-11-25': { Gali: { n: '42', p: 1795600000000 } } },
      v: { games: 1795600000000, mian: 1795500000000 },
    });
    expect(next.v).toBe(value.v);
    expect(next.days['2026-11-25']).toBe(value.days['2026-11-25']);

    const small = { days: { '2026-11-26': { Gali: { n: '17' } } } };
    expect(applyStreamEvent(small, 'put', '/days/2026-11-26/Gali', null)).toBeNull();
    expect(applyStreamEvent(small, 'put', '/days/2026-11-26/Gali/n', null)).toBeNull();
  });

  it('replaces only the named children on a patch at /', () => {
    const next = applyStreamEvent(value, 'patch', '/', { v: { corrections: 1795800000000 }, other: 'x' }) as typeof value;
    expect(next).toEqual({
      days: { '2026-11-25': { Gali: { n: '42', p: 1795600000000 } }, '2026-11-26': { Disawar: { n: '08' } } },
      v: { corrections: 1795800000000 },
      other: 'x',
    });
    expect(next.days).toBe(value.days);
  });

  it('replaces only the named children on a patch at a nested path, multi-path children and nulls included', () => {
    const next = applyStreamEvent(value, 'patch', '/days', {
      '2026-11-26/Gali': { n: '17' },
      '2026-11-25': null,
    }) as typeof value;
    expect(next).toEqual({
      days: { '2026-11-26': { Disawar: { n: '08' }, Gali: { n: '17' } } },
      v: { games: 1795600000000, mian: 1795500000000 },
    });
    expect(next.v).toBe(value.v);
    expect(next.days['2026-11-26'].Disawar).toBe(value.days['2026-11-26'].Disawar);

    const games = applyStreamEvent(value, 'patch', '/v', { games: 1795900000000 }) as typeof value;
    expect(games.v).toEqual({ games: 1795900000000, mian: 1795500000000 });
    expect(games.days).toBe(value.days);
  });

  it('ignores a patch whose data is not an object', () => {
    expect(applyStreamEvent(value, 'patch', '/', null)).toBe(value);
  });

  it('keeps the items of an array that a later event writes into', () => {
    const held = applyStreamEvent(null, 'put', '/', { arr: ['x', 'y'] });
    expect(applyStreamEvent(held, 'put', '/arr/2', 'z')).toEqual({ arr: { 0: 'x', 1: 'y', 2: 'z' } });
    expect(applyStreamEvent(held, 'patch', '/arr', { 0: 'w' })).toEqual({ arr: { 0: 'w', 1: 'y' } });
    expect(applyStreamEvent(held, 'put', '/arr/0', null)).toEqual({ arr: { 1: 'y' } });
  });

  // The shapes Firebase's documentation gives for a stream (deep paths, a patch of multi-path
  // keys, a put of null that leaves its parent empty), beyond the ones the local server sends.
  it("applies the event shapes of Firebase's documentation", () => {
    const start = applyStreamEvent(undefined, 'put', '/', { a: 1, b: 2 });
    expect(start).toEqual({ a: 1, b: 2 });
    const deep = applyStreamEvent(start, 'put', '/c/d/e', { f: true });
    expect(deep).toEqual({ a: 1, b: 2, c: { d: { e: { f: true } } } });
    const patched = applyStreamEvent(deep, 'patch', '/c', { 'd/e/f': null, 'g/h': 'i', x: 3 });
    expect(patched).toEqual({ a: 1, b: 2, c: { g: { h: 'i' }, x: 3 } });
    expect(applyStreamEvent(patched, 'put', '/c', null)).toEqual({ a: 1, b: 2 });
    expect(applyStreamEvent({ a: 1 }, 'put', '/a', null)).toBe(null);
  });
});

/** An EventSource driven by hand: it records its listeners and whether it was closed. */
class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => unknown)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: EventListenerOrEventListenerObject | ((event: MessageEvent) => unknown)): void {
    const list = this.listeners.get(type) ?? [];
    list.push(typeof listener === 'function' ? (listener as (event: MessageEvent) => unknown) : (e) => listener.handleEvent(e));
    this.listeners.set(type, list);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  /** Dispatches `type` with `data` as the event's text (as Firebase sends it). */
  fire(type: string, data?: string): void {
    if (type === 'open') this.readyState = 1;
    const event = new MessageEvent(type, data === undefined ? {} : { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** A put or patch as Firebase's REST streaming sends it: `{ path, data }` as JSON. */
  send(type: 'put' | 'patch', path: string, data: unknown): void {
    this.fire(type, JSON.stringify({ path, data }));
  }
}

const URL_LIVE = 'http://127.0.0.1:9000/live.json?ns=demo-x';

/** An EventSource factory that keeps every source it made. */
function recordingFactory() {
  const sources: FakeEventSource[] = [];
  const open = vi.fn((url: string) => {
    const source = new FakeEventSource(url);
    sources.push(source);
    return source;
  });
  return { sources, open };
}

function follow(silenceMs?: number) {
  const { sources, open } = recordingFactory();
  const states: StreamState[] = [];
  const errors: unknown[] = [];
  const subscription = restStream(open, URL_LIVE, silenceMs).subscribe({
    next: (state) => states.push(state),
    error: (error: unknown) => errors.push(error),
  });
  const source = (i = sources.length - 1) => {
    const s = sources[i];
    if (!s) throw new Error(`no source ${i}`);
    return s;
  };
  return { open, sources, source, states, errors, subscription };
}

describe('restStream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the URL, says when the stream is open and emits the value after a put and a patch', () => {
    const { open, source, states } = follow();
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(URL_LIVE);
    source().fire('open');
    expect(states).toEqual([{ kind: 'open' }]);
    source().send('put', '/', { days: { '2026-11-26': { Gali: { n: '42' } } }, v: { games: 1795600000000 } });
    source().send('patch', '/days/2026-11-26', { Disawar: { n: '08' } });
    expect(states).toEqual([
      { kind: 'open' },
      { kind: 'value', value: { days: { '2026-11-26': { Gali: { n: '42' } } }, v: { games: 1795600000000 } } },
      { kind: 'value', value: { days: { '2026-11-26': { Gali: { n: '42' }, Disawar: { n: '08' } } }, v: { games: 1795600000000 } } },
    ]);
  });

  it('skips an unreadable event and one without a path', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { source, states } = follow();
    source().fire('open');
    source().fire('put', '{not json');
    source().fire('put', JSON.stringify({ data: { a: 1 } }));
    source().send('put', '/', { a: 1 });
    expect(states).toEqual([{ kind: 'open' }, { kind: 'value', value: { a: 1 } }]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('emits closed on an error and on auth_revoked, and open again when the source reconnects', () => {
    const { open, source, states } = follow();
    source().fire('open');
    source().fire('error');
    source().fire('open');
    source().fire('auth_revoked');
    expect(states).toEqual([{ kind: 'open' }, { kind: 'closed' }, { kind: 'open' }, { kind: 'closed' }]);
    expect(source().closed).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('fails with the reason of a cancel and closes the source', () => {
    const { source, errors, states } = follow();
    source().fire('open');
    source().fire('cancel', 'Permission denied');
    expect(states).toEqual([{ kind: 'open' }]);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toContain('Permission denied');
    expect(source().closed).toBe(true);
  });

  it('closes the source when unsubscribed', () => {
    const { source, subscription } = follow();
    source().fire('open');
    expect(source().closed).toBe(false);
    subscription.unsubscribe();
    expect(source().closed).toBe(true);
  });

  describe('offline and online', () => {
    let win: EventTarget;
    let nav: { onLine: boolean };
    beforeEach(() => {
      win = new EventTarget();
      nav = { onLine: true };
      vi.stubGlobal('window', win);
      vi.stubGlobal('navigator', nav);
    });

    it('closes the source when the browser goes offline and opens a new one when it is back', () => {
      const { open, sources, source, states, subscription } = follow();
      source().fire('open');
      source().send('put', '/', { v: { games: 1 } });

      nav.onLine = false;
      win.dispatchEvent(new Event('offline'));
      expect(source(0).closed).toBe(true);
      expect(states.at(-1)).toEqual({ kind: 'closed' });
      expect(open).toHaveBeenCalledTimes(1);

      nav.onLine = true;
      win.dispatchEvent(new Event('online'));
      expect(open).toHaveBeenCalledTimes(2);
      expect(sources).toHaveLength(2);
      expect(source(1)).not.toBe(source(0));
      expect(source(1).closed).toBe(false);

      // The old source is not listened to any more; the new one sends the whole value again.
      source(0).send('put', '/', { stale: true });
      source(1).fire('open');
      source(1).send('put', '/', { v: { games: 2 } });
      expect(states).toEqual([
        { kind: 'open' },
        { kind: 'value', value: { v: { games: 1 } } },
        { kind: 'closed' },
        { kind: 'open' },
        { kind: 'value', value: { v: { games: 2 } } },
      ]);

      subscription.unsubscribe();
      expect(source(1).closed).toBe(true);
      // Unsubscribed: the window's events no longer open anything.
      win.dispatchEvent(new Event('online'));
      expect(open).toHaveBeenCalledTimes(2);
    });

    it('opens nothing while offline at the start, and opens when the browser comes online', () => {
      nav.onLine = false;
      const { open, states } = follow();
      expect(open).not.toHaveBeenCalled();
      expect(states).toEqual([{ kind: 'closed' }]);
      nav.onLine = true;
      win.dispatchEvent(new Event('online'));
      expect(open).toHaveBeenCalledTimes(1);
    });

    it('does not open a second source on online while the first is still open', () => {
      const { open, source } = follow();
      source().fire('open');
      win.dispatchEvent(new Event('online'));
      expect(open).toHaveBeenCalledTimes(1);
    });
  });

  it('opens a stream again after a pause when it was refused before it opened (the browser would not)', () => {
    vi.useFakeTimers();
    const { open, source, states } = follow();
    // An HTTP error answer: the EventSource fails and stays closed.
    source().readyState = 2;
    source().fire('error');
    expect(states).toEqual([{ kind: 'closed' }]);
    expect(source(0).closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(open).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(2);
    // Refused again: the pause doubles.
    source(1).readyState = 2;
    source(1).fire('error');
    vi.advanceTimersByTime(1999);
    expect(open).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(3);
    source(2).fire('open');
    expect(states.at(-1)).toEqual({ kind: 'open' });
  });

  describe('silence', () => {
    const SILENCE = 45_000;
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('opens a new source after silenceMs without any event', () => {
      const { open, source, states } = follow(SILENCE);
      source().fire('open');
      vi.advanceTimersByTime(SILENCE - 1);
      expect(open).toHaveBeenCalledTimes(1);
      expect(source(0).closed).toBe(false);
      vi.advanceTimersByTime(1);
      expect(source(0).closed).toBe(true);
      expect(states).toEqual([{ kind: 'open' }, { kind: 'closed' }]);
      expect(open).toHaveBeenCalledTimes(2);
      expect(source(1).closed).toBe(false);

      // The replaced source's late events count for nothing; the new one is watched once it opens,
      // twice as long: a server whose keep-alive is slower than the wait costs one reopening.
      source(0).fire('keep-alive');
      source(1).fire('open');
      vi.advanceTimersByTime(SILENCE);
      expect(open).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(SILENCE);
      expect(open).toHaveBeenCalledTimes(3);
      expect(states).toEqual([{ kind: 'open' }, { kind: 'closed' }, { kind: 'open' }, { kind: 'closed' }]);
    });

    it('tolerates a keep-alive slower than the wait after one reopening, and waits six minutes at most', () => {
      const { open, source } = follow(SILENCE);
      source().fire('open');
      // A server that keeps alive every 60 s: the first stream is taken as gone once.
      vi.advanceTimersByTime(SILENCE);
      expect(open).toHaveBeenCalledTimes(2);
      source().fire('open');
      for (let minute = 0; minute < 30; minute += 1) {
        vi.advanceTimersByTime(60_000);
        source().fire('keep-alive');
      }
      expect(open).toHaveBeenCalledTimes(2);
      // A stream that really went silent is reopened after 90, 180, 360, then 360 s.
      for (const wait of [90_000, 180_000, 360_000, 360_000]) {
        const before = open.mock.calls.length;
        vi.advanceTimersByTime(wait - 1);
        expect(open).toHaveBeenCalledTimes(before);
        vi.advanceTimersByTime(1);
        expect(open).toHaveBeenCalledTimes(before + 1);
        source().fire('open');
      }
    });

    it('keeps the source while keep-alive events arrive before the deadline', () => {
      const { open, source, states } = follow(SILENCE);
      source().fire('open');
      vi.advanceTimersByTime(30_000);
      source().fire('keep-alive');
      vi.advanceTimersByTime(30_000);
      source().send('patch', '/v', { games: 1 });
      vi.advanceTimersByTime(30_000);
      source().fire('keep-alive');
      vi.advanceTimersByTime(SILENCE - 1);
      expect(open).toHaveBeenCalledTimes(1);
      expect(source(0).closed).toBe(false);
      expect(states).toEqual([{ kind: 'open' }, { kind: 'value', value: { v: { games: 1 } } }]);
      vi.advanceTimersByTime(1);
      expect(open).toHaveBeenCalledTimes(2);
    });

    it('uses STREAM_SILENCE_MS (45 s) by default', () => {
      const { open, source } = follow();
      source().fire('open');
      vi.advanceTimersByTime(44_999);
      expect(open).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(open).toHaveBeenCalledTimes(2);
    });

    it('stops watching once unsubscribed', () => {
      const { open, source, subscription } = follow(SILENCE);
      source().fire('open');
      subscription.unsubscribe();
      vi.advanceTimersByTime(SILENCE * 3);
      expect(open).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('leaves no source open when the follower unsubscribes on the closed of a silence', () => {
      const { sources, open } = recordingFactory();
      const states: StreamState[] = [];
      const subscription = restStream(open, URL_LIVE, SILENCE)
        .pipe(takeWhile((state) => state.kind !== 'closed'))
        .subscribe((state) => states.push(state));
      sources[0]?.fire('open');
      vi.advanceTimersByTime(SILENCE);
      expect(states).toEqual([{ kind: 'open' }]);
      expect(subscription.closed).toBe(true);
      // Once unsubscribed, nothing may stay open: the one source is closed and no other is opened.
      expect(sources.map((s) => s.closed)).toEqual([true]);
      expect(open).toHaveBeenCalledTimes(1);
    });
  });
});
