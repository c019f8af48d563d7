import { afterEach, describe, expect, it, vi } from 'vitest';
import { Prewarmer } from './prewarm.ts';
import type { RenderData } from './renderData.ts';
import { PAGE_ROUTES } from './routing.ts';
import type { Snapshot } from './snapshot.ts';

/** A data source whose snapshots the test publishes, one after another. */
function source() {
  const watchers = new Set<() => void>();
  const data: RenderData & { publish(day: string): Snapshot } = {
    snapshot: null,
    onSnapshot: (watcher) => (watchers.add(watcher), () => watchers.delete(watcher)),
    publish(day) {
      const snapshot = { at: Date.now(), todayKey: day, entries: {} };
      data.snapshot = snapshot;
      for (const watcher of watchers) watcher();
      return snapshot;
    },
  };
  return data;
}

afterEach(() => vi.useRealTimers());

describe('the warm loop under a crawler', () => {
  it('looks at the pages at most once per gap, for the newest snapshot, however many come', async () => {
    vi.useFakeTimers();
    const data = source();
    const warmed: Array<[string, Snapshot]> = [];
    const prewarm = new Prewarmer(data, (route, snapshot) => warmed.push([route, snapshot]), 3_600_000, 250);
    const first = data.publish('2026-11-28');
    await vi.advanceTimersByTimeAsync(10);
    expect(warmed).toEqual(PAGE_ROUTES.map((route) => [route, first]));
    // A crawler brings in a year every 10 ms: 20 snapshots within 200 ms.
    let last = first;
    for (let i = 0; i < 20; i += 1) {
      last = data.publish('2026-11-28');
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(300);
    // One more pass, for the last snapshot, not twenty.
    expect(warmed.length).toBe(2 * PAGE_ROUTES.length);
    expect(warmed.slice(PAGE_ROUTES.length)).toEqual(PAGE_ROUTES.map((route) => [route, last]));
    prewarm.stop();
  });
});
