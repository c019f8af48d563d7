import targaryen, { type TargaryenAuth, type TargaryenResult } from 'targaryen';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_UID,
  ADMIN_WRITE_CASES,
  FIXTURE,
  IDENTITIES,
  INVALID_ADMIN_CASES,
  LIVE_DIGEST_CASES,
  NO_DRAW_CROSS_CASES,
  READ_CASES,
  SUBSCRIPTION_CASES,
  USER_UID,
  toJson,
  type Identity,
  type WriteCase,
} from './cases.ts';
import { loadRules } from './load-rules.ts';

const rules = loadRules();

function token(uid: string, claims: Record<string, unknown>): TargaryenAuth {
  return {
    uid,
    provider: 'password',
    token: {
      sub: uid,
      email: `${uid}@example.com`,
      email_verified: false,
      firebase: { sign_in_provider: 'password', identities: {} },
      ...claims,
    },
  };
}

const AUTH: Record<Identity, TargaryenAuth | null> = {
  anon: null,
  user: token(USER_UID, {}),
  admin: token(ADMIN_UID, { admin: true }),
};

/** The fixture under the rules, made once: a targaryen database is immutable (a write returns a new one). */
const fixture = targaryen.database(rules, FIXTURE).with({ debug: true });

function db(auth: TargaryenAuth | null) {
  return fixture.as(auth);
}

const asPath = (path: string): string => `/${path}`;

function run(c: WriteCase, auth: TargaryenAuth | null): TargaryenResult {
  const value = toJson(c.value);
  if (c.op === 'update') return db(auth).update(asPath(c.path), value as Record<string, unknown>);
  return db(auth).write(asPath(c.path), value ?? null);
}

function table(cases: readonly WriteCase[]) {
  return cases.flatMap((c) => IDENTITIES.map((who) => ({ ...c, who, allowed: c.expect[who] })));
}

describe('database.rules.json (targaryen)', () => {
  it.each(READ_CASES.flatMap((c) => IDENTITIES.map((who) => ({ ...c, who, allowed: c.expect[who] }))))(
    'read /$path as $who -> $allowed',
    ({ path, who, allowed }) => {
      const result = db(AUTH[who]).read(asPath(path));
      expect(result.allowed, result.info).toBe(allowed);
    },
  );

  it.each(table(ADMIN_WRITE_CASES))('admin write $name as $who -> $allowed', (c) => {
    const result = run(c, AUTH[c.who]);
    expect(result.allowed, result.info).toBe(c.allowed);
  });

  it.each(table(INVALID_ADMIN_CASES))('invalid write $name as $who -> $allowed', (c) => {
    const result = run(c, AUTH[c.who]);
    expect(result.allowed, result.info).toBe(c.allowed);
  });

  it.each(table(NO_DRAW_CROSS_CASES))('no-draw cross-check $name as $who -> $allowed', (c) => {
    const result = run(c, AUTH[c.who]);
    expect(result.allowed, result.info).toBe(c.allowed);
  });

  it.each(table(SUBSCRIPTION_CASES))('push subscription $name as $who -> $allowed', (c) => {
    const result = run(c, AUTH[c.who]);
    expect(result.allowed, result.info).toBe(c.allowed);
  });

  it.each(table(LIVE_DIGEST_CASES))('live digest $name as $who -> $allowed', (c) => {
    const result = run(c, AUTH[c.who]);
    expect(result.allowed, result.info).toBe(c.allowed);
  });

  describe('the admin claim is strict', () => {
    const pretenders: Array<[string, TargaryenAuth]> = [
      ['admin: false', token('u2', { admin: false })],
      ['admin: "true"', token('u3', { admin: 'true' })],
      ['admin: 1', token('u4', { admin: 1 })],
      ['a top-level admin field, not a token claim', { uid: 'u5', admin: true, token: {} } as TargaryenAuth],
      ['an admin uid without the claim', token(ADMIN_UID, {})],
    ];

    it.each(pretenders)('%s cannot write a result nor read the audit trail', (_label, auth) => {
      const write = db(auth).write('/sattanamee/Gali/2024-01-02/number', '07');
      expect(write.allowed, write.info).toBe(false);
      const read = db(auth).read('/audit');
      expect(read.allowed, read.info).toBe(false);
    });
  });

  it('the rules file holds only rules (no comment keys)', () => {
    const walk = (node: unknown): string[] =>
      node !== null && typeof node === 'object'
        ? Object.entries(node).flatMap(([k, v]) => (k.startsWith('//') || k.startsWith('_') ? [k] : walk(v)))
        : [];
    expect(walk(rules)).toEqual([]);
  });
});
