/** Database locations as arrays of keys, with the key rules the Firebase clients enforce. */

export type DbPath = readonly string[];

/** Thrown for a path or value a client must not send; becomes a 400 (REST) or an error status (wire). */
export class InvalidDataError extends Error {}

// Same character classes as the client's validation, so the server accepts exactly what the SDK sends.
// eslint-disable-next-line no-useless-escape -- the SDK's own pattern, character for character
const INVALID_KEY = /[\[\].#$\/\u0000-\u001F\u007F]/;
const MAX_KEY_BYTES = 768;

export function isValidKey(key: string): boolean {
  return key.length > 0 && !INVALID_KEY.test(key) && Buffer.byteLength(key) <= MAX_KEY_BYTES;
}

/** Firebase's limit on how many keys deep data may sit, counted from the root. */
export const MAX_DEPTH = 32;

/**
 * Throws unless `json`, written at a location `baseDepth` keys below the root, stays within MAX_DEPTH.
 * Iterative, so hostile nesting is refused before any recursive code (rules, tree, storage) sees it.
 */
export function checkDepth(json: unknown, baseDepth: number): void {
  const tooDeep = (): InvalidDataError => new InvalidDataError(`Invalid data: nested deeper than ${MAX_DEPTH} levels`);
  if (baseDepth > MAX_DEPTH) throw tooDeep();
  const stack: Array<{ value: unknown; depth: number }> = [{ value: json, depth: baseDepth }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      // `.value`, `.priority` and `.sv` describe the node itself, not a child.
      if (key.startsWith('.')) continue;
      if (depth + 1 > MAX_DEPTH) throw tooDeep();
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
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
