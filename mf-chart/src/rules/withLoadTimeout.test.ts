import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Live } from '@satta/shared/data';
import { LoadTimeoutError, withLoadTimeout } from './withLoadTimeout.ts';

const loading: Live<number> = { data: undefined, stale: true, error: null };
const cached: Live<number> = { data: 1, stale: true, error: null };
const fresh: Live<number> = { data: 2, stale: false, error: null };

function scheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('withLoadTimeout', () => {
  it('adds a load error when nothing answers in time', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const out = withLoadTimeout(cold<Live<number>>('l', { l: loading }), 5);
      expectObservable(out).toBe('l 4ms e', {
        l: loading,
        e: { data: undefined, stale: false, error: new LoadTimeoutError(5) },
      });
    });
  });

  it('lets a late answer replace the error', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const out = withLoadTimeout(cold<Live<number>>('- 9ms f', { f: fresh }), 5);
      expectObservable(out).toBe('- 4ms e 4ms f', {
        e: { data: undefined, stale: false, error: new LoadTimeoutError(5) },
        f: fresh,
      });
    });
  });

  it('never fires once data has come, even from the cache', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const out = withLoadTimeout(cold<Live<number>>('c 19ms f', { c: cached, f: fresh }), 5);
      expectObservable(out).toBe('c 19ms f', { c: cached, f: fresh });
    });
  });
});
