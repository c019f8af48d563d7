import { describe, expect, it } from 'vitest';
import { readCorrections } from './corrections.ts';

describe('readCorrections', () => {
  it('lists the readable entries since the given time, newest first', () => {
    const t = Date.UTC(2026, 10, 20, 12); // 2026-11-20 12:00 UTC
    const node = {
      a: { game: 'Gali', date: '2026-11-20', from: '41', to: '42', publishedAt: t + 1000, correctedAt: t + 2000 },
      b: { game: 'Disawar', date: '2026-11-21', from: '05', to: '06', correctedAt: t + 3000 },
      old: { game: 'Gali', date: '2026-08-01', from: '01', to: '02', publishedAt: t + 10, correctedAt: t + 20 },
      broken: { game: 'Gali', date: 'yesterday', from: '01', to: '02', correctedAt: t + 2500 },
      noTime: { game: 'Gali', date: '2026-11-19', from: '01', to: '02' },
      impossibleTime: { game: 'Gali', date: '2026-11-19', from: '01', to: '02', correctedAt: 1e300 },
      impossiblePublish: { game: 'Faridabad', date: '2026-11-19', from: '01', to: '02', publishedAt: 1e300, correctedAt: t + 1500 },
    };
    expect(readCorrections(node, t + 1000)).toEqual([
      { id: 'b', game: 'Disawar', date: '2026-11-21', from: '05', to: '06', correctedAt: t + 3000 },
      { id: 'a', game: 'Gali', date: '2026-11-20', from: '41', to: '42', publishedAt: t + 1000, correctedAt: t + 2000 },
      { id: 'impossiblePublish', game: 'Faridabad', date: '2026-11-19', from: '01', to: '02', correctedAt: t + 1500 },
    ]);
    expect(readCorrections(null, 0)).toEqual([]);
  });
});
