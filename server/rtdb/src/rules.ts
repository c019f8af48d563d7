/**
 * Security rules, evaluated by targaryen against a copy of the namespace's data kept in targaryen's own
 * immutable tree. That copy is updated with each committed write (targaryen's result already holds the
 * new tree), never rebuilt, so a write costs time proportional to the written path, not to the data.
 *
 * targaryen keeps children as properties of ordinary objects, so keys such as `constructor`, `toString`
 * or `__proto__` (valid Firebase keys) break it. Every key, path and value handed to it goes through
 * `encodeKey`, which renames exactly those keys injectively (see there).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import targaryen, {
  type TargaryenAuth,
  type TargaryenDataNode,
  type TargaryenDatabase,
  type TargaryenQuery,
  type TargaryenResult,
  type TargaryenRule,
  type TargaryenRulesetNode,
} from 'targaryen';
import { pathToString, type DbPath } from './path.ts';
import { updateAllowed } from './update-rules.ts';

export type RulesJson = { rules: Record<string, unknown> };

/**
 * targaryen's `hasChildren()` without names counts every key of the node (`Object.keys`), so a rule
 * such as `newData.hasChildren()` on a game with twenty years of dates costs thousands of steps, and
 * an update evaluates it once per written path. A targaryen data node is either a primitive (null
 * included) or has at least one child (its constructor makes a node without children null), so "not
 * a primitive" is the same answer in constant time. The snapshot's node is behind the one symbol
 * getter of targaryen's RuleDataSnapshot.
 */
function constantTimeHasChildren(): void {
  const proto = Object.getPrototypeOf(targaryen.database({ rules: {} }, null).snapshot('/')) as Record<PropertyKey, unknown>;
  const [nodeKey, ...others] = Object.getOwnPropertySymbols(proto);
  const original = proto['hasChildren'] as (this: unknown, names?: string[]) => boolean;
  if (nodeKey === undefined || others.length > 0 || typeof original !== 'function') return;
  proto['hasChildren'] = function hasChildren(this: Record<PropertyKey, TargaryenDataNode>, names?: string[]): boolean {
    if (names !== undefined) return original.call(this, names);
    return !(this[nodeKey] as TargaryenDataNode).$isPrimitive();
  };
}
constantTimeHasChildren();

/**
 * targaryen's path helpers trim slashes with regular expressions, and its snapshots call them for
 * every step of a rule (`newData.parent().child(...)`, `exists()`): most of a rule's time in an
 * update of thousands of children. The same functions without them, answering alike.
 */
function plainPathHelpers(): void {
  const paths = createRequire(import.meta.url)('targaryen/lib/paths') as Record<string, (...args: string[]) => unknown>;
  const trimLeft = (path: string | undefined): string => {
    const text = path || '';
    let i = 0;
    while (text.charCodeAt(i) === 47) i++;
    return i === 0 ? text : text.slice(i);
  };
  const trimRight = (path: string | undefined): string => {
    const text = path || '';
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
    return end === text.length ? text : text.slice(0, end);
  };
  paths['trimLeft'] = trimLeft;
  paths['trimRight'] = trimRight;
  paths['split'] = (path: string | undefined): string[] => {
    const text = trimLeft(path);
    return text ? text.split('/') : [];
  };
}
plainPathHelpers();

/** Who is asking: anonymous, a signed-in user (the rules' `auth`), or the admin credential that bypasses rules. */
export type Principal = { kind: 'anonymous' } | { kind: 'user'; auth: TargaryenAuth } | { kind: 'admin' };

export const ANONYMOUS: Principal = { kind: 'anonymous' };
export const ADMIN: Principal = { kind: 'admin' };

/** Without a rules file the local database is open, as a fresh emulator is. */
export const OPEN_RULES: RulesJson = { rules: { '.read': true, '.write': true } };

export class RulesFileError extends Error {}

