/**
 * Server values: `{".sv":"timestamp"}` becomes the server's time and `{".sv":{"increment":n}}` adds to the
 * number already stored (or starts from n). They are resolved before rules run and before logging, so
 * the rules see real values and replaying the log is deterministic.
 */
import { InvalidDataError, type DbPath } from './path.ts';
import { setOwn } from './json.ts';
import { getChild, type DbNode } from './tree.ts';

function resolveServerValue(sv: unknown, existing: DbNode, now: number): number {
  if (sv === 'timestamp') return now;
  if (sv !== null && typeof sv === 'object' && 'increment' in sv) {
    const delta = (sv as { increment: unknown }).increment;
    if (typeof delta !== 'number' || !Number.isFinite(delta)) throw new InvalidDataError('increment must be a finite number');
    return existing !== null && existing.kind === 'leaf' && typeof existing.value === 'number' ? existing.value + delta : delta;
  }
  throw new InvalidDataError(`Unknown server value ${JSON.stringify(sv)}`);
}

/** Returns `json` with every server value replaced; `root` is the data before the write. */
export function resolveServerValues(json: unknown, path: DbPath, root: DbNode, now: number): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map((v, i) => resolveServerValues(v, [...path, String(i)], root, now));
  const obj = json as Record<string, unknown>;
  if ('.sv' in obj) return resolveServerValue(obj['.sv'], getChild(root, path), now);
  // A plain object: targaryen only accepts those.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    const value = key.startsWith('.') ? obj[key] : resolveServerValues(obj[key], [...path, key], root, now);
    setOwn(out, key, value);
  }
  return out;
}
