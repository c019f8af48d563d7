import { describe, expect, it } from 'vitest';
import { readCorrections } from './corrections.ts';

describe('readCorrections', () => {
  it('lists the readable entries since the given time, newest first', () => {
    const node = {
      a: { game: 'Gali', date: '2026-11-20', from: '41', to: '42', publishedAt: 1000, correctedAt: 2000 },
      b: { game: 'Disawar', date: '2026-11-21', from: '05', to: '06', correctedAt: 3000 },
      old: { game: 'Gali', date: '2026-08-01', from: '01', to: '02', publishedAt: 10, correctedAt: 20 },
      broken: { game: 'Gali', date: 'yesterday', from: '01', to: '02', correctedAt: 2500 },
      noTime: { game: 'Gali', date: '2026-11-19', from: '01', to: '02' },
    };
    expect(readCorrections(node, 1000)).toEqual([
      { id: 'b', game: 'Disawar', date: '2026-11-21', from: '05', to: '06', correctedAt: 3000 },
      { id: 'a', game: 'Gali', date: '2026-11-20', from: '41', to: '42', publishedAt: 1000, correctedAt: 2000 },
    ]);
    expect(readCorrections(null, 0)).toEqual([]);
  });
});
