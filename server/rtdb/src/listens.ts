/**
 * The listens of one client and the data pushes a change causes for them.
 *
 * Plain listens (no tag) share the client's one server cache, so a change is sent once: at the written
 * location when a listen covers it, else at each listened location below it. Query listens (tagged) each
 * hold their own window: the server re-evaluates the query and sends only the children that entered,
 * left or changed, tagged so the client applies them to that query alone.
 */
import { setOwn } from './json.ts';
import { isPrefix, pathToString, related, type DbPath } from './path.ts';
import { evaluateQuery, type QuerySpec } from './query.ts';
import { getChild, toJSON, type DbNode } from './tree.ts';
import type { Change } from './namespace.ts';
import { PUSH, type DataPushAction } from './wire-names.ts';

/**
 * Listens one connection may hold. Each write is matched against every listen, so this bounds what one
 * client costs every writer; the site needs a handful, an app with many live views a few hundred.
 */
export const MAX_LISTENS_PER_CONNECTION = 1000;

export interface DataPush {
  action: DataPushAction;
  path: string;
  data: unknown;
  tag?: number;
}

interface Listen {
  path: DbPath;
  tag: number | null;
  query: QuerySpec | null;
  /** For a query: the result last sent, to diff against. */
  last: DbNode;
}

function listenKey(path: DbPath, tag: number | null): string {
  return tag === null ? `p:${pathToString(path)}` : `t:${tag}`;
}

function childrenDiff(prev: DbNode, next: DbNode): Record<string, unknown> | null {
  const before = prev !== null && prev.kind === 'branch' ? prev.children : new Map<string, DbNode>();
  const after = next !== null && next.kind === 'branch' ? next.children : new Map<string, DbNode>();
  const diff: Record<string, unknown> = {};
  let changed = false;
  for (const key of before.keys()) {
    if (!after.has(key)) {
      setOwn(diff, key, null);
      changed = true;
    }
  }
  for (const [key, child] of after) {
    if (before.get(key) !== child) {
      setOwn(diff, key, toJSON(child, true));
      changed = true;
    }
  }
  return changed ? diff : null;
}

export class ListenSet {
  private readonly listens = new Map<string, Listen>();

  /** Registers a listen and returns the data to send first. A query listen has a tag and a query. */
  add(path: DbPath, tag: number | null, query: QuerySpec | null, root: DbNode): DataPush {
    const at = getChild(root, path);
    if (tag !== null && query !== null) {
      const result = evaluateQuery(at, query);
      this.listens.set(listenKey(path, tag), { path, tag, query, last: result });
      return { action: PUSH.DATA, path: pathToString(path), data: toJSON(result, true), tag };
    }
    this.listens.set(listenKey(path, null), { path, tag: null, query: null, last: null });
    return { action: PUSH.DATA, path: pathToString(path), data: toJSON(at, true) };
  }

  /** Room for this listen: a new one within the limit, or one that replaces a listen already held. */
  canAdd(path: DbPath, tag: number | null): boolean {
    return this.listens.size < MAX_LISTENS_PER_CONNECTION || this.listens.has(listenKey(path, tag));
  }

  remove(path: DbPath, tag: number | null): boolean {
    return this.listens.delete(listenKey(path, tag));
  }

  get size(): number {
    return this.listens.size;
  }

  pushesFor(change: Change): DataPush[] {
    const pushes: DataPush[] = [];
    const plain: Listen[] = [];
    for (const l of this.listens.values()) {
      if (!related(l.path, change.path)) continue;
      if (l.tag === null) plain.push(l);
      else this.queryPush(l, change, pushes);
    }
    if (plain.length > 0) this.plainPushes(plain, change, pushes);
    return pushes;
  }

