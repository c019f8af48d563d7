/**
 * The immutable data tree of one database, and Firebase's orderings over it.
 *
 * Writes copy only the branches along the written path, so unchanged subtrees keep their identity:
 * change detection for listeners is a reference comparison, and old roots stay valid snapshots.
 */
import { setOwn } from './json.ts';
import { InvalidDataError, isValidKey, type DbPath } from './path.ts';

export type Priority = string | number | null;
export type Primitive = string | number | boolean;

export interface Leaf {
  readonly kind: 'leaf';
  readonly value: Primitive;
  readonly priority: Priority;
}

export interface Branch {
  readonly kind: 'branch';
  readonly children: ReadonlyMap<string, DbNode>;
  readonly priority: Priority;
  /** Keys in Firebase key order, computed on first use (queries by key binary-search it). */
  sorted: readonly string[] | undefined;
}

export type DataNode = Leaf | Branch;
/** null is the empty node: Firebase has no empty objects, a location without data simply has none. */
export type DbNode = DataNode | null;

export function leaf(value: Primitive, priority: Priority = null): Leaf {
  return { kind: 'leaf', value, priority };
}

export function branch(children: ReadonlyMap<string, DbNode>, priority: Priority = null, sorted?: readonly string[]): Branch {
  return { kind: 'branch', children, priority, sorted };
}

// ---------------------------------------------------------------------------------------------
// Orderings

const MIN_NAME = '[MIN_NAME]';
const MAX_NAME = '[MAX_NAME]';
export const NAME_BOUNDS = { MIN_NAME, MAX_NAME } as const;

const INTEGER_KEY = /^-?(0*)\d{1,10}$/;

function keyAsInt(key: string): number | null {
  if (!INTEGER_KEY.test(key)) return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Firebase key order: 32-bit integer keys numerically first, then other keys by UTF-16 code units. */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const ai = keyAsInt(a);
  const bi = keyAsInt(b);
  if (ai !== null) {
    if (bi === null) return -1;
    return ai === bi ? a.length - b.length : ai - bi;
  }
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

const LEAF_TYPE_ORDER = ['boolean', 'number', 'string'];

/** Value order of orderByValue/orderByChild: empty < false < true < numbers < strings < objects (objects tie). */
export function compareNodes(a: DbNode, b: DbNode): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  if (a.kind === 'branch') return b.kind === 'branch' ? 0 : 1;
  if (b.kind === 'branch') return -1;
  const ta = LEAF_TYPE_ORDER.indexOf(typeof a.value);
  const tb = LEAF_TYPE_ORDER.indexOf(typeof b.value);
  if (ta !== tb) return ta - tb;
  return a.value < b.value ? -1 : a.value === b.value ? 0 : 1;
}

export function priorityNode(priority: Priority): DbNode {
  return priority === null ? null : leaf(priority);
}

export function comparePriorities(a: Priority, b: Priority): number {
  return compareNodes(priorityNode(a), priorityNode(b));
}

export function sortedKeys(node: Branch): readonly string[] {
  if (node.sorted === undefined) node.sorted = [...node.children.keys()].sort(nameCompare);
  return node.sorted;
}

