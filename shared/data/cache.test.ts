import { describe, expect, it, vi } from 'vitest';
import { createCache, memoryStore, type KeyValueStore } from './cache.ts';

/** A scheduler that runs the idle tasks only when told, with the idle time given. */
function manualIdle() {
  const tasks: ((deadline?: { timeRemaining(): number }) => void)[] = [];
  return {
    schedule: (task: (deadline?: { timeRemaining(): number }) => void) => void tasks.push(task),
    run(remaining: number[]) {
      const task = tasks.shift();
      task?.({ timeRemaining: () => remaining.shift() ?? 0 });
    },
    get waiting() {
      return tasks.length;
    },
  };
}

describe('createCache', () => {
  it('reads a written value back as the same object, and stores it when the page is idle', () => {
    const store = memoryStore();
    const idle = manualIdle();
    const cache = createCache(store, idle.schedule);
    const year = { '2026-11-01': '12', '2026-11-02': '34' };
    cache.write('year:Gali:2026', year, 1_763_000_000_000);
    expect(cache.read('year:Gali:2026')).toBe(year);
    expect(cache.readAt('year:Gali:2026')).toBe(1_763_000_000_000);
    expect(store.getItem('satta:v2:year:Gali:2026')).toBeNull();

    idle.run([10]);
    expect(store.getItem('satta:v2:year:Gali:2026')).toBe('{"at":1763000000000,"value":{"2026-11-01":"12","2026-11-02":"34"}}');
    expect(createCache(store).read('year:Gali:2026')).toEqual({ '2026-11-01': '12', '2026-11-02': '34' });
  });

  it('stores one entry per slice of idle time and asks for more idle time for the rest', () => {
    const store = memoryStore();
    const idle = manualIdle();
    const cache = createCache(store, idle.schedule);
    cache.write('a', 1, 1);
    cache.write('b', 2, 2);
    expect(idle.waiting).toBe(1);
    idle.run([5, 0]);
    expect(store.getItem('satta:v2:a')).toBe('{"at":1,"value":1}');
    expect(store.getItem('satta:v2:b')).toBeNull();
    expect(idle.waiting).toBe(1);
    idle.run([5]);
    expect(store.getItem('satta:v2:b')).toBe('{"at":2,"value":2}');
    expect(idle.waiting).toBe(0);
  });

  it('stores only the last of several writes of one key', () => {
    const store = memoryStore();
    const setItem = vi.spyOn(store, 'setItem');
    const idle = manualIdle();
    const cache = createCache(store, idle.schedule);
    cache.write('k', 'first', 1);
    cache.write('k', 'second', 2);
    idle.run([10, 10]);
    expect(setItem.mock.calls).toEqual([['satta:v2:k', '{"at":2,"value":"second"}']]);
  });

  it('keeps showing the value when the store is full', () => {
    const full: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const idle = manualIdle();
    const cache = createCache(full, idle.schedule);
    cache.write('k', ['12'], 1);
    idle.run([10]);
    expect(cache.read('k')).toEqual(['12']);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
