/**
 * Server values: `{".sv":"timestamp"}` becomes the server's time and `{".sv":{"increment":n}}` adds to the
 * number already stored (or starts from n), as a value, as a `.value` or as a `.priority`. They are resolved before rules run and before logging, so
 * the rules see real values and replaying the log is deterministic.
 */
import { InvalidDataError, type DbPath } from './path.ts';
import { setOwn } from './json.ts';
import { getChild, priorityNode, type DbNode } from './tree.ts';

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
    setOwn(out, key, resolveMember(obj, key, path, root, now));
  }
  return out;
}

/** `.value` is the node itself and `.priority` its priority (an increment adds to the stored one); other keys are children. */
function resolveMember(obj: Record<string, unknown>, key: string, path: DbPath, root: DbNode, now: number): unknown {
  if (key === '.value') return resolveServerValues(obj[key], path, root, now);
  if (key === '.priority') return resolvePriority(obj[key], path, root, now);
  return resolveServerValues(obj[key], [...path, key], root, now);
}

/** A new priority for the node at `path`, which may be a server value. */
export function resolvePriority(priority: unknown, path: DbPath, root: DbNode, now: number): unknown {
  if (priority === null || typeof priority !== 'object' || !('.sv' in priority)) return priority;
  return resolveServerValue((priority as { '.sv': unknown })['.sv'], priorityNode(getChild(root, path)?.priority ?? null), now);
}
