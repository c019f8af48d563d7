import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMEZONE,
  addDays,
  dateKey,
  daysInMonth,
  formatClock,
  formatDisplayDate,
  isDateKey,
  isValidTimeZone,
  parseDateKey,
  parseDisplayDate,
  siteNow,
  yesterdayKey,
  zoneLabel,
} from './siteTime.ts';

// Node re-reads process.env.TZ when it is assigned, so each block below really runs the
// same assertions as if the visitor's machine were in another zone.
// Each zone with the local hour a machine there shows at 2026-11-21T00:00Z.
const MACHINE_ZONES: [zone: string, localHour: number][] = [
  ['UTC', 0],
  ['America/Los_Angeles', 16],
  ['Asia/Tokyo', 9],
  ['Pacific/Kiritimati', 14],
  ['Asia/Kolkata', 5],
];
const originalTz = process.env['TZ'];
afterAll(() => {
  if (originalTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = originalTz;
});

type Wall = [year: number, month: number, day: number, hour: number, minute: number, second: number, weekday: number];

const instants: [iso: string, tz: string, wall: Wall, key: string][] = [
  ['2026-11-20T18:29:59Z', 'Asia/Kolkata', [2026, 11, 20, 23, 59, 59, 5], '2026-11-20'],
  ['2026-11-20T18:30:00Z', 'Asia/Kolkata', [2026, 11, 21, 0, 0, 0, 6], '2026-11-21'],
  ['2026-11-21T06:30:00Z', 'Asia/Kolkata', [2026, 11, 21, 12, 0, 0, 6], '2026-11-21'],
  ['2026-12-31T18:30:00Z', 'Asia/Kolkata', [2027, 1, 1, 0, 0, 0, 5], '2027-01-01'],
  ['2028-02-28T18:30:00Z', 'Asia/Kolkata', [2028, 2, 29, 0, 0, 0, 2], '2028-02-29'],
  ['2026-11-21T04:59:59Z', 'America/New_York', [2026, 11, 20, 23, 59, 59, 5], '2026-11-20'],
  ['2026-11-21T05:00:00Z', 'America/New_York', [2026, 11, 21, 0, 0, 0, 6], '2026-11-21'],
  // The spring-forward hour: 01:59:59 EST is followed by 03:00:00 EDT.
  ['2026-03-08T06:59:59Z', 'America/New_York', [2026, 3, 8, 1, 59, 59, 0], '2026-03-08'],
  ['2026-03-08T07:00:00Z', 'America/New_York', [2026, 3, 8, 3, 0, 0, 0], '2026-03-08'],
  ['2026-11-20T23:59:59Z', 'UTC', [2026, 11, 20, 23, 59, 59, 5], '2026-11-20'],
];

describe.each(MACHINE_ZONES)('on a machine in %s', (machineZone, localHour) => {
  it('really runs in that zone', () => {
    process.env['TZ'] = machineZone;
    expect(new Date('2026-11-21T00:00:00Z').getHours()).toBe(localHour);
  });

  it.each(instants)('%s in %s', (iso, tz, wall, key) => {
    process.env['TZ'] = machineZone;
    const [year, month, day, hour, minute, second, weekday] = wall;
    expect(siteNow(new Date(iso), tz)).toEqual({
      year,
      month,
      day,
      hour,
      minute,
      second,
      weekday,
      dateKey: key,
      minutesOfDay: hour * 60 + minute,
    });
    expect(dateKey(new Date(iso), tz)).toBe(key);
  });

  it.each([
    ['2026-11-20T18:29:59Z', '2026-11-19'],
    ['2026-11-20T18:30:00Z', '2026-11-20'],
    ['2026-12-31T18:30:00Z', '2026-12-31'],
    ['2026-03-01T00:00:00Z', '2026-02-28'],
  ])('yesterday of %s in Kolkata is %s', (iso, expected) => {
    process.env['TZ'] = machineZone;
    expect(yesterdayKey(new Date(iso))).toBe(expected);
  });

  it.each([
    ['2026-11-21T08:35:07Z', { time: '02:05:07 PM', weekday: 'Saturday', date: 'November 21, 2026' }],
    ['2026-11-20T18:30:00Z', { time: '12:00:00 AM', weekday: 'Saturday', date: 'November 21, 2026' }],
    ['2026-11-20T18:29:59Z', { time: '11:59:59 PM', weekday: 'Friday', date: 'November 20, 2026' }],
    ['2026-11-21T06:30:00Z', { time: '12:00:00 PM', weekday: 'Saturday', date: 'November 21, 2026' }],
    ['2027-01-03T03:31:00Z', { time: '09:01:00 AM', weekday: 'Sunday', date: 'January 3, 2027' }],
  ])('the clock at %s reads %j', (iso, clock) => {
    process.env['TZ'] = machineZone;
    expect(formatClock(new Date(iso))).toEqual(clock);
  });
});

describe('siteNow defaults', () => {
  it('uses Asia/Kolkata', () => {
    expect(DEFAULT_TIMEZONE).toBe('Asia/Kolkata');
    expect(siteNow(new Date('2026-11-20T18:30:00Z')).dateKey).toBe('2026-11-21');
  });

  it('rejects an unknown zone', () => {
    expect(() => siteNow(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it.each([
    ['Asia/Kolkata', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('isValidTimeZone(%j) is %s', (tz, valid) => {
    expect(isValidTimeZone(tz)).toBe(valid);
  });
});

describe("India's time without Intl", () => {
  it.each([
    ['2026-11-23T18:29:59Z', '2026-11-23', 23, 59, 59],
    ['2026-11-23T18:30:00Z', '2026-11-24', 0, 0, 0],
    ['2024-02-28T18:30:00Z', '2024-02-29', 0, 0, 0],
    ['2026-12-31T18:30:00Z', '2027-01-01', 0, 0, 0],
    ['1946-01-01T00:00:00Z', '1946-01-01', 5, 30, 0],
  ])('%s is %s %i:%i:%i in Asia/Kolkata', (iso, key, hour, minute, second) => {
    const now = siteNow(new Date(iso));
    expect([now.dateKey, now.hour, now.minute, now.second]).toEqual([key, hour, minute, second]);
  });

  it('reads the same as Intl for every hour of two years, under both names of the zone', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Kolkata',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const from = Date.UTC(2025, 0, 1, 0, 17);
    for (let ms = from; ms < from + 2 * 366 * 86_400_000; ms += 3_600_000) {
      const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
      const expected = `${p['year']}-${p['month']}-${p['day']} ${Number(p['hour']) % 24}:${Number(p['minute'])}`;
      for (const zone of ['Asia/Kolkata', 'Asia/Calcutta']) {
        const now = siteNow(new Date(ms), zone);
        expect(`${now.dateKey} ${now.hour}:${now.minute}`).toBe(expected);
      }
    }
  });

  it('asks Intl before 1946, when India kept other offsets (+06:30 in 1942-45)', () => {
    expect(siteNow(new Date('1943-06-01T00:00:00Z')).hour).toBe(6);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-01-31', 30, '2026-03-02'],
    ['2026-01-15', 365, '2027-01-15'],
    ['2027-06-10', 400, '2028-07-14'],
    ['0099-12-31', 1, '0100-01-01'],
  ])('%s %+d days is %s', (key, n, expected) => {
    expect(addDays(key, n)).toBe(expected);
  });

  it.each([['2026-02-30'], ['2026-1-01'], ['yesterday'], ['']])('throws for %j', (key) => {
    expect(() => addDays(key, 1)).toThrow(RangeError);
  });

  it('throws for a fraction of a day', () => {
    expect(() => addDays('2026-11-21', 0.5)).toThrow(RangeError);
  });
});

describe('calendar', () => {
  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2100, 2, 28],
    [2026, 4, 30],
    [2026, 11, 30],
    [2026, 12, 31],
    [2026, 0, 0],
    [2026, 13, 0],
    [2026, 1.5, 0],
  ])('daysInMonth(%i, %d) = %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    ['2026-11-21', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-11-00', false],
    ['2026-1-21', false],
    ['26-11-21', false],
    [' 2026-11-21', false],
    ['2026-11-21T00:00', false],
    ['time', false],
    ['place', false],
    [20261121, false],
    [null, false],
  ])('isDateKey(%j) is %s', (key, valid) => {
    expect(isDateKey(key)).toBe(valid);
  });

  it('parses a key into its parts', () => {
    expect(parseDateKey('2026-11-05')).toEqual({ year: 2026, month: 11, day: 5 });
  });

  it.each([
    ['2026-11-21', '21-11-2026'],
    ['2027-01-05', '05-01-2027'],
    ['not a date', 'not a date'],
  ])('formatDisplayDate(%j) = %j', (key, shown) => {
    expect(formatDisplayDate(key)).toBe(shown);
  });
});

describe('parseDisplayDate: every typed date, day first', () => {
  it.each([
    ['20-11-2026', '2026-11-20'],
    ['05-11-2026', '2026-11-05'],
    ['5-11-2026', '2026-11-05'],
    ['5-1-2026', '2026-01-05'],
    ['05/11/2026', '2026-11-05'],
    ['5.11.2026', '2026-11-05'],
    [' 20-11-2026 ', '2026-11-20'],
    ['29-02-2028', '2028-02-29'],
  ])('%j -> %j', (typed, key) => {
    expect(parseDisplayDate(typed)).toBe(key);
  });

  it.each([
    // Year first is never how the site shows a date, so it is not read as one.
    ['2026-11-20'],
    ['2026/11/20'],
    ['2026-1-5'],
    ['29-02-2026'],
    ['31-04-2026'],
    ['00-11-2026'],
    ['20-13-2026'],
    ['20-11-26'],
    ['20-11'],
    ['11/2026'],
    ['20-11/2026'],
    ['123-11-2026'],
    ['20 11 2026'],
    ['today'],
    [''],
    [null],
    [undefined],
  ])('%j is refused', (typed) => {
    expect(parseDisplayDate(typed)).toBeNull();
  });

  it('reads back every date formatDisplayDate shows', () => {
    for (let key = '2027-12-25'; key <= '2028-03-05'; key = addDays(key, 1)) {
      expect(parseDisplayDate(formatDisplayDate(key))).toBe(key);
    }
  });
});

describe('zoneLabel', () => {
  it("calls India's zone IST under both its names, and another zone by its short name", () => {
    const at = new Date(Date.UTC(2026, 0, 15, 12, 0));
    expect(zoneLabel('Asia/Kolkata', at)).toBe('IST');
    expect(zoneLabel('Asia/Calcutta', at)).toBe('IST');
    expect(zoneLabel('UTC', at)).toBe('UTC');
    expect(zoneLabel('Asia/Dubai', at)).toBe('GMT+4');
    expect(zoneLabel('America/New_York', new Date(Date.UTC(2026, 6, 15, 12, 0)))).toBe('EDT');
  });
});
