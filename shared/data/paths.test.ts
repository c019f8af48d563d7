import { describe, expect, it } from 'vitest';
import { AD_INFO, HOLIDAYS, KHAIWALS, MAIN_INFO, RESULTS_ROOT, WEB_PUSH_SUBSCRIPTIONS, paths } from './paths.ts';

// The stored names of the specification: the live database holds its data under them.
describe('database paths', () => {
  it("keeps the specification's node names, misspellings included", () => {
    expect([RESULTS_ROOT, MAIN_INFO, AD_INFO, KHAIWALS, WEB_PUSH_SUBSCRIPTIONS]).toEqual([
      'sattanamee',
      'mian',
      'adinfo',
      'khaiwals',
      'webPushSubscriptions',
    ]);
  });

  it('builds the paths of a game, its result and the notify state', () => {
    expect(paths.result('Gali', '2026-11-21')).toBe('sattanamee/Gali/2026-11-21');
    expect(paths.resultNumber('Gali', '2026-11-21')).toBe('sattanamee/Gali/2026-11-21/number');
    expect(paths.gameTime('Disawar')).toBe('sattanamee/Disawar/time');
    expect(paths.mainInfoField('banner')).toBe('mian/banner');
    expect(paths.pendingPushes('2026-11-21')).toBe('notifyState/pending/2026-11-21');
    expect(paths.undoWindowSec).toBe('notifyState/undoWindowSec');
  });

  it('builds the paths of the days without a draw', () => {
    expect(HOLIDAYS).toBe('holidays');
    expect(paths.holidayGame('Gali')).toBe('holidays/Gali');
    expect(paths.holidayDate('Gali', '2026-11-26')).toBe('holidays/Gali/dates/2026-11-26');
    expect(paths.holidayWeekday('Gali', 'sun')).toBe('holidays/Gali/weekdays/sun');
  });
});
