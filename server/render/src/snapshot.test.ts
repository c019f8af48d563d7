import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { peekLive } from '@satta/shared/data';
import { renderSource } from './snapshot.ts';
import { TEST_CONFIG, testSnapshot } from './testSupport.ts';

/*
 * A server render reads the snapshot through the data service itself (its render adapter): the
 * streams answer at once from memory, and the service records the entries the page read, which
 * the page inlines.
 */
const TODAY = '2026-11-26';

const snapshot = testSnapshot({
  at: Date.UTC(2026, 10, 26, 6, 0),
  todayKey: TODAY,
  gameNames: ['Gali', 'Disawar'],
  games: [
    { name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-25': '17' } },
    { name: 'Disawar', time: '02:00 AM', place: 12, results: {} },
  ],
  khaiwals: [],
  mainInfo: { phnnumber: '9876543210' },
  adInfo: {},
  holidays: {
    Gali: { dates: { [TODAY]: true }, weekdays: {} },
    Disawar: { dates: {}, weekdays: { sun: '2026-11-01' } },
  },
  years: { 'year:Gali:2025': { '2025-03-14': '57' } },
  yearMetas: { 'year:Gali:2025': { '2025-03-14': { publishedAt: 1_742_000_000_000 } } },
  spans: { Gali: { first: '2025-03-14', last: '2026-11-25' }, Disawar: { first: null, last: null } },
  live: { days: { '2026-11-25': { Gali: { n: '17' } } }, v: { holidays: 1_795_500_000_000 } },
});
const LIVE = { days: { '2026-11-25': { Gali: { n: '17' } } }, v: { holidays: 1_795_500_000_000 } };

describe('a server render', () => {
  it('serves the days without a draw at once and records them, with the live node', () => {
    const source = renderSource(snapshot, TEST_CONFIG);
    expect(peekLive(source.holidays$())).toEqual({
      data: { Gali: { dates: { '2026-11-26': true }, weekdays: {} }, Disawar: { dates: {}, weekdays: { sun: '2026-11-01' } } },
      stale: false,
      error: null,
    });
    expect([...source.served.keys()].sort()).toEqual(['holidays', 'live']);
    expect(source.served.get('live')).toEqual(LIVE);
  });

  it('serves the home window of the snapshot’s day, whatever the clock says', () => {
    const source = renderSource(snapshot, TEST_CONFIG);
    expect(source.todayKey()).toBe('2026-11-26');
    expect(peekLive(source.homeGames$())?.data?.map((game) => [game.name, game.results])).toEqual([
      ['Gali', { '2026-11-25': '17' }],
      ['Disawar', {}],
    ]);
    expect([...source.served.keys()].sort()).toEqual(['games:2026-11-01', 'live']);
  });

  it('records a finished year with its publish times and without the live node, and the years of the game it asked for', async () => {
    const source = renderSource(snapshot, TEST_CONFIG);
    expect(peekLive(source.gameYear$('Gali', 2025))?.data).toEqual({ '2025-03-14': '57' });
    expect(peekLive(source.gameYearMeta$('Gali', 2025))?.data).toEqual({ '2025-03-14': { publishedAt: 1_742_000_000_000 } });
    expect(peekLive(source.homeGames$({ live: false }))?.data).toHaveLength(2);
    expect(source.peekGameYears('Gali')).toEqual([2026, 2025]);
    expect(await source.gameYears('Gali')).toEqual([2026, 2025]);
    expect(Object.fromEntries(source.served)).toEqual({
      // One key for the year: its results and their publish times.
      'year:Gali:2025': {
        name: 'Gali',
        time: null,
        place: null,
        results: { '2025-03-14': '57' },
        meta: { '2025-03-14': { publishedAt: 1_742_000_000_000 } },
      },
      'games:2026-11-01': [
        { name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-25': '17' } },
        { name: 'Disawar', time: '02:00 AM', place: 12, results: {} },
      ],
      'render:spans': { Gali: { first: '2025-03-14', last: '2026-11-25' } },
    });
  });

  it('shows a year not in memory as loading, and records that the page asked for it', () => {
    const source = renderSource(snapshot, TEST_CONFIG);
    expect(peekLive(source.gameYear$('Disawar', 2026))).toBeUndefined();
    expect(source.served.has('year:Disawar:2026')).toBe(true);
    expect(source.served.get('year:Disawar:2026')).toBeUndefined();
  });

  it('says it is connected, and opens nothing', async () => {
    const source = renderSource(snapshot, TEST_CONFIG);
    expect(await firstValueFrom(source.connected$)).toBe(true);
    expect(await firstValueFrom(source.today$)).toBe('2026-11-26');
    expect(peekLive(source.mainInfo$())?.data).toEqual({ phnnumber: '9876543210' });
  });
});
