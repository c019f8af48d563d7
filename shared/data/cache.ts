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

export function createCache(store: KeyValueStore): Cache {
  const entry = (key: string): Entry | undefined => {
    try {
      const raw = store.getItem(PREFIX + key);
      if (raw == null) return undefined;
      const parsed = JSON.parse(raw) as Partial<Entry> | null;
      return parsed && typeof parsed.at === 'number' && 'value' in parsed ? (parsed as Entry) : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    read: <T>(key: string) => entry(key)?.value as T | undefined,
    readAt: (key) => entry(key)?.at,
    write<T>(key: string, value: T, at = Date.now()): void {
      try {
        store.setItem(PREFIX + key, JSON.stringify({ at, value }));
      } catch (error) {
        // A full quota must not break the page; the live data is still shown.
        console.warn('cache: could not store', key, error);
      }
    },
  };
}
