import { describe, expect, it } from 'vitest';
import {
  WEEKDAYS,
  gamesWithoutDraw,
  holidayPaths,
  isMarkedNoDraw,
  marksOf,
  noDrawOf,
  noDrawReason,
  readHolidays,
  weekdayOf,
  type Holidays,
} from './holidays.ts';

describe('readHolidays', () => {
  it('keeps the dated and weekly marks as stored', () => {
    expect(
      readHolidays({
        Gali: { dates: { '2026-11-26': true, '2026-12-25': true }, weekdays: { sun: '2026-11-01' } },
        Disawar: { weekdays: { tue: '2026-01-06', sat: '2026-11-28' } },
      }),
    ).toEqual({
      Gali: { dates: { '2026-11-26': true, '2026-12-25': true }, weekdays: { sun: '2026-11-01' } },
      Disawar: { dates: {}, weekdays: { tue: '2026-01-06', sat: '2026-11-28' } },
    });
  });

  it('leaves out whatever it cannot read, and never throws', () => {
    expect(
      readHolidays({
        Gali: {
          dates: {
            '2026-11-26': true,
            '2026-11-27': false,
            '2026-11-28': 'true',
            '2026-11-29': 1,
            '2026-02-30': true,
            '26-11-2026': true,
            soon: true,
          },
          weekdays: { sun: '2026-11-01', mon: true, tue: '01-11-2026', funday: '2026-11-01', '0': '2026-11-01' },
          note: 'closed',
        },
        Disawar: { dates: { '2026-11-27': false }, weekdays: { wed: null } },
        Faridabad: { dates: ['2026-11-26'], weekdays: 'sun' },
        Mathura: 'closed',
        Bilaspur: true,
        '  ': { dates: { '2026-11-26': true } },
        Gangotri: null,
      }),
    ).toEqual({ Gali: { dates: { '2026-11-26': true }, weekdays: { sun: '2026-11-01' } } });
  });

  it.each<[string, unknown]>([
    ['null (no marks stored)', null],
    ['undefined', undefined],
    ['a string', 'holiday'],
    ['a number', 42],
    ['an array', [{ dates: { '2026-11-26': true } }]],
    ['an empty node', {}],
  ])('reads %s as no marks', (_title, node) => {
    expect(readHolidays(node)).toEqual({});
  });
});

describe('weekdayOf', () => {
  it.each([
    ['2026-11-26', 'thu'],
    ['2026-11-27', 'fri'],
    ['2026-11-28', 'sat'],
    ['2026-11-29', 'sun'],
    ['2026-11-30', 'mon'],
    ['2026-12-01', 'tue'],
    ['2026-12-02', 'wed'],
    ['2024-02-29', 'thu'],
    ['2000-01-01', 'sat'],
    ['1970-01-01', 'thu'],
    ['2026-12-31', 'thu'],
    ['2027-01-01', 'fri'],
  ])('%s is a %s', (dateKey, weekday) => {
    expect(weekdayOf(dateKey)).toBe(weekday);
  });

  it.each(['2026-02-30', '26-11-2026', 'today', ''])('refuses %j', (key) => {
    expect(() => weekdayOf(key)).toThrow(RangeError);
  });

  it('keys the weekdays by name from Sunday, so the database never reads them as an array', () => {
    expect(WEEKDAYS).toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  });
});

describe('holidayPaths', () => {
  it('are the stored paths of the marks', () => {
    expect(holidayPaths.game('Gali')).toBe('holidays/Gali');
    expect(holidayPaths.date('Gali', '2026-11-26')).toBe('holidays/Gali/dates/2026-11-26');
    expect(holidayPaths.weekday('Gali', 'sun')).toBe('holidays/Gali/weekdays/sun');
  });
});

