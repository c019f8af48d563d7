/**
 * Last-seen data kept in the browser, so a repeat visit paints at once (even offline) before
 * the live answer arrives. Values are JSON; a broken or foreign entry is ignored, never fatal.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

// v2: each entry is { at, value }; v1 entries (the bare value) are no longer read.
const PREFIX = 'satta:v2:';

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export function browserStore(): KeyValueStore {
  try {
    const store = globalThis.localStorage;
    if (store) {
      const probe = `${PREFIX}probe`;
      store.setItem(probe, '1');
      store.removeItem(probe);
      return store;
    }
  } catch {
    // Storage disabled (private mode, quota): fall through to memory.
  }
  return memoryStore();
}

export interface Cache {
  read<T>(key: string): T | undefined;
  /** When the stored value was current (ms since 1970), as given to write(). */
  readAt(key: string): number | undefined;
  /** `at`: when the value was current; by default now. */
  write<T>(key: string, value: T, at?: number): void;
}

/** One stored entry: the value and when it was current, so a page can say how old it is. */
interface Entry {
  at: number;
  value: unknown;
}

/** Runs `task` when the page is idle (soon in any case); where there is no idle callback, after a tick. */
export type IdleScheduler = (task: (deadline?: { timeRemaining(): number }) => void) => void;

const whenIdle: IdleScheduler = (task) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
};

/**
 * Entries are kept parsed in memory: a value written (the server-rendered page's data, a live
 * answer) is read back as the same object, never parsed again, and a stream starting from it
 * costs nothing. The store is written behind, when the page is idle (and at the latest when it
 * is hidden or left): a year of results is 10 to 100 KB of JSON, too much to stringify in the
 * middle of the page's start on a slow phone.
 */
export function createCache(store: KeyValueStore, schedule: IdleScheduler = whenIdle): Cache {
  const memory = new Map<string, Entry>();
  const unsaved = new Map<string, Entry>();
  let scheduled = false;
  const stored = (key: string): Entry | undefined => {
    try {
      const raw = store.getItem(PREFIX + key);
      if (raw == null) return undefined;
      const parsed = JSON.parse(raw) as Partial<Entry> | null;
      return parsed && typeof parsed.at === 'number' && 'value' in parsed ? (parsed as Entry) : undefined;
    } catch {
      return undefined;
    }
  };
  const entry = (key: string): Entry | undefined => {
    let found = memory.get(key);
    if (found === undefined) {
      found = stored(key);
      if (found !== undefined) memory.set(key, found);
    }
    return found;
  };
  /** Without a deadline (the page is going away) everything, else as much as the idle time allows. */
  const save = (deadline?: { timeRemaining(): number }) => {
    scheduled = false;
    for (const [key, value] of unsaved) {
      if (deadline && deadline.timeRemaining() <= 0) {
        scheduled = true;
        schedule(save);
        return;
      }
      unsaved.delete(key);
      try {
        store.setItem(PREFIX + key, JSON.stringify(value));
      } catch (error) {
        // A full quota must not break the page; the live data is still shown.
        console.warn('cache: could not store', key, error);
      }
    }
  };
  if (typeof addEventListener === 'function') {
    addEventListener('pagehide', () => save());
    addEventListener('visibilitychange', () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') save();
    });
  }
  return {
    read: <T>(key: string) => entry(key)?.value as T | undefined,
    readAt: (key) => entry(key)?.at,
    write<T>(key: string, value: T, at = Date.now()): void {
      const written = { at, value };
      memory.set(key, written);
      unsaved.set(key, written);
      if (!scheduled) {
        scheduled = true;
        schedule(save);
      }
    },
  };
}
