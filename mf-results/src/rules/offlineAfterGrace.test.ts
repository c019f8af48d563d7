import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { offlineAfterGrace } from './offlineAfterGrace.ts';

function scheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('offlineAfterGrace', () => {
  it('stays hidden when the first connection comes within the grace period', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const connected$ = cold('f 2ms t', { f: false, t: true });
      expectObservable(offlineAfterGrace(connected$, 5)).toBe('h', { h: false });
    });
  });

  it('shows after the connection has been missing for the whole grace period', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const connected$ = cold('t 9ms f', { f: false, t: true });
      // Lost at 10ms, shown at 15ms.
      expectObservable(offlineAfterGrace(connected$, 5)).toBe('h 14ms s', { h: false, s: true });
    });
  });

  it('hides again as soon as the connection is back', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const connected$ = cold('f 9ms t', { f: false, t: true });
      expectObservable(offlineAfterGrace(connected$, 5)).toBe('h 4ms s 4ms h', { h: false, s: true });
    });
  });

  it('reports a backend that never answers', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(offlineAfterGrace(cold<boolean>('-'), 5)).toBe('h 4ms s', { h: false, s: true });
    });
  });
});