export function loadRulesFile(file: string): RulesJson {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new RulesFileError(`cannot read rules file ${file}: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new RulesFileError(`rules file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  return checkRules(parsed, file);
}

export function checkRules(parsed: unknown, source: string): RulesJson {
  if (parsed === null || typeof parsed !== 'object' || !('rules' in parsed)) {
    throw new RulesFileError(`rules ${source} must be an object with a "rules" key`);
  }
  try {
    // Parses every rule expression now, so a bad rule stops the start instead of failing requests later.
    targaryen.database(parsed, null);
  } catch (err) {
    throw new RulesFileError(`rules ${source} are invalid: ${(err as Error).message}`);
  }
  return parsed as RulesJson;
}

export interface WriteCheck {
  allowed: boolean;
  /** Makes the checked write part of the rules' data; call only once the write is applied. */
  commit(): void;
}

/**
 * Where a write may land, as far as is known before its data: at the path itself (a set), or anywhere
 * at or below it (an update, whose keys are paths; a push, whose child name is not chosen yet).
 */
export type WriteScope = 'node' | 'subtree';

/** Thrown by a part of the rules' state that is not known yet (the new data, a key not chosen yet). */
const NOT_KNOWN_YET = new Error('not known before the write arrives');

/** Adds `name` to `state` as a value that stops the evaluation of any rule that uses it. */
function notKnownYet(state: Record<string, unknown>, name: string): void {
  Object.defineProperty(state, name, {
    enumerable: true,
    get() {
      throw NOT_KNOWN_YET;
    },
  });
}

/**
 * A `.write` rule's value for a write whose data is not known: true or false when the rule decides
 * without it (the operands it needs are known and `&&`/`||` stop before any that is not), else
 * 'unknown'. An error, as in targaryen's own evaluation, denies.
 */
function evaluateEarly(rule: TargaryenRule, state: Record<string, unknown>): boolean | 'unknown' {
  try {
    return rule.evaluate(state) === true;
  } catch (err) {
    return err === NOT_KNOWN_YET ? 'unknown' : false;
  }
}

/** The parsed rules under `node`: its literal children by name, and its wildchild if any. */
function ruleChildren(node: TargaryenRulesetNode): Array<{ name: string; node: TargaryenRulesetNode; wild: boolean }> {
  const children: Array<{ name: string; node: TargaryenRulesetNode; wild: boolean }> = [];
  // targaryen keeps literal children as the node's own enumerable properties, beside `$wildchild`.
  for (const key of Object.keys(node)) {
    if (key === '$wildchild') continue;
    children.push({ name: key, node: (node as unknown as Record<string, TargaryenRulesetNode>)[key] as TargaryenRulesetNode, wild: false });
  }
  if (node.$wildchild) children.push({ name: node.$wildchild.$name ?? '', node: node.$wildchild, wild: true });
  return children;
}

function authOf(principal: Principal): TargaryenAuth | null {
  return principal.kind === 'user' ? principal.auth : null;
}

/**
 * Names that objects inherit from Object.prototype. Firebase keys never contain control characters, so
 * prefixing these with U+0001 cannot collide with a real key. Rules naming such a key literally, or
 * comparing a `$wildcard` bound to one, see the prefixed name: the one place this differs from Firebase.
 */
const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const ESCAPE = '\u0001';

function encodeKey(key: string): string {
  return INHERITED_NAMES.has(key) ? ESCAPE + key : key;
}

/** A copy of `json` whose object keys are encoded; `.value`/`.priority`/`.sv` are not inherited names. */
function encodeData(json: unknown): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map(encodeData);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) out[encodeKey(key)] = encodeData(value);
  return out;
}

function encodeRelPath(raw: string): string {
  return raw.split('/').map(encodeKey).join('/');
}

function rulesPath(path: DbPath): string {
  return '/' + pathToString(path.map(encodeKey));
}

interface MergeTrie {
  readonly children: Map<string, { value: unknown } | MergeTrie>;
}

/**
 * targaryen's data with `patch` (keys: encoded paths relative to `base`, no key below another) applied,
 * copying the children of each node it changes once. targaryen's nodes are frozen objects whose
 * children are their own enumerable properties; `from` takes a plain object whose values may be nodes
 * (kept as they are) or JSON (converted), and drops null children.
 */
