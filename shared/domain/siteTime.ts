import { MONTH_NAMES, WEEKDAY_NAMES } from './calendarNames.ts';

/**
 * Every visitor sees India's results day, wherever the visitor is: the zone when the
 * configuration names none (`timezone` of /config.json, the services' settings).
 */
export const DEFAULT_TIMEZONE = 'Asia/Kolkata';

/** India's zone under both its IANA names, which a time beside it calls 'IST'. */
const INDIA_ZONES: ReadonlySet<string> = new Set([DEFAULT_TIMEZONE, 'Asia/Calcutta']);

/**
 * The zone's short name, written beside a time so a visitor abroad knows it is not their own:
 * 'IST' for India's zone, else the zone's short name at that instant ('GMT+4', 'UTC').
 */
export function zoneLabel(timezone: string, at: Date): string {
  if (INDIA_ZONES.has(timezone)) return 'IST';
  const part = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timezone;
}

export interface SiteNow {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** 0..23 */
  hour: number;
  minute: number;
  second: number;
  /** 0 is Sunday. */
  weekday: number;
  /** 'YYYY-MM-DD', the key results are stored under. */
  dateKey: string;
  minutesOfDay: number;
}

/** '07' for 7: days, months and clock fields as the site prints them. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

// Building a DateTimeFormat is costly and the clock asks every second.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

/**
 * Zones whose offset from UTC is fixed for every instant the site deals with: India has kept
 * UTC+05:30 without daylight saving since 1945. Their wall clock is plain arithmetic; building
 * the first DateTimeFormat of a page (loading the zone and locale data) costs a phone tens of
 * milliseconds before the numbers come alive.
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = { 'Asia/Kolkata': 330, 'Asia/Calcutta': 330 };
/** Before this instant (1 January 1946, 00:00 UTC) India's offset was not always +05:30. */
const FIXED_OFFSET_SINCE = Date.UTC(1946, 0, 1);

/** Whether Intl knows the zone; runtime config is checked with this before it is trusted. */
export function isValidTimeZone(tz: string): boolean {
  if (FIXED_OFFSET_MINUTES[tz] !== undefined) return true;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** Wall-clock fields of an instant in the site's zone. Throws RangeError for an unknown zone. */
export function siteNow(date: Date, tz: string = DEFAULT_TIMEZONE): SiteNow {
  const fields: Record<string, number> = {};
  const offset = FIXED_OFFSET_MINUTES[tz];
  if (offset !== undefined && date.getTime() >= FIXED_OFFSET_SINCE) {
    const wall = new Date(date.getTime() + offset * 60_000);
    fields['year'] = wall.getUTCFullYear();
    fields['month'] = wall.getUTCMonth() + 1;
    fields['day'] = wall.getUTCDate();
    fields['hour'] = wall.getUTCHours();
    fields['minute'] = wall.getUTCMinutes();
    fields['second'] = wall.getUTCSeconds();
  } else {
    for (const part of formatterFor(tz).formatToParts(date)) {
      if (part.type !== 'literal') fields[part.type] = Number(part.value);
    }
  }
  const year = fields['year'] ?? Number.NaN;
  const month = fields['month'] ?? Number.NaN;
  const day = fields['day'] ?? Number.NaN;
  // Some engines print midnight as 24 even with h23.
  const hour = (fields['hour'] ?? Number.NaN) % 24;
  const minute = fields['minute'] ?? Number.NaN;
  const second = fields['second'] ?? Number.NaN;
  if (Number.isNaN(year + month + day + hour + minute + second)) {
    throw new RangeError(`Cannot read the time of ${String(date)} in ${tz}`);
  }
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: utcDate(year, month, day).getUTCDay(),
    dateKey: toDateKey(year, month, day),
    minutesOfDay: hour * 60 + minute,
  };
}

export function dateKey(date: Date, tz: string = DEFAULT_TIMEZONE): string {
  return siteNow(date, tz).dateKey;
}

/** Calendar arithmetic on 'YYYY-MM-DD' keys; no zone is involved, so no DST surprises. */
export function addDays(key: string, n: number): string {
  const parts = parseDateKey(key);
  if (!parts) throw new RangeError(`Not a date key: ${key}`);
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  const d = utcDate(parts.year, parts.month, parts.day + n);
  return toDateKey(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function yesterdayKey(date: Date, tz: string = DEFAULT_TIMEZONE): string {
  return addDays(dateKey(date, tz), -1);
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in a month (1..12) of a year; 0 for a month that does not exist. */
export function daysInMonth(year: number, month: number): number {
  const length = MONTH_LENGTHS[month - 1];
  if (length === undefined || !Number.isInteger(month)) return 0;
  return month === 2 && isLeapYear(year) ? 29 : length;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month and day of a key that names a real calendar date, else null. */
export function parseDateKey(key: unknown): { year: number; month: number; day: number } | null {
  if (typeof key !== 'string') return null;
  const match = DATE_KEY.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isDateKey(s: unknown): s is string {
  return parseDateKey(s) !== null;
}

export interface ClockText {
  /** 'hh:mm:ss AM' */
  time: string;
  /** 'Saturday' */
  weekday: string;
  /** 'November 21, 2026' */
  date: string;
}

export function formatClock(date: Date, tz: string = DEFAULT_TIMEZONE): ClockText {
  const now = siteNow(date, tz);
  const hour12 = now.hour % 12 === 0 ? 12 : now.hour % 12;
  return {
    time: `${pad2(hour12)}:${pad2(now.minute)}:${pad2(now.second)} ${now.hour < 12 ? 'AM' : 'PM'}`,
    weekday: WEEKDAY_NAMES[now.weekday] ?? '',
    date: `${MONTH_NAMES[now.month - 1] ?? ''} ${now.day}, ${now.year}`,
  };
}

/**
 * 'DD-MM-YYYY' for people; anything that is not a date key is shown as it came. Every date the
 * site shows a person goes through here, and parseDisplayDate reads it back.
 */
export function formatDisplayDate(key: string): string {
  const parts = parseDateKey(key);
  if (!parts) return key;
  return `${pad2(parts.day)}-${pad2(parts.month)}-${pad4(parts.year)}`;
}

// Day, month, four-digit year, with one separator used twice: '05-11-2026', '5-11-2026',
// '5/11/2026', '05.11.2026'.
const DISPLAY_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/;

/**
 * The date key of a date a person typed, or null: the one reader of every typed date. Day first,
 * as formatDisplayDate shows it ('20-11-2026'); an admin on a phone is forgiven a one-digit day
 * or month ('5-11-2026') and a '/' or '.' in place of '-'. Year first ('2026-11-20') is refused:
 * the site never shows a date that way, and accepting it beside day-first would let '2026-11-05'
 * and '05-11-2026' both pass while '11-05-2026' means something else.
 */
export function parseDisplayDate(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const match = DISPLAY_DATE.exec(text.trim());
  if (!match) return null;
  const key = toDateKey(Number(match[4]), Number(match[3]), Number(match[1]));
  return isDateKey(key) ? key : null;
}

function utcDate(year: number, month: number, day: number): Date {
  // setUTCFullYear, unlike Date.UTC, does not map the years 0..99 onto 1900..1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}

function toDateKey(year: number, month: number, day: number): string {
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}`;
}

function pad4(n: number): string {
  return String(n).padStart(4, '0');
}
