/** Database locations as arrays of keys, with the key rules the Firebase clients enforce. */

export type DbPath = readonly string[];

/** Thrown for a path or value a client must not send; becomes a 400 (REST) or an error status (wire). */
export class InvalidDataError extends Error {}

// Same character classes as the client's validation, so the server accepts exactly what the SDK sends.
const INVALID_KEY = /[\[\].#$\/\u0000-\u001F\u007F]/;
const MAX_KEY_BYTES = 768;

export function isValidKey(key: string): boolean {
  return key.length > 0 && !INVALID_KEY.test(key) && Buffer.byteLength(key) <= MAX_KEY_BYTES;
}

export function parsePath(raw: string): DbPath {
  const keys = raw.split('/').filter((k) => k !== '');
  for (const key of keys) {
    if (!isValidKey(key)) throw new InvalidDataError(`Invalid path "${raw}": key "${key}" contains . # $ [ ] or control characters`);
  }
  return keys;
}

export function pathToString(path: DbPath): string {
  return path.join('/');
}

/** True when `a` is `b` or one of its ancestors. */
export function isPrefix(a: DbPath, b: DbPath): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function related(a: DbPath, b: DbPath): boolean {
  return isPrefix(a, b) || isPrefix(b, a);
}

/**
 * The client's setPriority writes to `<path>/.priority`, the one key with a dot a write may target.
 * Returns the node's path and whether the write is to its priority.
 */
export function parseWritePath(raw: string): { path: DbPath; priority: boolean } {
  const trimmed = raw.replace(/\/+$/, '');
  if (trimmed === '.priority' || trimmed.endsWith('/.priority')) {
    return { path: parsePath(trimmed.slice(0, -'.priority'.length)), priority: true };
  }
  return { path: parsePath(raw), priority: false };
}
