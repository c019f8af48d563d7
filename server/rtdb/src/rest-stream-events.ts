/**
 * The `put` or `patch` a REST event stream sends for one write: what brings a client's copy of the
 * streamed location (or query result) up to date, in the terms of Firebase's streaming protocol.
 *
 * A write becomes one event, never one per written path, so a client never shows half of an update.
 * The event covers the smallest changed subtree, with one adjustment: it never addresses a location
 * below one that was or has become something other than an object (absent, or a primitive), but that
 * location itself. A client then applies any event by assigning into an object it already holds,
 * without creating parents or pruning the ones a deletion emptied.
 */
import { setOwn } from './json.ts';
import { isPrefix, type DbPath } from './path.ts';
import { getChild, type Branch, type DbNode } from './tree.ts';
import type { Change } from './namespace.ts';

export interface StreamEvent {
  event: 'put' | 'patch';
  /** Relative to the streamed location; `/` is the location itself. */
  path: string;
  data: unknown;
}

/** JSON of a node in the format the stream was asked for (REST arrays, or the export format). */
export type Render = (node: DbNode) => unknown;

function isBranch(node: DbNode): node is Branch {
  return node !== null && node.kind === 'branch';
}

function slashPath(rel: DbPath): string {
  return '/' + rel.join('/');
}

/**
 * The first of the locations `rel.slice(0, n)` for n below `limit` that is not an object both before
 * and after the write, or null.
 */
function firstNonObject(before: DbNode, after: DbNode, rel: DbPath, limit: number): DbPath | null {
  let b = before;
  let a = after;
  for (let n = 0; n < limit; n++) {
    if (!isBranch(b) || !isBranch(a)) return rel.slice(0, n);
    const key = rel[n] as string;
    b = b.children.get(key) ?? null;
    a = a.children.get(key) ?? null;
  }
  return null;
}

function put(after: DbNode, rel: DbPath, render: Render): StreamEvent {
  return { event: 'put', path: slashPath(rel), data: render(getChild(after, rel)) };
}

function commonPrefix(paths: DbPath[]): DbPath {
  const [first, ...rest] = paths;
  if (first === undefined) return [];
  let n = first.length;
  for (const p of rest) {
    let i = 0;
    while (i < n && i < p.length && p[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n);
}

/** The event for `change` on a stream of the data at `at`; null when nothing there changed. */
export function locationEvent(at: DbPath, change: Change, render: Render): StreamEvent | null {
  const before = getChild(change.oldRoot, at);
  const after = getChild(change.newRoot, at);
  if (before === after) return null;
  const written = (change.merge ?? [[]]).map((rel) => [...change.path, ...rel]);
  // Relative to the location (empty for the location itself). A write above it leaves none, since no other
  // path of the same update lies inside one of its paths: the common prefix is then the location, put whole.
  const inside = written.filter((p) => isPrefix(at, p)).map((p) => p.slice(at.length));
  const base = commonPrefix(inside);
  if (inside.length <= 1) return put(after, firstNonObject(before, after, base, base.length) ?? base, render);
  // Paths of one update never contain each other, so each goes at least one key below their common prefix.
  const hoisted = firstNonObject(before, after, base, base.length + 1);
  if (hoisted !== null) return put(after, hoisted, render);
  const parent = getChild(after, base);
  const data: Record<string, unknown> = {};
  for (const rel of inside) {
    const key = rel[base.length] as string;
    setOwn(data, key, render(getChild(parent, [key])));
  }
  return { event: 'patch', path: slashPath(base), data };
}

/** The event that turns a query's last result into its next one; null when no child entered, left or changed. */
export function windowEvent(last: DbNode, next: DbNode, render: Render): StreamEvent | null {
  if (!isBranch(last) || !isBranch(next)) return last === next ? null : { event: 'put', path: '/', data: render(next) };
  const data: Record<string, unknown> = {};
  let changed = false;
  for (const key of last.children.keys()) {
    if (next.children.has(key)) continue;
    setOwn(data, key, null);
    changed = true;
  }
  for (const [key, child] of next.children) {
    if (last.children.get(key) === child) continue;
    setOwn(data, key, render(child));
    changed = true;
  }
  return changed ? { event: 'patch', path: '/', data } : null;
}
