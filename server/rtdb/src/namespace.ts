/**
 * One database (namespace): its data tree, its rules, its durable log and the clients watching it.
 *
 * Every operation runs synchronously on the event loop, so writes are applied, logged and announced to
 * subscribers in one order (the sequence number). Nothing leaves the server before it is durable:
 * subscribers hold each outgoing message until the log has fsynced the sequence number it reflects.
 */
import { join } from 'node:path';
import { hashNode } from './hash.ts';
import { isPlainObject, setOwn } from './json.ts';
import { checkDepth, InvalidDataError, parsePath, pathToString, type DbPath } from './path.ts';
import { evaluateQuery, loadsAllData, toRulesQuery, type QuerySpec } from './query.ts';
import { NamespaceRules, type Principal, type RulesJson, type WriteCheck, type WriteScope } from './rules.ts';
import { resolvePriority, resolveServerValues } from './server-values.ts';
import { DataFileError, LOG_FILE, LOG_OP, NamespaceLog, readNamespaceDir, snapshotText, SNAPSHOT_FILE, type LogRecord } from './storage.ts';
import { fromJSON, getChild, mergeAt, setChild, toJSON, type DbNode } from './tree.ts';

export interface Change {
  seq: number;
  oldRoot: DbNode;
  newRoot: DbNode;
  path: DbPath;
  /** For an update: the written paths, relative to `path`. Null for a set. */
  merge: DbPath[] | null;
}

export interface Subscriber {
  /** A write was applied; called synchronously, in sequence order. */
  onChange(change: Change): void;
  /** Every write up to `seq` is on disk. */
  onDurable(seq: number): void;
}

export type WriteStatus = 'ok' | 'permission_denied' | 'datastale' | 'invalid_data';

export interface WriteOutcome {
  status: WriteStatus;
  /** The sequence number whose durability the answer must wait for. */
  seq: number;
  message: string;
  /** The written JSON with server values resolved (for REST answers). */
  value?: unknown;
}

export type ReadOutcome = { status: 'ok'; node: DbNode; seq: number } | { status: 'permission_denied'; seq: number };

export interface NamespaceOptions {
  compactBytes: number;
  onFatal(err: Error): void;
  /** A subscriber failed on a change (a bug); the write itself stands. */
  reportError(line: string): void;
}

export class Namespace {
  private root: DbNode;
  private seq: number;
  private durableSeq: number;
  private log!: NamespaceLog;
  private readonly subscribers = new Set<Subscriber>();
  private waiters: Array<{ seq: number; resolve: () => void }> = [];
  private lastNow = 0;

  private constructor(
    readonly name: string,
    root: DbNode,
    seq: number,
    private readonly rules: NamespaceRules,
    private readonly reportError: (line: string) => void,
  ) {
    this.root = root;
    this.seq = seq;
    this.durableSeq = seq;
  }

  static async load(name: string, dir: string, rules: RulesJson, options: NamespaceOptions): Promise<Namespace> {
    try {
      return await Namespace.loadUnchecked(name, dir, rules, options);
    } catch (err) {
      // Whatever stops the start must say which data it could not load.
      if (err instanceof DataFileError) throw err;
      throw new DataFileError(dir, `cannot be loaded (${(err as Error).message})`);
    }
  }

  private static async loadUnchecked(name: string, dir: string, rules: RulesJson, options: NamespaceOptions): Promise<Namespace> {
    const state = await readNamespaceDir(dir);
    let root: DbNode;
    try {
      root = fromJSON(state.data);
    } catch (err) {
      throw new DataFileError(join(dir, SNAPSHOT_FILE), `is corrupt (${(err as Error).message})`);
    }
    for (const record of state.records) root = replay(root, record, join(dir, LOG_FILE));
    const ns = new Namespace(
      name,
      root,
      state.seq + state.records.length,
      new NamespaceRules(rules, toJSON(root, true)),
      options.reportError,
    );
    ns.log = await NamespaceLog.open(dir, {
      compactBytes: options.compactBytes,
      onFatal: options.onFatal,
      onDurable: (seq) => ns.markDurable(seq),
      snapshot: () => ({ seq: ns.seq, text: snapshotText(ns.seq, JSON.stringify(toJSON(ns.root, true))) }),
    });
    if (state.needsCompaction) await ns.log.compact();
    return ns;
  }

  get appliedSeq(): number {
    return this.seq;
  }

  get data(): DbNode {
    return this.root;
  }

