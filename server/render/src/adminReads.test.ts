import { describe, expect, it } from 'vitest';
import type { Database } from 'firebase-admin/database';
import { publicReads } from '@satta/shared/data/publicReads';
import { adminQuery, followRead } from './adminReads.ts';

/** A firebase-admin Database that records the query each ref builds, and its value listeners. */
function recorder() {
  const calls: string[][] = [];
  const listeners = new Map<string, (s: { val(): unknown }) => void>();
  const query = (steps: string[]): unknown => {
    const at = (name: string) => (arg?: unknown) => query([...steps, arg === undefined ? name : `${name}(${JSON.stringify(arg)})`]);
    return {
      orderByKey: at('orderByKey'),
      orderByChild: at('orderByChild'),
      startAt: at('startAt'),
      endAt: at('endAt'),
      limitToFirst: at('limitToFirst'),
      limitToLast: at('limitToLast'),
      toString: () => steps.join('.'),
      on: (_event: string, callback: (s: { val(): unknown }) => void) => {
        calls.push(steps);
        listeners.set(steps.join('.'), callback);
      },
      off: () => listeners.delete(steps.join('.')),
    };
  };
  const db = { ref: (path: string) => query([`ref(${JSON.stringify(path)})`]) } as unknown as Database;
  const answer = (key: string, value: unknown) => listeners.get(key)?.({ val: () => value });
  return { db, calls, listeners, answer };
}

describe('adminQuery', () => {
  it('asks firebase-admin for what the table reads', () => {
    const { db } = recorder();
    expect(String(adminQuery(db, { path: 'sattanamee/Gali', orderBy: '$key', startAt: '2026-01-01', endAt: '2026-12-31' }))).toBe(
      'ref("sattanamee/Gali").orderByKey.startAt("2026-01-01").endAt("2026-12-31")',
    );
    expect(String(adminQuery(db, { path: 'corrections', orderBy: 'correctedAt', startAt: 1764000000000 }))).toBe(
      'ref("corrections").orderByChild("correctedAt").startAt(1764000000000)',
    );
    expect(String(adminQuery(db, { path: 'sattanamee/Gali', orderBy: '$key', limitToLast: 1 }))).toBe(
      'ref("sattanamee/Gali").orderByKey.limitToLast(1)',
    );
    expect(String(adminQuery(db, { path: 'mian' }))).toBe('ref("mian")');
  });
});

describe('followRead', () => {
  it("applies the table's reader once every read has answered, and after each change", () => {
    const { db, answer, listeners } = recorder();
    const seen: unknown[] = [];
    const stop = followRead(db, publicReads.gamesSince('2026-11-01', ['Gali', 'Disawar']), (games) => seen.push(games));
    const gali = 'ref("sattanamee/Gali").orderByKey.startAt("2026-11-01")';
    const disawar = 'ref("sattanamee/Disawar").orderByKey.startAt("2026-11-01")';
    expect([...listeners.keys()]).toEqual([gali, disawar]);
    answer(gali, { time: '11:30 PM', '2026-11-25': { number: '42' } });
    expect(seen).toEqual([]);
    answer(disawar, null);
    answer(disawar, { '2026-11-26': { number: '07' } });
    expect(seen).toEqual([
      [
        { name: 'Gali', time: '11:30 PM', place: null, results: { '2026-11-25': '42' } },
        { name: 'Disawar', time: null, place: null, results: {} },
      ],
      [
        { name: 'Gali', time: '11:30 PM', place: null, results: { '2026-11-25': '42' } },
        { name: 'Disawar', time: null, place: null, results: { '2026-11-26': '07' } },
      ],
    ]);
    stop();
    expect(listeners.size).toBe(0);
  });
});
