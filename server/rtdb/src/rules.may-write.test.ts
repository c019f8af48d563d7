/**
 * Whether a write can be refused before its data is known (REST refuses such a write before reading its
 * body): only when every `.write` rule that could grant it is false whatever the data.
 */
import { describe, expect, it } from 'vitest';
import { parsePath } from './path.ts';
import { ADMIN, ANONYMOUS, NamespaceRules, type Principal, type RulesJson, type WriteScope } from './rules.ts';

const user = (uid: string, token: Record<string, unknown> = {}): Principal => ({ kind: 'user', auth: { uid, token } });

function mayWrite(
  rules: RulesJson['rules'],
  principal: Principal,
  path: string,
  scope: WriteScope = 'node',
  data: unknown = null,
): boolean {
  return new NamespaceRules({ rules }, data).mayWrite(principal, parsePath(path), scope, Date.now());
}

const ADMIN_ONLY = { secret: { '.read': true, '.write': 'auth != null && auth.token.admin === true' } };

describe('a write refused before its data is known', () => {
  it('when no rule grants writes there, or each is literally false', () => {
    expect(mayWrite({}, ANONYMOUS, 'a')).toBe(false);
    expect(mayWrite({ '.write': false, a: { '.write': false } }, ANONYMOUS, 'a/b')).toBe(false);
    expect(mayWrite({ '.write': true }, ANONYMOUS, 'a/b')).toBe(true);
  });

  it('when the rules depend on auth alone and the caller fails them', () => {
    expect(mayWrite(ADMIN_ONLY, ANONYMOUS, 'secret/x')).toBe(false);
    expect(mayWrite(ADMIN_ONLY, user('u1'), 'secret/x')).toBe(false);
    expect(mayWrite(ADMIN_ONLY, user('u1', { admin: true }), 'secret/x')).toBe(true);
    expect(mayWrite(ADMIN_ONLY, ADMIN, 'secret/x')).toBe(true);
  });

  it('not when a rule depends on the new data, unless it fails before it gets there', () => {
    expect(mayWrite({ a: { '.write': 'newData.isNumber()' } }, ANONYMOUS, 'a')).toBe(true);
    expect(mayWrite({ a: { '.write': "auth != null && newData.child('owner').val() === auth.uid" } }, ANONYMOUS, 'a')).toBe(false);
    expect(mayWrite({ a: { '.write': "auth != null && newData.child('owner').val() === auth.uid" } }, user('u1'), 'a')).toBe(true);
    // Evaluated left to right: the new data is needed before the part that would fail.
    expect(mayWrite({ a: { '.write': 'newData.exists() && auth != null' } }, ANONYMOUS, 'a')).toBe(true);
  });

  it('with the current data, the path’s wildcards and the time', () => {
    const rules = { slots: { $id: { '.write': 'auth != null && $id === auth.uid && !data.exists()' } }, after: { '.write': 'now > 0' } };
    expect(mayWrite(rules, user('u1'), 'slots/u1')).toBe(true);
    expect(mayWrite(rules, user('u1'), 'slots/u2')).toBe(false);
    expect(mayWrite(rules, user('u1'), 'slots/u1', 'node', { slots: { u1: 'taken' } })).toBe(false);
    expect(mayWrite(rules, ANONYMOUS, 'after')).toBe(true);
  });

  it('an update or push may land below the path: rules there count, with keys not chosen yet unknown', () => {
    const rules = { users: { $uid: { '.write': '$uid === auth.uid' }, fixed: { '.write': "data.val() === 'open'" } } };
    expect(mayWrite(rules, user('u1'), 'users', 'node')).toBe(false);
    expect(mayWrite(rules, user('u1'), 'users', 'subtree')).toBe(true);
    expect(mayWrite({ a: { b: { '.write': false }, c: { d: { '.write': 'auth != null' } } } }, ANONYMOUS, 'a', 'subtree')).toBe(false);
    expect(mayWrite({ a: { b: { '.write': false }, c: { d: { '.write': 'auth != null' } } } }, user('u1'), 'a', 'subtree')).toBe(true);
    // A literal child's current data is known.
    expect(mayWrite({ a: { b: { '.write': 'data.exists()' } } }, ANONYMOUS, 'a', 'subtree')).toBe(false);
    expect(mayWrite({ a: { b: { '.write': 'data.exists()' } } }, ANONYMOUS, 'a', 'subtree', { a: { b: 1 } })).toBe(true);
    // Under a wildcard it is not.
    expect(mayWrite({ a: { $k: { '.write': 'data.exists()' } } }, ANONYMOUS, 'a', 'subtree')).toBe(true);
  });

  it('an error in a rule denies, as when the write is evaluated whole', () => {
    expect(mayWrite({ a: { '.write': "auth.token.missing.beginsWith('x')" } }, user('u1'), 'a')).toBe(false);
  });
});
