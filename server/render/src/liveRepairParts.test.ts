import { describe, expect, it } from 'vitest';
import { LIVE_PARTS } from '@satta/shared/domain/liveNode';
import { decideDigest, partData } from './liveRepair.ts';
import { testSnapshot } from './testSupport.ts';

/*
 * The repair's view of each version part comes from the table (publicReads.ts LIVE_PART_SOURCES):
 * what the pages hold of it in the snapshot, and whether it moves with the day.
 */
const TODAY = '2026-11-26';
const base = testSnapshot({
  at: Date.UTC(2026, 10, 26, 9, 0),
  todayKey: TODAY,
  gameNames: ['Gali'],
  games: [{ name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-03': '08', '2026-11-25': '17', [TODAY]: '42' } }],
  khaiwals: [],
  mainInfo: { name: 'Admin', phnnumber: '9876543210' },
  adInfo: { top: { name: 'Ad', time: '10:00 AM' } },
  corrections: [],
  holidays: { Gali: { dates: { '2026-11-30': true }, weekdays: {} } },
  live: { days: {}, v: {} },
});
const snapshot = { ...base, entries: { ...base.entries, [`notices:${TODAY}`]: { Gali: 'late' }, 'notices:2026-11-25': { Gali: 'old' } } };

describe("the repair's parts, from the table", () => {
  it('reads what the pages hold of every part', () => {
    expect(Object.fromEntries(LIVE_PARTS.map((part) => [part, partData(snapshot, part)]))).toEqual({
      mian: { name: 'Admin', phnnumber: '9876543210' },
      adinfo: { top: { name: 'Ad', time: '10:00 AM' } },
      khaiwals: [],
      games: { Gali: { time: '11:30 PM', place: 11, results: { '2026-11-03': '08' }, meta: undefined } },
      corrections: [],
      holidays: { Gali: { dates: { '2026-11-30': true }, weekdays: {} } },
      notices: { Gali: 'late' },
    });
  });

  it('records a new day of the notices without a stamp, and stamps a hand edit of them', () => {
    const stored = { d: 'x', v: 5, t: '2026-11-25' };
    expect(decideDigest(stored, { d: 'y', v: 5, t: TODAY }, 'notices')).toBe('record');
    expect(decideDigest({ ...stored, t: TODAY }, { d: 'y', v: 5, t: TODAY }, 'notices')).toBe('stamp');
    // mian does not move with the day: new data under the recorded stamp is a hand edit.
    expect(decideDigest(stored, { d: 'y', v: 5, t: TODAY }, 'mian')).toBe('stamp');
  });
});
