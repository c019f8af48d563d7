import { describe, expect, it } from 'vitest';
import { livePatch } from './livePatch.ts';
import { resultPatch } from './resultPatch.ts';

const TS = { '.sv': 'timestamp' };
const TODAY = '2026-11-26';

describe('livePatch', () => {
  it('mirrors a first publication of today as { n, p } and drops the day before yesterday', () => {
    const patch = resultPatch({
      game: 'Gali',
      dateKey: TODAY,
      before: null,
      value: '42',
      silent: false,
      serverTime: TS,
      newCorrectionKey: () => 'c1',
    });
    expect(livePatch(patch!, TODAY, TS)).toEqual({
      'live/days/2026-11-26/Gali': { n: '42', p: TS },
      'live/days/2026-11-24': null,
    });
  });

  it('mirrors a correction of yesterday field by field and stamps the corrections log', () => {
    const patch = resultPatch({
      game: 'Gali',
      dateKey: '2026-11-25',
      before: { number: '97', publishedAt: 1764000000000, updatedAt: 1764000000000 },
      value: '42',
      silent: false,
      serverTime: TS,
      newCorrectionKey: () => 'c1',
    });
    expect(livePatch(patch!, TODAY, TS)).toEqual({
      'live/days/2026-11-25/Gali/n': '42',
      'live/days/2026-11-25/Gali/u': TS,
      'live/days/2026-11-25/Gali/w': '97',
      'live/v/corrections': TS,
      'live/days/2026-11-24': null,
    });
  });

  it('removes an undone first publication', () => {
    expect(livePatch({ 'sattanamee/Gali/2026-11-26': null }, TODAY, TS)).toEqual({
      'live/days/2026-11-26/Gali': null,
      'live/days/2026-11-24': null,
    });
  });

  it('stamps a version for an older result, a game time and the public texts', () => {
    expect(
      livePatch(
        {
          'sattanamee/Gali/2026-11-10': { number: '05', publishedAt: TS, updatedAt: TS, silent: true },
          'sattanamee/Gali/time': '11:30 PM',
          'mian/notice': 'Holiday',
          adinfo: { text: 'x' },
          'khaiwals/k1': null,
          'audit/a1': { uid: 'u' },
          'notifyState/undoWindowSec': 30,
        },
        TODAY,
        TS,
      ),
    ).toEqual({ 'live/v/games': TS, 'live/v/mian': TS, 'live/v/adinfo': TS, 'live/v/khaiwals': TS });
  });

  it('stamps nothing for a result of a finished year: no followed read holds it', () => {
    const old = { number: '05', publishedAt: TS, updatedAt: TS, silent: true };
    expect(livePatch({ 'sattanamee/Gali/2025-12-31': old, 'sattanamee/Disawar/2006-03-01': old }, TODAY, TS)).toEqual({});
    expect(livePatch({ 'sattanamee/Gali/2026-01-01': old }, TODAY, TS)).toEqual({ 'live/v/games': TS });
    // The game's own fields still stamp, whatever else the write holds.
    expect(livePatch({ 'sattanamee/Gali/2025-12-31': old, 'sattanamee/Gali/time': '11:30 PM' }, TODAY, TS)).toEqual({
      'live/v/games': TS,
    });
  });

  it('on the 1st of January the home window still holds yesterday, and the day before stamps nothing', () => {
    const old = { number: '05', publishedAt: TS, updatedAt: TS, silent: true };
    expect(livePatch({ 'sattanamee/Gali/2026-12-30': old }, '2027-01-01', TS)).toEqual({});
    expect(livePatch({ 'sattanamee/Gali/2026-12-31': old }, '2027-01-01', TS)).toEqual({
      'live/days/2026-12-31/Gali': { n: '05', p: TS },
      'live/days/2026-12-30': null,
    });
  });

  it('stamps live/v/holidays for a mark of a date or a weekday, set or cleared', () => {
    expect(livePatch({ 'holidays/Gali/dates/2026-11-26': true }, TODAY, TS)).toEqual({ 'live/v/holidays': TS });
    expect(livePatch({ 'holidays/Gali/dates/2026-11-26': null }, TODAY, TS)).toEqual({ 'live/v/holidays': TS });
    expect(livePatch({ 'holidays/Disawar/weekdays/sun': '2026-11-29' }, TODAY, TS)).toEqual({ 'live/v/holidays': TS });
    expect(livePatch({ holidays: null }, TODAY, TS)).toEqual({ 'live/v/holidays': TS });
  });

  it('a mark of today stamps holidays only: it is no result of today', () => {
    expect(
      livePatch({ 'holidays/Gali/dates/2026-11-26': true, 'audit/a1': { uid: 'u', path: 'holidays/Gali/dates/2026-11-26' } }, TODAY, TS),
    ).toEqual({ 'live/v/holidays': TS });
  });

  it("stamps live/v/notices for a game's notice of the day, set or removed", () => {
    expect(livePatch({ 'gameNotices/2026-11-26/Gali': 'रिजल्ट में देरी' }, TODAY, TS)).toEqual({ 'live/v/notices': TS });
    expect(livePatch({ 'gameNotices/2026-11-26/Gali': null, 'gameNotices/2026-11-25': null }, TODAY, TS)).toEqual({
      'live/v/notices': TS,
    });
  });
});