  subscribe(s: Subscriber): void {
    this.subscribers.add(s);
  }

  unsubscribe(s: Subscriber): void {
    this.subscribers.delete(s);
  }

  /** Server time for timestamps; never goes backwards, so `.sv` timestamps are ordered like writes. */
  now(): number {
    this.lastNow = Math.max(this.lastNow, Date.now());
    return this.lastNow;
  }

  whenDurable(seq: number): Promise<void> {
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ seq, resolve }));
  }

  read(principal: Principal, path: DbPath, query: QuerySpec | null): ReadOutcome {
    if (!this.mayRead(principal, path, query)) return { status: 'permission_denied', seq: this.seq };
    const node = getChild(this.root, path);
    return { status: 'ok', node: query !== null && !loadsAllData(query) ? evaluateQuery(node, query) : node, seq: this.seq };
  }

  /** Whether the rules let `principal` read `path` with `query` now (open streams ask again after each write). */
  mayRead(principal: Principal, path: DbPath, query: QuerySpec | null): boolean {
    // A plain read (the SDK sends `q: {}` for a get without query) has no query for the rules either.
    const isPlain = query === null || (loadsAllData(query) && query.index.kind === 'priority');
    return this.rules.canRead(principal, path, isPlain ? undefined : toRulesQuery(query), this.now());
  }

  /**
   * False when no write of `principal` at `path` (or, for 'subtree', at or below it) can be allowed,
   * whatever data it carries: lets REST refuse a write before reading its body. True when one may be.
   */
  mayWrite(principal: Principal, path: DbPath, scope: WriteScope): boolean {
    return this.rules.mayWrite(principal, path, scope, this.now());
  }

  /** Whether the rules declare the index a query at `path` needs (`neededIndex` of query.ts). */
  hasIndex(path: DbPath, index: string): boolean {
    return this.rules.hasIndex(path, index);
  }

  /** Hash of the data at `path` as the client computes it (transactions, REST ETags). */
  hashAt(path: DbPath): string {
    return hashNode(getChild(this.root, path));
  }

  /**
   * Sets `json` at `path`. With `hash`, only if the current data still has that hash (transactions).
   * With `priorityOnly`, `json` is the new priority of the node at `path` (the client's setPriority).
   */
  set(principal: Principal, path: DbPath, json: unknown, options: { hash?: string; priorityOnly?: boolean } = {}): WriteOutcome {
    const now = this.now();
    let value: unknown;
    let node: DbNode;
    try {
      if (options.priorityOnly) {
        // Rewrites the node with its new priority, so rules and the log see an ordinary set.
        const current = getChild(this.root, path);
        if (current === null) return this.fail('ok', '');
        const priority = resolvePriority(json, path, this.root, now);
        value =
          current.kind === 'leaf'
            ? { '.value': current.value, '.priority': priority }
            : { ...(toJSON(current, true) as object), '.priority': priority };
      } else {
        checkDepth(json, path.length);
        value = resolveServerValues(json, path, this.root, now);
      }
      node = fromJSON(value);
    } catch (err) {
      if (err instanceof InvalidDataError) return this.fail('invalid_data', err.message);
      throw err;
    }
    // Rules first: comparing the hash of data a client may not see would let it guess that data.
    // A transaction reads what it replaces, so Firebase requires read permission for it too.
    const check = this.rules.checkSet(principal, path, value, now);
    if (!check.allowed) return this.fail('permission_denied', 'Permission denied');
    if (options.hash !== undefined) {
      if (!this.rules.canRead(principal, path, undefined, now)) return this.fail('permission_denied', 'Permission denied');
      if (hashNode(getChild(this.root, path)) !== options.hash) return this.fail('datastale', 'Transaction hash does not match');
    }
    return this.commit({ s: 0, o: LOG_OP.SET, p: pathToString(path), d: value }, setChild(this.root, path, node), check, path, null);
  }

  /** Multi-path update: every key of `patch` is a path relative to `path`; all apply or none. */
  update(principal: Principal, path: DbPath, patch: unknown): WriteOutcome {
    if (!isPlainObject(patch)) return this.fail('invalid_data', 'An update needs an object of paths to values');
    const now = this.now();
    const resolved: Record<string, unknown> = {};
    const entries: Array<[DbPath, DbNode]> = [];
    try {
      for (const key of Object.keys(patch)) {
        const rel = parsePath(key);
        if (rel.length === 0) throw new InvalidDataError('An update path must not be empty');
        checkDepth(patch[key], path.length + rel.length);
        const value = resolveServerValues(patch[key], [...path, ...rel], this.root, now);
        entries.push([rel, fromJSON(value)]);
        setOwn(resolved, rel.join('/'), value);
      }
      checkNoOverlap(entries.map(([rel]) => rel));
    } catch (err) {
      if (err instanceof InvalidDataError) return this.fail('invalid_data', err.message);
      throw err;
    }
    if (entries.length === 0) return this.fail('ok', '');
    const check = this.rules.checkUpdate(principal, path, resolved, now);
    if (!check.allowed) return this.fail('permission_denied', 'Permission denied');
    const rels = entries.map(([rel]) => rel);
    return this.commit(
      { s: 0, o: LOG_OP.UPDATE, p: pathToString(path), d: resolved },
      mergeAt(this.root, path, entries),
      check,
      path,
      rels,
    );
  }

  /** Checks a write against the rules without applying it (onDisconnect operations, when registered). */
  checkWrite(principal: Principal, path: DbPath, json: unknown, merge: boolean): WriteStatus {
    const now = this.now();
    try {
      if (merge) {
        if (!isPlainObject(json)) return 'invalid_data';
        const resolved: Record<string, unknown> = {};
        for (const key of Object.keys(json)) {
          const rel = parsePath(key);
          checkDepth(json[key], path.length + rel.length);
          const value = resolveServerValues(json[key], [...path, ...rel], this.root, now);
          fromJSON(value);
          setOwn(resolved, rel.join('/'), value);
        }
        return this.rules.checkUpdate(principal, path, resolved, now).allowed ? 'ok' : 'permission_denied';
      }
      checkDepth(json, path.length);
      const value = resolveServerValues(json, path, this.root, now);
      fromJSON(value);
      return this.rules.checkSet(principal, path, value, now).allowed ? 'ok' : 'permission_denied';
    } catch (err) {
      if (err instanceof InvalidDataError) return 'invalid_data';
      throw err;
    }
  }

  private fail(status: WriteStatus, message: string): WriteOutcome {
    return { status, seq: this.seq, message };
  }

  private commit(record: LogRecord, newRoot: DbNode, check: WriteCheck, path: DbPath, merge: DbPath[] | null): WriteOutcome {
    const seq = this.seq + 1;
    this.log.append({ ...record, s: seq });
    this.seq = seq;
    const oldRoot = this.root;
    this.root = newRoot;
    try {
      check.commit();
    } catch {
      // The rules' copy of the data must never drift from the data: rebuild it if targaryen refused the write.
      this.rules.reset(toJSON(newRoot, true));
    }
    const change: Change = { seq, oldRoot, newRoot, path, merge };
    for (const s of this.subscribers) {
      try {
        s.onChange(change);
      } catch (err) {
        this.reportError(`notifying a client of a write to /${pathToString(path)} failed: ${(err as Error).stack ?? String(err)}`);
      }
    }
    return { status: 'ok', seq, message: '', value: record.d };
  }

  private markDurable(seq: number): void {
    this.durableSeq = Math.max(this.durableSeq, seq);
    const ready = this.waiters.filter((w) => w.seq <= this.durableSeq);
    this.waiters = this.waiters.filter((w) => w.seq > this.durableSeq);
    for (const w of ready) w.resolve();
    for (const s of this.subscribers) s.onDurable(this.durableSeq);
  }

  get durable(): number {
    return this.durableSeq;
  }

  async close(): Promise<void> {
    await this.log.close();
  }
}

function checkNoOverlap(paths: DbPath[]): void {
  const sorted = paths.map((p) => p.join('/')).sort();
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as string;
    const cur = sorted[i] as string;
    if (cur === prev || cur.startsWith(prev + '/')) {
      throw new InvalidDataError(`Update paths overlap: "${prev}" is an ancestor of "${cur}"`);
    }
  }
}

function replay(root: DbNode, record: LogRecord, file: string): DbNode {
  try {
    const path = parsePath(record.p);
    if (record.o === LOG_OP.SET) return setChild(root, path, fromJSON(record.d));
    const patch = record.d as Record<string, unknown>;
    return mergeAt(
      root,
      path,
      Object.keys(patch).map((key) => [parsePath(key), fromJSON(patch[key])] as const),
    );
  } catch (err) {
    throw new DataFileError(file, `is corrupt (record ${record.s}: ${(err as Error).message})`);
  }
}
