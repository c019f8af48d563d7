import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { SnapshotSource, entryOf, type Snapshot } from './snapshot.ts';

/*
 * What a server render reads of the snapshot and records for the page to inline: here the days
 * without a draw (the home page's result table and countdown read them through holidays$).
 */
const TODAY = '2026-11-26';

const snapshot: Snapshot = {
  at: Date.UTC(2026, 10, 26, 6, 0),
  todayKey: TODAY,
  gameNames: ['Gali', 'Disawar'],
  games: [
    { name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-25': '17' } },
    { name: 'Disawar', time: '02:00 AM', place: 12, results: {} },
  ],
  khaiwals: [],
  mainInfo: {},
  adInfo: {},
  holidays: {
    Gali: { dates: { [TODAY]: true }, weekdays: {} },
    Disawar: { dates: {}, weekdays: { sun: '2026-11-01' } },
  },
  live: { days: { '2026-11-25': { Gali: { n: '17' } } }, v: { holidays: 1_795_500_000_000 } },
};

describe('the days without a draw in a server render', () => {
  it('are served from the snapshot and recorded under "holidays", with the live node', async () => {
    const source = new SnapshotSource(snapshot, 'Asia/Kolkata');
    expect(await firstValueFrom(source.holidays$())).toEqual({
      data: {
        Gali: { dates: { '2026-11-26': true }, weekdays: {} },
        Disawar: { dates: {}, weekdays: { sun: '2026-11-01' } },
      },
      stale: false,
      error: null,
    });
    expect([...source.served.keys()].sort()).toEqual(['holidays', 'live']);
    expect(source.served.get('holidays')).toEqual({
      Gali: { dates: { '2026-11-26': true }, weekdays: {} },
      Disawar: { dates: {}, weekdays: { sun: '2026-11-01' } },
    });
    expect(source.served.get('live')).toEqual({ days: { '2026-11-25': { Gali: { n: '17' } } }, v: { holidays: 1_795_500_000_000 } });
  });

  it('are {} when none is marked (or the snapshot predates them)', async () => {
    const { holidays: _none, ...without } = snapshot;
    const source = new SnapshotSource(without, 'Asia/Kolkata');
    expect((await firstValueFrom(source.holidays$())).data).toEqual({});
    expect(source.served.get('holidays')).toEqual({});
    expect(entryOf(without, 'holidays')).toEqual({});
  });
});