describe('noDrawReason and isMarkedNoDraw', () => {
  const holidays: Holidays = {
    Gali: { dates: { '2026-11-26': true }, weekdays: {} },
    // Sundays from Sunday 2026-11-15 on; Wednesdays from Friday 2026-11-20, so the first is 2026-11-25.
    Disawar: { dates: {}, weekdays: { sun: '2026-11-15', wed: '2026-11-20' } },
  };

  it.each<[string, string, string, unknown]>([
    ['a dated mark', 'Gali', '2026-11-26', { kind: 'date' }],
    ['the day after a dated mark', 'Gali', '2026-11-27', null],
    ['the day before a dated mark', 'Gali', '2026-11-25', null],
    ['the same weekday a week later', 'Gali', '2026-12-03', null],
    ['the first date of a weekly mark', 'Disawar', '2026-11-15', { kind: 'weekday', weekday: 'sun', from: '2026-11-15' }],
    ['a later Sunday', 'Disawar', '2026-11-29', { kind: 'weekday', weekday: 'sun', from: '2026-11-15' }],
    ['a Sunday of the next year', 'Disawar', '2027-01-03', { kind: 'weekday', weekday: 'sun', from: '2026-11-15' }],
    ['the Sunday before the first date', 'Disawar', '2026-11-08', null],
    ['a Sunday of a past year', 'Disawar', '2025-11-16', null],
    ['a Monday', 'Disawar', '2026-11-16', null],
    [
      'the first Wednesday after a first date on a Friday',
      'Disawar',
      '2026-11-25',
      { kind: 'weekday', weekday: 'wed', from: '2026-11-20' },
    ],
    ['the Wednesday before that first date', 'Disawar', '2026-11-18', null],
    ['a game without marks', 'Faridabad', '2026-11-26', null],
    ['an impossible date', 'Gali', '2026-02-30', null],
    ['a date that is not a key', 'Gali', '26-11-2026', null],
  ])('%s: %s %s', (_title, game, dateKey, reason) => {
    expect(noDrawReason(holidays, game, dateKey)).toEqual(reason);
    expect(isMarkedNoDraw(holidays, game, dateKey)).toBe(reason !== null);
  });

  it('finds no mark where none is stored', () => {
    expect(noDrawReason(undefined, 'Gali', '2026-11-26')).toBeNull();
    expect(noDrawReason({}, 'Gali', '2026-11-26')).toBeNull();
    expect(isMarkedNoDraw(undefined, 'Gali', '2026-11-26')).toBe(false);
  });

  it('finds the marks of a game stored under another spelling of it', () => {
    const stored: Holidays = {
      Disawer: { dates: { '2026-11-26': true }, weekdays: {} },
      गली: { dates: {}, weekdays: { sun: '2026-11-01' } },
    };
    expect(noDrawReason(stored, 'Disawar', '2026-11-26')).toEqual({ kind: 'date' });
    expect(noDrawReason(stored, 'DESAWAR', '2026-11-26')).toEqual({ kind: 'date' });
    expect(noDrawReason(stored, 'Gali', '2026-11-29')).toEqual({ kind: 'weekday', weekday: 'sun', from: '2026-11-01' });
    expect(noDrawReason(stored, 'Faridabad', '2026-11-26')).toBeNull();
    expect(marksOf(stored, 'Disawar')).toEqual({ dates: { '2026-11-26': true }, weekdays: {} });
  });

  it("prefers a game's own key over another spelling", () => {
    const stored: Holidays = {
      Disawer: { dates: { '2026-11-26': true }, weekdays: {} },
      Disawar: { dates: { '2026-11-27': true }, weekdays: {} },
    };
    expect(noDrawReason(stored, 'Disawar', '2026-11-26')).toBeNull();
    expect(noDrawReason(stored, 'Disawar', '2026-11-27')).toEqual({ kind: 'date' });
  });

  it('does not mix up two games the registry does not know', () => {
    const stored: Holidays = { 'Kalyan Night': { dates: { '2026-11-26': true }, weekdays: {} } };
    expect(noDrawReason(stored, 'Kalyan Night', '2026-11-26')).toEqual({ kind: 'date' });
    expect(noDrawReason(stored, 'kalyan night', '2026-11-26')).toEqual({ kind: 'date' });
    expect(noDrawReason(stored, 'Kalyan', '2026-11-26')).toBeNull();
  });
});

describe('noDrawOf', () => {
  const holidays: Holidays = {
    Gali: { dates: { '2026-11-26': true }, weekdays: { sun: '2026-11-01' } },
    Disawar: { dates: { '2026-11-26': true }, weekdays: {} },
  };
  const games: { name: string; results: Record<string, string> }[] = [
    { name: 'Gali', results: { '2026-11-25': '42' } },
    // A number published before the day was marked (or a correction kept): the number wins.
    { name: 'Disawar', results: { '2026-11-26': '07' } },
    { name: 'Faridabad', results: {} },
  ];

  it('is a marked day without a number', () => {
    const noDraw = noDrawOf(holidays, games);
    expect(noDraw('Gali', '2026-11-26')).toBe(true);
    expect(noDraw('Gali', '2026-11-29')).toBe(true);
    expect(noDraw('Gali', '2026-11-25')).toBe(false);
    expect(noDraw('Gali', '2026-11-27')).toBe(false);
    expect(noDraw('Faridabad', '2026-11-26')).toBe(false);
  });

  it('lets a published number win over the mark', () => {
    const noDraw = noDrawOf(holidays, games);
    expect(noDraw('Disawar', '2026-11-26')).toBe(false);
    // Without the games the mark alone counts.
    expect(noDrawOf(holidays)('Disawar', '2026-11-26')).toBe(true);
  });

  it('a number on a marked Sunday wins over the weekly mark too', () => {
    const noDraw = noDrawOf(holidays, [{ name: 'Gali', results: { '2026-11-29': '55' } }]);
    expect(noDraw('Gali', '2026-11-29')).toBe(false);
    expect(noDraw('Gali', '2026-12-06')).toBe(true);
  });

  it('finds the mark of a game under another spelling', () => {
    const noDraw = noDrawOf({ Disawer: { dates: { '2026-11-26': true }, weekdays: {} } }, [{ name: 'Disawar', results: {} }]);
    expect(noDraw('Disawar', '2026-11-26')).toBe(true);
    expect(noDraw('Disawar', '2026-11-27')).toBe(false);
  });

  it('is never true without marks', () => {
    expect(noDrawOf(undefined, games)('Gali', '2026-11-26')).toBe(false);
    expect(noDrawOf({}, games)('Gali', '2026-11-26')).toBe(false);
  });
});

describe('gamesWithoutDraw', () => {
  const holidays: Holidays = {
    Gali: { dates: { '2026-11-26': true }, weekdays: {} },
    Disawar: { dates: {}, weekdays: { thu: '2026-11-19' } },
    Faridabad: { dates: { '2026-11-27': true }, weekdays: { thu: '2026-12-01' } },
  };

  it.each([
    ['2026-11-26', ['Gali', 'Disawar']],
    ['2026-11-19', ['Disawar']],
    ['2026-11-12', []],
    ['2026-11-27', ['Faridabad']],
    ['2026-12-03', ['Disawar', 'Faridabad']],
  ])('on %s: %j', (dateKey, expected) => {
    expect(gamesWithoutDraw(holidays, dateKey)).toEqual(expected);
  });

  it('lists nothing without marks', () => {
    expect(gamesWithoutDraw(undefined, '2026-11-26')).toEqual([]);
  });
});