function mergeData(root: TargaryenDataNode, base: DbPath, patch: Record<string, unknown>, now: number): TargaryenDataNode {
  const from = (root.constructor as unknown as { from(value: unknown, priority: unknown, now: number): TargaryenDataNode }).from;
  const trie: MergeTrie = { children: new Map() };
  for (const [key, value] of Object.entries(patch)) {
    const parts = [...base, ...key.split('/').filter((k) => k !== '')];
    let at = trie;
    for (const part of parts.slice(0, -1)) {
      let next = at.children.get(part);
      if (next === undefined || !('children' in next)) {
        next = { children: new Map() };
        at.children.set(part, next);
      }
      at = next;
    }
    at.children.set(parts[parts.length - 1] as string, { value });
  }
  const apply = (node: TargaryenDataNode | undefined, entries: MergeTrie): TargaryenDataNode => {
    const copy: Record<string, unknown> = {};
    if (node !== undefined && !node.$isPrimitive())
      for (const key of Object.keys(node)) copy[key] = (node as unknown as Record<string, unknown>)[key];
    for (const [key, entry] of entries.children) {
      copy[key] =
        'value' in entry
          ? entry.value
          : apply((node as unknown as Record<string, TargaryenDataNode | undefined> | undefined)?.[key], entry);
    }
    return from.call(root.constructor, copy, node?.$priority(), now);
  };
  return apply(root, trie);
}

function encodePatch(patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) out[encodeRelPath(key)] = encodeData(value);
  return out;
}

/** The rules of one namespace with its current data. */
export class NamespaceRules {
  private db: TargaryenDatabase;

  constructor(
    private readonly rules: RulesJson,
    data: unknown,
  ) {
    this.db = targaryen.database(rules, encodeData(data));
  }

  /**
   * Whether the rules at `path` declare the index of a query ordered by a child (`child`, a path)
   * or by value (`.value`): `.indexOn` on the rules node of that location, literal names before
   * `$` wildcards, as Firebase matches them. Ordering by key or priority needs none.
   */
  hasIndex(path: DbPath, index: string): boolean {
    let node: unknown = this.rules.rules;
    for (const key of path) {
      if (node === null || typeof node !== 'object') return false;
      const children = node as Record<string, unknown>;
      const wild = Object.keys(children).find((name) => name.startsWith('$'));
      node = Object.hasOwn(children, key) ? children[key] : wild === undefined ? undefined : children[wild];
    }
    if (node === null || typeof node !== 'object') return false;
    const declared = (node as Record<string, unknown>)['.indexOn'];
    return (Array.isArray(declared) ? declared : [declared]).includes(index);
  }

  canRead(principal: Principal, path: DbPath, query: TargaryenQuery | undefined, now: number): boolean {
    if (principal.kind === 'admin') return true;
    try {
      return this.db.as(authOf(principal)).read(rulesPath(path), { now, query }).allowed;
    } catch {
      // targaryen throws on input it cannot model; an unevaluable rule grants nothing.
      return false;
    }
  }

  /** `json` is the resolved JSON being set at `path`. */
  checkSet(principal: Principal, path: DbPath, json: unknown, now: number): WriteCheck {
    const value = encodeData(json);
    if (principal.kind === 'admin') {
      return { allowed: true, commit: () => this.adopt(this.db.root.$set(rulesPath(path), value, undefined, now), now) };
    }
    return this.evaluate(() => this.db.as(authOf(principal)).write(rulesPath(path), value, { now }), now);
  }