  private plainPushes(listens: Listen[], change: Change, pushes: DataPush[]): void {
    const { path, merge, newRoot, oldRoot } = change;
    if (listens.some((l) => isPrefix(l.path, path))) {
      pushes.push(writtenAt(path, merge, newRoot));
      return;
    }
    // Every listen is below the written location; the outermost ones cover the rest. Shorter paths come
    // first, so a listen is outer unless one of its own prefixes was: linear in the listens, not quadratic.
    const below = [...listens].sort((a, b) => a.path.length - b.path.length);
    const outerKeys = new Set<string>();
    const outer: Listen[] = [];
    for (const l of below) {
      let covered = false;
      for (let n = path.length + 1; n < l.path.length && !covered; n++) covered = outerKeys.has(pathToString(l.path.slice(0, n)));
      if (covered) continue;
      outerKeys.add(pathToString(l.path));
      outer.push(l);
    }
    for (const l of outer) {
      const after = getChild(newRoot, l.path);
      if (after === getChild(oldRoot, l.path)) continue;
      pushes.push(mergeBelow(l.path, path, merge, newRoot) ?? { action: PUSH.DATA, path: pathToString(l.path), data: toJSON(after, true) });
    }
  }

  private queryPush(l: Listen, change: Change, pushes: DataPush[]): void {
    const before = getChild(change.oldRoot, l.path);
    const after = getChild(change.newRoot, l.path);
    if (before === after || l.query === null || l.tag === null) return;
    const result = evaluateQuery(after, l.query);
    const previous = l.last;
    l.last = result;
    const inner = insideOneChild(l.path, change.path);
    if (inner !== null && sameKeys(previous, result) && hasChild(result, inner)) {
      // The window kept its children and the write went inside one of them: send just that write, not the child.
      pushes.push({ ...writtenAt(change.path, change.merge, change.newRoot), tag: l.tag });
      return;
    }
    const diff = childrenDiff(previous, result);
    if (diff !== null) pushes.push({ action: PUSH.MERGE, path: pathToString(l.path), data: diff, tag: l.tag });
  }
}

/** The child key of `base` that `path` lies strictly inside (below the child itself), or null. */
function insideOneChild(base: DbPath, path: DbPath): string | null {
  return path.length > base.length + 1 && isPrefix(base, path) ? (path[base.length] as string) : null;
}

function hasChild(node: DbNode, key: string): boolean {
  return node !== null && node.kind === 'branch' && node.children.has(key);
}

function sameKeys(a: DbNode, b: DbNode): boolean {
  const ka = a !== null && a.kind === 'branch' ? a.children : new Map<string, DbNode>();
  const kb = b !== null && b.kind === 'branch' ? b.children : new Map<string, DbNode>();
  if (ka.size !== kb.size) return false;
  for (const key of ka.keys()) if (!kb.has(key)) return false;
  return true;
}

function writtenAt(path: DbPath, merge: DbPath[] | null, root: DbNode): DataPush {
  if (merge === null) return { action: PUSH.DATA, path: pathToString(path), data: toJSON(getChild(root, path), true) };
  const data: Record<string, unknown> = {};
  for (const rel of merge) setOwn(data, pathToString(rel), toJSON(getChild(root, [...path, ...rel]), true));
  return { action: PUSH.MERGE, path: pathToString(path), data };
}

/**
 * An update above a listen whose entries all lie at or below the listened location: sending just those
 * entries beats resending the whole location (a visitor watching a big list gets one changed child).
 */
function mergeBelow(listenPath: DbPath, base: DbPath, merge: DbPath[] | null, root: DbNode): DataPush | null {
  if (merge === null) return null;
  const data: Record<string, unknown> = {};
  let any = false;
  for (const rel of merge) {
    const full = [...base, ...rel];
    if (isPrefix(listenPath, full)) {
      const inside = full.slice(listenPath.length);
      if (inside.length === 0) return null;
      setOwn(data, pathToString(inside), toJSON(getChild(root, full), true));
      any = true;
    } else if (isPrefix(full, listenPath)) {
      return null;
    }
  }
  return any ? { action: PUSH.MERGE, path: pathToString(listenPath), data } : null;
}
