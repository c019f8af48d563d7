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
import targaryen, { type TargaryenAuth, type TargaryenDatabase, type TargaryenQuery, type TargaryenResult } from 'targaryen';
import { pathToString, type DbPath } from './path.ts';

export type RulesJson = { rules: Record<string, unknown> };

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

  /** `patch` maps paths relative to `path` to resolved JSON, as an update sends them. */
  checkUpdate(principal: Principal, path: DbPath, json: Record<string, unknown>, now: number): WriteCheck {
    const patch = encodePatch(json);
    if (principal.kind === 'admin') {
      return { allowed: true, commit: () => this.adopt(this.db.root.$merge(rulesPath(path), patch, now), now) };
    }
    return this.evaluate(() => this.db.as(authOf(principal)).update(rulesPath(path), patch, { now }), now);
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
