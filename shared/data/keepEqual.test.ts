import { describe, expect, it } from 'vitest';
import { keepEqual } from './keepEqual.ts';

describe('keepEqual', () => {
  it('returns the previous value when the next one is deeply equal', () => {
    const prev = { '2026-01-01': '12', '2026-01-02': '34', games: [{ name: 'GALI', time: '11:20 PM' }] };
    const next = { '2026-01-01': '12', '2026-01-02': '34', games: [{ name: 'GALI', time: '11:20 PM' }] };
    expect(keepEqual(prev, next)).toBe(prev);
  });

  it('keeps the unchanged parts and takes the changed ones', () => {
    const gali = { name: 'GALI', results: { '2026-01-01': '12' } };
    const disawar = { name: 'DISAWAR', results: { '2026-01-01': '56' } };
    const next = [
      { name: 'GALI', results: { '2026-01-01': '12' } },
      { name: 'DISAWAR', results: { '2026-01-01': '57' } },
    ];
    const kept = keepEqual([gali, disawar], next);
    expect(kept).toEqual([
      { name: 'GALI', results: { '2026-01-01': '12' } },
      { name: 'DISAWAR', results: { '2026-01-01': '57' } },
    ]);
    expect(kept[0]).toBe(gali);
    expect(kept[1]).not.toBe(disawar);
  });

  it('sees an added, a removed or a renamed key as a change', () => {
    const prev = { a: '1', b: '2' };
    expect(keepEqual(prev, { a: '1', b: '2', c: '3' })).toEqual({ a: '1', b: '2', c: '3' });
    expect(keepEqual(prev, { a: '1' })).toEqual({ a: '1' });
    const renamed = keepEqual({ a: '1', b: undefined }, { a: '1', c: undefined });
    expect(Object.keys(renamed)).toEqual(['a', 'c']);
  });

  it('sees a shorter or longer array and a changed type as a change', () => {
    expect(keepEqual(['1', '2'], ['1'])).toEqual(['1']);
    expect(keepEqual(['1'], ['1', '2'])).toEqual(['1', '2']);
    expect(keepEqual({ 0: '1' }, ['1'])).toEqual(['1']);
    expect(keepEqual('12', 12)).toBe(12);
  });

  it('takes the next value whole when there was none', () => {
    const next = { '2026-01-01': '12' };
    expect(keepEqual(undefined, next)).toBe(next);
  });
});
