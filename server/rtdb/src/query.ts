/**
 * Queries evaluated on the server, so a client downloads only the children it asked for.
 * Semantics follow the client's RangedFilter/LimitedFilter: a child is inside the window when its
 * (index value, key) pair is between the start and end posts; the limit then keeps the first or last n.
 */
import { InvalidDataError, parsePath, pathToString, type DbPath } from './path.ts';
import {
  branch,
  compareNodes,
  getChild,
  leaf,
  lowerBound,
  NAME_BOUNDS,
  nameCompare,
  priorityNode,
  sortedKeys,
  type Branch,
  type DbNode,
  type Primitive,
} from './tree.ts';
import type { TargaryenQuery } from 'targaryen';
import { QUERY, VIEW_FROM_RIGHT } from './wire-names.ts';

export type IndexSpec = { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: DbPath };

export interface Bound {
  value: Primitive | null;
  /** Key tie-breaker; MIN_NAME/MAX_NAME when the client gave none. For the key index it is the key itself. */
  name: string;
  inclusive: boolean;
}

export interface QuerySpec {
  index: IndexSpec;
  start: Bound | null;
  end: Bound | null;
  limit: number | null;
  fromRight: boolean;
}

const { MIN_NAME, MAX_NAME } = NAME_BOUNDS;

function parseIndex(i: unknown): IndexSpec {
  if (i === undefined || i === '.priority') return { kind: 'priority' };
  if (i === '.key') return { kind: 'key' };
  if (i === '.value') return { kind: 'value' };
  if (typeof i === 'string' && i !== '') return { kind: 'child', path: parsePath(i) };
  throw new InvalidDataError(`Invalid query index ${JSON.stringify(i)}`);
}

function boundValue(v: unknown, index: IndexSpec): Primitive | null {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) {
    if (index.kind === 'key' && typeof v !== 'string') throw new InvalidDataError('Query by key needs string bounds');
    return v;
  }
  throw new InvalidDataError(`Invalid query bound ${JSON.stringify(v)}`);
}

function makeBound(index: IndexSpec, value: unknown, name: unknown, inclusive: boolean, defaultName: string): Bound {
  const v = boundValue(value, index);
  if (index.kind === 'key') return { value: v, name: v as string, inclusive };
  if (name !== undefined && typeof name !== 'string') throw new InvalidDataError('Invalid query key bound');
  return { value: v, name: name ?? defaultName, inclusive };
}

function parseLimit(l: unknown): number {
  if (typeof l !== 'number' || !Number.isInteger(l) || l <= 0) throw new InvalidDataError(`Invalid query limit ${JSON.stringify(l)}`);
  return l;
}

/** The `q` object of the wire protocol (the client's queryParamsGetQueryObject). */
export function parseWireQuery(q: unknown): QuerySpec {
  const obj = q !== null && typeof q === 'object' ? (q as Record<string, unknown>) : {};
  const index = parseIndex(obj[QUERY.INDEX]);
  const start =
    QUERY.START_VALUE in obj
      ? makeBound(index, obj[QUERY.START_VALUE], obj[QUERY.START_NAME], obj[QUERY.START_INCLUSIVE] !== false, MIN_NAME)
      : null;
  const end =
    QUERY.END_VALUE in obj
      ? makeBound(index, obj[QUERY.END_VALUE], obj[QUERY.END_NAME], obj[QUERY.END_INCLUSIVE] !== false, MAX_NAME)
      : null;
  const limit = QUERY.LIMIT in obj ? parseLimit(obj[QUERY.LIMIT]) : null;
  return { index, start, end, limit, fromRight: obj[QUERY.VIEW_FROM] === VIEW_FROM_RIGHT };
}

function parseRestValue(raw: string): { value: unknown; name?: string } {
  try {
    return { value: JSON.parse(raw) };
  } catch {
    // `value,"key"` as the client's queryParamsToRestQueryStringParameters writes it.
    const comma = raw.lastIndexOf(',');
    if (comma > 0) {
      try {
        const name: unknown = JSON.parse(raw.slice(comma + 1));
        if (typeof name === 'string') return { value: JSON.parse(raw.slice(0, comma)), name };
      } catch {
        // fall through to the error below
      }
    }
    throw new InvalidDataError(`Invalid query parameter value ${raw}`);
  }
}

/** REST query parameters (orderBy, startAt, ..., limitToLast); null when the request has none. */
export function parseRestQuery(params: URLSearchParams): QuerySpec | null {
  const filters = ['startAt', 'startAfter', 'endAt', 'endBefore', 'equalTo', 'limitToFirst', 'limitToLast'];
  const orderBy = params.get('orderBy');
  const hasFilter = filters.some((f) => params.has(f));
  if (orderBy === null) {
    if (hasFilter) throw new InvalidDataError('orderBy must be defined when other query parameters are defined');
    return null;
  }
  const ob = parseRestValue(orderBy).value;
  const index = parseIndex(ob === '$key' ? '.key' : ob === '$value' ? '.value' : ob === '$priority' ? '.priority' : ob);
  let start: Bound | null = null;
  let end: Bound | null = null;
  const param = (name: string): { value: unknown; name?: string } | null => {
    const raw = params.get(name);
    return raw === null ? null : parseRestValue(raw);
  };
  const startAt = param('startAt');
  const startAfter = param('startAfter');
  const endAt = param('endAt');
  const endBefore = param('endBefore');
  const equalTo = param('equalTo');
  if (startAt) start = makeBound(index, startAt.value, startAt.name, true, MIN_NAME);
  if (startAfter) start = makeBound(index, startAfter.value, startAfter.name, false, MAX_NAME);
  if (endAt) end = makeBound(index, endAt.value, endAt.name, true, MAX_NAME);
  if (endBefore) end = makeBound(index, endBefore.value, endBefore.name, false, MIN_NAME);
  if (equalTo) {
    start = makeBound(index, equalTo.value, equalTo.name, true, MIN_NAME);
    end = makeBound(index, equalTo.value, equalTo.name, true, MAX_NAME);
  }
  const first = params.get('limitToFirst');
  const last = params.get('limitToLast');
  if (first !== null && last !== null) throw new InvalidDataError('limitToFirst and limitToLast cannot both be set');
  const limitRaw = first ?? last;
  const limit = limitRaw === null ? null : parseLimit(Number(limitRaw));
  return { index, start, end, limit, fromRight: last !== null };
}

