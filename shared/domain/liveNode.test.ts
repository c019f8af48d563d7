import { describe, expect, it } from 'vitest';
import type { GameData } from './results.ts';
import { digestOf, expectedLiveDays, mergeLiveDays, readLiveNode, removedEntries } from './liveNode.ts';

describe('readLiveNode', () => {
  it('reads days and versions and leaves out what it cannot read', () => {
    expect(
      readLiveNode({
        days: {
          '2026-11-26': { Gali: { n: '42', p: 1764180000000 }, Bad: { n: '7x' }, Old: { n: 5 } },
          'not-a-date': { Gali: { n: '11' } },
        },
        v: { mian: 1764180000000, games: 'soon', other: 3 },
      }),
    ).toEqual({
      days: { '2026-11-26': { Gali: { n: '42', p: 1764180000000 }, Old: { n: '05' } } },
      v: { mian: 1764180000000 },
    });
    expect(readLiveNode(null)).toEqual({ days: {}, v: {} });
  });
});

describe('expectedLiveDays', () => {
  it('holds yesterday and today, with u and w only after a correction', () => {
    const games: GameData[] = [
      {
        name: 'Gali',
        time: '11:30 PM',
        place: 1,
        results: { '2026-11-24': '10', '2026-11-25': '42', '2026-11-26': '17' },
        meta: {
          '2026-11-25': { publishedAt: 100, updatedAt: 200, was: '97' },
          '2026-11-26': { publishedAt: 300, updatedAt: 300 },
        },
      },
      { name: 'Disawar', time: '05:00 AM', place: 2, results: { '2026-11-26': '08' } },
    ];
    expect(expectedLiveDays(games, '2026-11-26')).toEqual({
      '2026-11-25': { Gali: { n: '42', p: 100, u: 200, w: '97' } },
      '2026-11-26': { Gali: { n: '17', p: 300 }, Disawar: { n: '08' } },
    });
  });
});

describe('mergeLiveDays', () => {
  const game = {
    name: 'Gali',
    results: { '2026-11-01': '11', '2026-11-25': '42' },
    meta: { '2026-11-25': { publishedAt: 100, updatedAt: 100 } },
  };
  const range = { from: '2026-11-01', to: '2026-11-26' };

  it('adds a number published since the page was rendered', () => {
    const merged = mergeLiveDays(game, { days: { '2026-11-26': { Gali: { n: '17', p: 300 } } }, removed: new Set() }, range);
    expect(merged.results).toEqual({ '2026-11-01': '11', '2026-11-25': '42', '2026-11-26': '17' });
    expect(merged.meta).toEqual({ '2026-11-25': { publishedAt: 100, updatedAt: 100 }, '2026-11-26': { publishedAt: 300, updatedAt: 300 } });
  });

  it('returns the same objects when the node agrees with the page', () => {
    const merged = mergeLiveDays(game, { days: { '2026-11-25': { Gali: { n: '42', p: 100 } } }, removed: new Set() }, range);
    expect(merged.results).toBe(game.results);
    expect(merged.meta).toBe(game.meta);
  });

  it('keeps a result the node does not hold unless it was removed from it', () => {
    expect(mergeLiveDays(game, { days: {}, removed: new Set() }, range).results).toEqual(game.results);
    expect(mergeLiveDays(game, { days: {}, removed: new Set(['Gali/2026-11-25']) }, range)).toEqual({
      results: { '2026-11-01': '11' },
      meta: undefined,
    });
  });

  it('leaves dates outside the range alone', () => {
    const merged = mergeLiveDays(
      game,
      { days: { '2026-11-26': { Gali: { n: '17' } } }, removed: new Set() },
      { from: '2025-01-01', to: '2025-12-31' },
    );
    expect(merged.results).toBe(game.results);
  });
});

describe('removedEntries', () => {
  it('names the entries that went', () => {
    expect(
      removedEntries({ '2026-11-26': { Gali: { n: '17' }, Disawar: { n: '08' } } }, { '2026-11-26': { Disawar: { n: '08' } } }),
    ).toEqual(['Gali/2026-11-26']);
  });
});

describe('digestOf', () => {
  it('ignores key order and tells different data apart', () => {
    expect(digestOf({ a: 1, b: [1, 2] })).toBe(digestOf({ b: [1, 2], a: 1 }));
    expect(digestOf({ a: 1 })).not.toBe(digestOf({ a: 2 }));
    expect(digestOf(null)).toBe(digestOf(undefined));
  });
});
