/**
 * A multi-path update costs what it writes. Counted, not timed: the steps the server takes inside one
 * update (children copied into maps, keys listed, rules evaluated) for n and for 4n children must grow
 * about 4 times, where the quadratic path (a parent copied once per child, the rules above every child
 * evaluated once per child) grew 16 times. How long it takes is a bench figure (`bench -- history`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import targaryen from 'targaryen';
import { afterAll, describe, expect, it } from 'vitest';
import { Namespace } from './namespace.ts';
import { ADMIN, checkRules, type Principal } from './rules.ts';
import { removeDir, tempDir } from './test-support.ts';
import { toJSON } from './tree.ts';

const RULES = checkRules(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../database.rules.json'), 'utf8')),
  'database.rules.json',
);
const SITE_ADMIN: Principal = { kind: 'user', auth: { uid: 'admin', provider: 'password', token: { admin: true } } };
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) removeDir(d);
});

async function namespace(): Promise<Namespace> {
  const dir = tempDir('update-cost');
  dirs.push(dir);
  return Namespace.load('update-cost', dir, RULES, {
    compactBytes: 64 * 1024 * 1024,
    onFatal: (err) => {
      throw err;
    },
    reportError: () => {},
  });
}

function days(n: number, game: string): Record<string, string> {
  const patch: Record<string, string> = {};
  for (let i = 0; i < n; i++)
    patch[`${game}/${new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)}/number`] = String(i % 100).padStart(
      2,
      '0',
    );
  return patch;
}

/** The rule objects' `evaluate`, shared by every parsed rule of targaryen. */
const ruleProto = Object.getPrototypeOf(targaryen.database({ rules: { '.write': 'true' } }, null).rules.root.$write as object) as {
  evaluate(state: object): unknown;
};

/** Runs `write` (synchronous) and counts the steps taken in it. */
function steps(write: () => void): number {
  let count = 0;
  const set = Map.prototype.set;
  const keys = Object.keys;
  const evaluate = ruleProto.evaluate;
  Map.prototype.set = function (this: Map<unknown, unknown>, key: unknown, value: unknown) {
    count++;
    return set.call(this, key, value);
  } as typeof set;
  Object.keys = ((o: object) => {
    const listed = keys(o);
    count += listed.length;
    return listed;
  }) as typeof keys;
  ruleProto.evaluate = function (this: unknown, state: object) {
    count++;
    return evaluate.call(this, state);
  };
  try {
    write();
  } finally {
    Map.prototype.set = set;
    Object.keys = keys;
    ruleProto.evaluate = evaluate;
  }
  return count;
}

describe('a multi-path update', () => {
  for (const [who, principal] of [
    ['the site admin, through the rules', SITE_ADMIN],
    ['the admin credential', ADMIN],
  ] as const) {
    it(`of 4n children takes about 4 times the steps of n children (${who})`, async () => {
      const ns = await namespace();
      try {
        // A game with history already, as an import finds it: the update lands beside 4,000 days.
        expect(ns.update(ADMIN, ['sattanamee'], days(4000, 'Gali')).status).toBe('ok');
        expect(ns.update(principal, ['sattanamee'], days(2000, 'Disawar')).status).toBe('ok');
        const small = steps(() => expect(ns.update(principal, ['sattanamee'], days(2000, 'Faridabad')).status).toBe('ok'));
        const large = steps(() => expect(ns.update(principal, ['sattanamee'], days(8000, 'Ghaziabad')).status).toBe('ok'));
        expect(small).toBeGreaterThan(2000);
        expect(large / small).toBeLessThan(5);
      } finally {
        await ns.close();
      }
    });
  }

  it('applies every child, keeps the rest of the parent, and removes a child written as null', async () => {
    const ns = await namespace();
    try {
      expect(
        ns.update(ADMIN, ['sattanamee'], { 'Gali/2026-01-01/number': '11', 'Gali/2026-01-02/number': '12', 'Gali/time': '11:30 PM' })
          .status,
      ).toBe('ok');
      const outcome = ns.update(SITE_ADMIN, ['sattanamee', 'Gali'], {
        '2026-01-02': null,
        '2026-01-03/number': '33',
        '2026-01-04': { number: '44' },
      });
      expect(outcome.status).toBe('ok');
      const gali = ns.read(ADMIN, ['sattanamee', 'Gali'], null);
      expect(gali.status === 'ok' ? toJSON(gali.node, false) : 'unreadable').toEqual({
        time: '11:30 PM',
        '2026-01-01': { number: '11' },
        '2026-01-03': { number: '33' },
        '2026-01-04': { number: '44' },
      });
    } finally {
      await ns.close();
    }
  });

  it('is refused whole when one child breaks a rule, and changes nothing', async () => {
    const ns = await namespace();
    try {
      const patch = { ...days(3000, 'Gali'), 'Gali/2001-01-01/number': '7' };
      expect(ns.update(SITE_ADMIN, ['sattanamee'], patch).status).toBe('permission_denied');
      const gali = ns.read(ADMIN, ['sattanamee', 'Gali'], null);
      expect(gali.status === 'ok' ? gali.node : 'unreadable').toBe(null);
      const visitor = ns.update({ kind: 'anonymous' }, ['sattanamee'], days(10, 'Gali'));
      expect(visitor.status).toBe('permission_denied');
    } finally {
      await ns.close();
    }
  });
});