  /**
   * `patch` maps paths relative to `path` to resolved JSON, as an update sends them. In time linear in
   * the entries: targaryen's own `$merge` copies the parent's children once per entry, and its
   * `update` evaluates the rules above every path again for each one (see update-rules.ts).
   */
  checkUpdate(principal: Principal, path: DbPath, json: Record<string, unknown>, now: number): WriteCheck {
    const patch = encodePatch(json);
    let merged: TargaryenDataNode;
    try {
      merged = mergeData(this.db.root, path.map(encodeKey), patch, now);
    } catch {
      return { allowed: false, commit: () => {} };
    }
    const commit = (): void => this.adopt(merged, now);
    if (principal.kind === 'admin') return { allowed: true, commit };
    const before = this.db.as(authOf(principal));
    const encodedPath = path.map(encodeKey);
    const written = Object.keys(patch).map((key) => [...encodedPath, ...key.split('/').filter((k) => k !== '')]);
    try {
      if (updateAllowed(before, before.with({ data: merged, now }), written, now)) return { allowed: true, commit };
    } catch {
      // targaryen throws on input it cannot model; an unevaluable write is denied.
    }
    return { allowed: false, commit: () => {} };
  }

  /**
   * False when no write by `principal` within `scope` of `path` can be allowed, whatever data it carries;
   * true when one may be. A write is allowed only when a `.write` rule on its path (at or above the
   * written location) passes, as targaryen evaluates it, so this evaluates those rules without the new
   * data: `newData` (and, below `path`, any key not chosen yet and the data under it) stop a rule's
   * evaluation, which then counts as one that may pass. Decided with the current data, as if the write
   * had arrived whole now.
   */
  mayWrite(principal: Principal, path: DbPath, scope: WriteScope, now: number): boolean {
    if (principal.kind === 'admin') return true;
    const db = this.db;
    const base = { root: db.snapshot('/'), auth: authOf(principal), now };
    const passes = (rule: TargaryenRule | null, known: Record<string, unknown>, unknown: string[]): boolean => {
      if (rule === null) return false;
      const state: Record<string, unknown> = { ...base, ...known };
      for (const name of ['newData', ...unknown]) notKnownYet(state, name);
      return evaluateEarly(rule, state) !== false;
    };

    let possible = false;
    // The rules of `path` itself, when it has any (`as`: assigned in the callback, which narrowing does not see).
    let reached = null as { node: TargaryenRulesetNode; dataPath: string; wildchildren: Record<string, string> } | null;
    let depth = 0;
    db.rules.root.$traverse(rulesPath(path), (currentPath, rules, wildchildren) => {
      if (passes(rules.$write, { ...wildchildren, data: db.snapshot(currentPath) }, [])) possible = true;
      // Called for the root, then for each key of the path that has rules.
      if (depth++ === path.length) reached = { node: rules, dataPath: currentPath, wildchildren };
      return possible;
    });
    if (possible || scope === 'node' || reached === null) return possible;

    // Below the path: every rule node, with what is not known yet left unknown.
    const below = (node: TargaryenRulesetNode, dataPath: string | null, known: Record<string, string>, unknown: string[]): boolean =>
      ruleChildren(node).some((child) => {
        const childPath = dataPath === null || child.wild ? null : `${dataPath}/${child.name}`;
        const childUnknown = child.wild ? [...unknown, child.name] : unknown;
        const data = childPath === null ? {} : { data: db.snapshot(childPath) };
        const stateUnknown = childPath === null ? [...childUnknown, 'data'] : childUnknown;
        return passes(child.node.$write, { ...known, ...data }, stateUnknown) || below(child.node, childPath, known, childUnknown);
      });
    return below(reached.node, reached.dataPath, reached.wildchildren, []);
  }

  private evaluate(run: () => TargaryenResult, now: number): WriteCheck {
    let result: TargaryenResult;
    try {
      result = run();
    } catch {
      // targaryen throws on input it cannot model; an unevaluable write is denied.
      return { allowed: false, commit: () => {} };
    }
    const next = result.newDatabase;
    return {
      allowed: result.allowed,
      commit: () => {
        if (next) this.adopt(next.root, now);
      },
    };
  }

  /** Replaces the rules' copy of the data wholesale (only if an incremental update ever failed). */
  reset(data: unknown): void {
    this.db = targaryen.database(this.rules, encodeData(data));
  }

  private adopt(root: unknown, now: number): void {
    // `with` keeps the parsed rules and takes the node tree as is; auth stays unset on the shared copy.
    this.db = this.db.with({ data: root, now });
  }
}