/** Index of the first key in `keys` not ordered before `key` (keys sorted by nameCompare). */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (nameCompare(keys[mid] as string, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------
// Reading and writing

export function getChild(node: DbNode, path: DbPath): DbNode {
  let cur = node;
  for (const key of path) {
    if (cur === null || cur.kind === 'leaf') return null;
    cur = cur.children.get(key) ?? null;
  }
  return cur;
}

function withChild(base: DbNode, key: string, child: DbNode): DbNode {
  const old = base !== null && base.kind === 'branch' ? base : null;
  const had = old !== null && old.children.has(key);
  if (child === null && !had) return base;
  const children = new Map(old?.children ?? []);
  if (child === null) children.delete(key);
  else children.set(key, child);
  if (children.size === 0) return null;
  // A leaf that gains a child keeps its priority, as in the client's LeafNode.updateChild.
  const priority = base?.priority ?? null;
  let sorted: readonly string[] | undefined;
  if (old?.sorted !== undefined) {
    // Keep the key order incrementally: re-sorting thousands of date keys on every write would dominate.
    if (child === null) sorted = old.sorted.filter((k) => k !== key);
    else if (had) sorted = old.sorted;
    else {
      const at = lowerBound(old.sorted, key);
      sorted = [...old.sorted.slice(0, at), key, ...old.sorted.slice(at)];
    }
  }
  return branch(children, priority, sorted);
}

export function setChild(node: DbNode, path: DbPath, value: DbNode, depth = 0): DbNode {
  if (depth === path.length) return value;
  const key = path[depth] as string;
  const oldChild = node !== null && node.kind === 'branch' ? (node.children.get(key) ?? null) : null;
  const newChild = setChild(oldChild, path, value, depth + 1);
  if (newChild === oldChild && node !== null && node.kind === 'branch') return node;
  return withChild(node, key, newChild);
}

/** The entries of an update as a tree: a key's value replaces that child, or its own entries go below it. */
interface MergeTrie {
  readonly children: Map<string, { value: DbNode } | MergeTrie>;
}

function isReplacement(x: { value: DbNode } | MergeTrie): x is { value: DbNode } {
  return 'value' in x;
}

/** Above this many changed keys in one node, its key order is sorted again when next used, not patched in place. */
const INCREMENTAL_SORT_LIMIT = 16;

/**
 * The node with the entries of `trie` applied: its children copied once, however many entries land in
 * it, so an update of n children costs O(n) (plus n log n for the key order when it is next used).
 */
function mergeNode(base: DbNode, trie: MergeTrie): DbNode {
  const old = base !== null && base.kind === 'branch' ? base : null;
  const children = new Map(old?.children ?? []);
  const added: string[] = [];
  let removed = false;
  let changed = false;
  for (const [key, entry] of trie.children) {
    const before = children.get(key) ?? null;
    const after = isReplacement(entry) ? entry.value : mergeNode(before, entry);
    if (after === before) continue;
    changed = true;
    if (after === null) {
      children.delete(key);
      removed = true;
    } else {
      if (before === null) added.push(key);
      children.set(key, after);
    }
  }
  if (!changed) return base;
  if (children.size === 0) return null;
  let sorted: readonly string[] | undefined;
  if (old?.sorted !== undefined && added.length + (removed ? 1 : 0) <= INCREMENTAL_SORT_LIMIT) {
    sorted = removed ? old.sorted.filter((k) => children.has(k)) : old.sorted;
    for (const key of added) {
      const at = lowerBound(sorted, key);
      sorted = [...sorted.slice(0, at), key, ...sorted.slice(at)];
    }
  }
  // A leaf that gains children keeps its priority, as in the client's LeafNode.updateChild.
  return branch(children, base?.priority ?? null, sorted);
}

/**
 * Applies an update (multi-path merge): every entry is a path relative to `base`, and no entry's path
 * lies below another's (the caller checks). Linear in the entries and in the children of the nodes
 * they change, however many entries share a parent.
 */
export function mergeAt(root: DbNode, base: DbPath, entries: ReadonlyArray<readonly [DbPath, DbNode]>): DbNode {
  const trie: MergeTrie = { children: new Map() };
  let whole: { value: DbNode } | null = null;
  for (const [rel, value] of entries) {
    if (rel.length === 0) {
      whole = { value };
      continue;
    }
    let at = trie;
    for (let i = 0; i < rel.length - 1; i++) {
      const key = rel[i] as string;
      let next = at.children.get(key);
      if (next === undefined || isReplacement(next)) {
        next = { children: new Map() };
        at.children.set(key, next);
      }
      at = next;
    }
    at.children.set(rel[rel.length - 1] as string, { value });
  }
  const current = getChild(root, base);
  const merged = mergeNode(whole === null ? current : whole.value, trie);
  return merged === current ? root : setChild(root, base, merged);
}

// ---------------------------------------------------------------------------------------------
// JSON conversion

function checkPriority(p: unknown): Priority {
  if (p === undefined || p === null) return null;
  if (typeof p === 'string' || (typeof p === 'number' && Number.isFinite(p))) return p;
  throw new InvalidDataError('Invalid .priority: must be a string, a number or null');
}

/**
 * Builds a node from JSON as clients send it (plain values, arrays, `.value`/`.priority` export format).
 * Server values (`.sv`) must have been resolved before.
 */
export function fromJSON(json: unknown): DbNode {
  if (json === null || json === undefined) return null;
  switch (typeof json) {
    case 'string':
    case 'boolean':
      return leaf(json);
    case 'number':
      if (!Number.isFinite(json)) throw new InvalidDataError('Invalid number: must be finite');
      return leaf(json);
    case 'object':
      break;
    default:
      throw new InvalidDataError(`Invalid value of type ${typeof json}`);
  }
  const obj = json as Record<string, unknown>;
  const priority = Array.isArray(obj) ? null : checkPriority(obj['.priority']);
  if (!Array.isArray(obj) && '.value' in obj) {
    const inner = fromJSON(obj['.value']);
    if (inner === null) return null;
    if (inner.kind === 'branch') throw new InvalidDataError('.value must be a primitive');
    return leaf(inner.value, priority);
  }
  if (!Array.isArray(obj) && '.sv' in obj) throw new InvalidDataError('Unresolved server value');
  const children = new Map<string, DbNode>();
  for (const key of Object.keys(obj)) {
    if (key === '.priority') continue;
    if (!isValidKey(key)) throw new InvalidDataError(`Invalid key "${key}": keys must not contain . # $ [ ] / or control characters`);
    const child = fromJSON(obj[key]);
    if (child !== null) children.set(key, child);
  }
  return children.size === 0 ? null : branch(children, priority);
}

/** JSON for a node; `exportFormat` keeps priorities as the wire protocol and snapshots carry them. */
export function toJSON(node: DbNode, exportFormat: boolean): unknown {
  if (node === null) return null;
  if (node.kind === 'leaf') {
    return exportFormat && node.priority !== null ? { '.value': node.value, '.priority': node.priority } : node.value;
  }
  // A plain object: targaryen accepts nothing else.
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.children) {
    if (key === '__proto__') setOwn(out, key, toJSON(child, exportFormat));
    else out[key] = toJSON(child, exportFormat);
  }
  if (exportFormat && node.priority !== null) out['.priority'] = node.priority;
  return out;
}
