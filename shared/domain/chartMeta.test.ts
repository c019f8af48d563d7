import { describe, expect, it } from 'vitest';
import { columnMetas } from './chartMeta.ts';
import type { DayMetas, DayResults } from './results.ts';

describe('columnMetas', () => {
  it("gives each column the times of the number it shows, the first spelling's on a shared day", () => {
    const games: { name: string; results: DayResults; meta?: DayMetas }[] = [
      { name: 'Disawer', results: { '2026-11-01': '11' }, meta: { '2026-11-01': { publishedAt: 1 } } },
      {
        name: 'Disawar',
        results: { '2026-11-01': '12', '2026-11-02': '13' },
        meta: { '2026-11-01': { publishedAt: 2 }, '2026-11-02': { publishedAt: 3, was: '14' } },
      },
      { name: 'Gali', results: { '2026-11-01': '21' } },
    ];
    expect(columnMetas(games, ['Disawar', 'Gali', 'Faridabad'])).toEqual([
      { '2026-11-01': { publishedAt: 1 }, '2026-11-02': { publishedAt: 3, was: '14' } },
      {},
      {},
    ]);
  });
});
