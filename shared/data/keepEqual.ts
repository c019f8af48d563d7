/**
 * `next`, reusing every part of `prev` that is deeply equal to it: a live answer that repeats
 * what the page already shows (the server-rendered data, the browser cache, an unchanged year
 * after a correction elsewhere) keeps its identity, so memoised widgets skip re-rendering 372
 * chart cells. Only JSON-like values (plain objects, arrays, primitives) are compared.
 */
export function keepEqual<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((item: unknown, i) => {
      const kept = keepEqual(prev[i], item);
      if (kept !== prev[i]) same = false;
      return kept;
    });
    return (same ? prev : out) as T;
  }
  if (isPlainObject(prev) && isPlainObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const had = Object.prototype.hasOwnProperty.call(prev, key);
      const kept = keepEqual(had ? prev[key] : undefined, next[key]);
      if (!had || kept !== prev[key]) same = false;
      out[key] = kept;
    }
    return (same ? prev : out) as T;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
