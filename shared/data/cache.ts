/**
 * Last-seen data kept in the browser, so a repeat visit paints at once (even offline) before
 * the live answer arrives. Values are JSON; a broken or foreign entry is ignored, never fatal.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'satta:v1:';

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
  write<T>(key: string, value: T): void;
}

export function createCache(store: KeyValueStore): Cache {
  return {
    read<T>(key: string): T | undefined {
      try {
        const raw = store.getItem(PREFIX + key);
        return raw == null ? undefined : (JSON.parse(raw) as T);
      } catch {
        return undefined;
      }
    },
    write<T>(key: string, value: T): void {
      try {
        store.setItem(PREFIX + key, JSON.stringify(value));
      } catch (error) {
        // A full quota must not break the page; the live data is still shown.
        console.warn('cache: could not store', key, error);
      }
    },
  };
}