/** A query without range or limit returns all children: clients send those as plain listens. */
export function loadsAllData(spec: QuerySpec): boolean {
  return spec.start === null && spec.end === null && spec.limit === null;
}

function indexValue(index: IndexSpec, child: DbNode): DbNode {
  switch (index.kind) {
    case 'priority':
      return priorityNode(child?.priority ?? null);
    case 'value':
      return child;
    case 'child':
      return getChild(child, index.path);
    case 'key':
      return null;
  }
}

function boundNode(bound: Bound): DbNode {
  return bound.value === null ? null : leaf(bound.value);
}

interface Entry {
  key: string;
  child: DbNode;
  value: DbNode;
}

/** Compares a post (bound) to an entry, like Index.compare(post, namedNode) in the client. */
function comparePost(index: IndexSpec, bound: Bound, entry: Entry): number {
  if (index.kind === 'key') return nameCompare(bound.name, entry.key);
  return compareNodes(boundNode(bound), entry.value) || nameCompare(bound.name, entry.key);
}

function inWindow(spec: QuerySpec, entry: Entry): boolean {
  if (spec.start) {
    const c = comparePost(spec.index, spec.start, entry);
    if (spec.start.inclusive ? c > 0 : c >= 0) return false;
  }
  if (spec.end) {
    const c = comparePost(spec.index, spec.end, entry);
    if (spec.end.inclusive ? c < 0 : c <= 0) return false;
  }
  return true;
}

function applyLimit<T>(items: T[], spec: QuerySpec): T[] {
  if (spec.limit === null || items.length <= spec.limit) return items;
  return spec.fromRight ? items.slice(items.length - spec.limit) : items.slice(0, spec.limit);
}

function evaluateByKey(node: Branch, spec: QuerySpec): DbNode {
  const keys = sortedKeys(node);
  let from = 0;
  let to = keys.length;
  if (spec.start) {
    from = lowerBound(keys, spec.start.name);
    if (!spec.start.inclusive && keys[from] === spec.start.name) from++;
  }
  if (spec.end) {
    to = lowerBound(keys, spec.end.name);
    if (spec.end.inclusive && keys[to] === spec.end.name) to++;
  }
  const selected = applyLimit(keys.slice(from, Math.max(from, to)), spec);
  if (selected.length === 0) return null;
  const children = new Map<string, DbNode>();
  for (const key of selected) children.set(key, node.children.get(key) ?? null);
  return branch(children, null, selected);
}

/** The children of `node` the query selects, as a node without priority (queries drop it, as the client does). */
export function evaluateQuery(node: DbNode, spec: QuerySpec): DbNode {
  if (node === null || node.kind === 'leaf') return null;
  if (spec.index.kind === 'key') return evaluateByKey(node, spec);
  const entries: Entry[] = [];
  for (const [key, child] of node.children) {
    const entry = { key, child, value: indexValue(spec.index, child) };
    if (inWindow(spec, entry)) entries.push(entry);
  }
  entries.sort((a, b) => compareNodes(a.value, b.value) || nameCompare(a.key, b.key));
  const selected = applyLimit(entries, spec);
  if (selected.length === 0) return null;
  return branch(new Map(selected.map((e) => [e.key, e.child])));
}

/** The query as targaryen's rule context `query.*` sees it. */
export function toRulesQuery(spec: QuerySpec): TargaryenQuery {
  const q: TargaryenQuery = {};
  switch (spec.index.kind) {
    case 'key':
      q.orderByKey = true;
      break;
    case 'value':
      q.orderByValue = true;
      break;
    case 'priority':
      q.orderByPriority = true;
      break;
    case 'child':
      q.orderByChild = pathToString(spec.index.path);
      break;
  }
  const { start, end } = spec;
  if (start && end && start.inclusive && end.inclusive && start.value === end.value) q.equalTo = start.value;
  else {
    if (start) q.startAt = start.value;
    if (end) q.endAt = end.value;
  }
  if (spec.limit !== null) {
    if (spec.fromRight) q.limitToLast = spec.limit;
    else q.limitToFirst = spec.limit;
  }
  return q;
}

/**
 * The `.indexOn` name a query needs (a child's path, or `.value`), or null: ordering by key or
 * priority needs no index. Firebase refuses such a REST query without it, and tells an SDK's
 * listen that the data is filtered on the client.
 */
export function neededIndex(spec: QuerySpec): string | null {
  if (spec.index.kind === 'child') return pathToString(spec.index.path);
  return spec.index.kind === 'value' ? '.value' : null;
}
