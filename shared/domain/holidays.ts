import { sameGame } from './games.ts';
import { isDateKey, parseDateKey } from './siteTime.ts';

/*
 * Days without a draw (issue 29, point 3). The admin marks a game as having no draw on a date (a
 * holiday), or on a weekday every week from a first date on:
 *
 *   holidays/{game}/dates/{YYYY-MM-DD} = true
 *   holidays/{game}/weekdays/{sun|mon|tue|wed|thu|fri|sat} = 'YYYY-MM-DD' (the first date it applies)
 *
 * A weekly mark counts from its first date only, so marking Sundays today does not turn the empty
 * Sundays of past years into holidays. A number, where one exists, always wins over a mark: the
 * site shows what was published. The writers refuse a number for a marked day (the dashboard, the
 * scheduled publisher, and the rules for a dated mark) and a dated mark for a day with a number.
 */

export const HOLIDAYS_ROOT = 'holidays';

/** Weekday keys, index 0 is Sunday (as Date.getUTCDay and SiteNow.weekday). Not 0-6: the database would read those as an array. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Weekday names as the dashboard and the charts word them. */
export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

export interface GameHolidays {
  /** Dates marked one by one. */
  dates: Record<string, true>;
  /** Weekly marks: weekday -> the first date it applies. */
  weekdays: Partial<Record<Weekday, string>>;
}

/** game (its key under sattanamee) -> its marks. */
export type Holidays = Record<string, GameHolidays>;

export const holidayPaths = {
  game: (game: string) => `${HOLIDAYS_ROOT}/${game}`,
  date: (game: string, dateKey: string) => `${HOLIDAYS_ROOT}/${game}/dates/${dateKey}`,
  weekday: (game: string, weekday: Weekday) => `${HOLIDAYS_ROOT}/${game}/weekdays/${weekday}`,
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isWeekday = (v: unknown): v is Weekday => typeof v === 'string' && (WEEKDAYS as readonly string[]).includes(v);

/** The `holidays` node as stored; anything unreadable is left out, never thrown. */
export function readHolidays(node: unknown): Holidays {
  const holidays: Holidays = {};
  if (!isRecord(node)) return holidays;
  for (const [game, value] of Object.entries(node)) {
    if (!isRecord(value) || game.trim() === '') continue;
    const marks: GameHolidays = { dates: {}, weekdays: {} };
    const dates = value['dates'];
    if (isRecord(dates)) {
      for (const [dateKey, mark] of Object.entries(dates)) if (mark === true && isDateKey(dateKey)) marks.dates[dateKey] = true;
    }
    const weekdays = value['weekdays'];
    if (isRecord(weekdays)) {
      for (const [day, from] of Object.entries(weekdays)) if (isWeekday(day) && isDateKey(from)) marks.weekdays[day] = from;
    }
    if (Object.keys(marks.dates).length > 0 || Object.keys(marks.weekdays).length > 0) holidays[game] = marks;
  }
  return holidays;
}

/** The weekday of a date key (no zone involved: a key is a calendar date). */
export function weekdayOf(dateKey: string): Weekday {
  const parts = parseDateKey(dateKey);
  if (!parts) throw new RangeError(`Not a date key: ${dateKey}`);
  return WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()]!;
}

/** A game's marks: under its own key, else under another spelling of the same game. */
export function marksOf(holidays: Holidays | undefined, game: string): GameHolidays | undefined {
  if (!holidays) return undefined;
  const own = holidays[game];
  if (own) return own;
  const other = Object.keys(holidays).find((name) => sameGame(name, game));
  return other === undefined ? undefined : holidays[other];
}

/** Why a game has no draw on a date: marked that date, or its weekday every week; null when it has one. */
export type NoDrawReason = { kind: 'date' } | { kind: 'weekday'; weekday: Weekday; from: string };

export function noDrawReason(holidays: Holidays | undefined, game: string, dateKey: string): NoDrawReason | null {
  const marks = marksOf(holidays, game);
  if (!marks || !isDateKey(dateKey)) return null;
  if (marks.dates[dateKey]) return { kind: 'date' };
  const weekday = weekdayOf(dateKey);
  const from = marks.weekdays[weekday];
  return from !== undefined && from <= dateKey ? { kind: 'weekday', weekday, from } : null;
}

/** Whether a game is marked as having no draw on a date (whatever was published). */
export function isMarkedNoDraw(holidays: Holidays | undefined, game: string, dateKey: string): boolean {
  return noDrawReason(holidays, game, dateKey) !== null;
}

/** Whether a date of a game is to be shown as "no draw": marked, and no number published for it. */
export type NoDraw = (game: string, dateKey: string) => boolean;

/**
 * The no-draw test of what a page shows: a marked day without a number. A number, where one exists,
 * wins over the mark (the site shows what was published).
 */
export function noDrawOf(holidays: Holidays | undefined, games: readonly { name: string; results: Record<string, string> }[] = []): NoDraw {
  if (!holidays || Object.keys(holidays).length === 0) return () => false;
  const byName = new Map(games.map((game) => [game.name, game.results]));
  return (game, dateKey) => byName.get(game)?.[dateKey] === undefined && isMarkedNoDraw(holidays, game, dateKey);
}

/** Every game marked on a date, for the admin's list and the day board. */
export function gamesWithoutDraw(holidays: Holidays | undefined, dateKey: string): string[] {
  return Object.keys(holidays ?? {}).filter((game) => isMarkedNoDraw(holidays, game, dateKey));
}
