import { orderGames } from '@satta/shared/domain/games';
import { WEEKDAYS, weekdayOf, type Holidays, type Weekday } from '@satta/shared/domain/holidays';
import { addDays } from '@satta/shared/domain/siteTime';

/** How far back the list of marks goes: older dates are history, counted but not listed. */
export const RECENT_DAYS = 30;

export interface GameNoDrawMarks {
  /** The game as stored under `holidays` (what a Remove writes to). */
  game: string;
  /** Dates from RECENT_DAYS ago on, earliest first. */
  dates: { dateKey: string; weekday: Weekday }[];
  /** Weekly marks, Sunday first, each with the first date it applies. */
  weekly: { weekday: Weekday; from: string }[];
  /** Dates older than RECENT_DAYS, not listed. */
  older: number;
}

/**
 * The marks of every game, as Days without a draw lists them: the games in the result table's
 * order, each with its recent and upcoming dates and its weekly marks; games without any left out.
 */
export function noDrawMarks(holidays: Holidays | undefined, todayKey: string): GameNoDrawMarks[] {
  const since = addDays(todayKey, -RECENT_DAYS);
  const games = orderGames(Object.keys(holidays ?? {}).map((name) => ({ name })));
  return games.flatMap(({ name }): GameNoDrawMarks[] => {
    const marks = holidays?.[name];
    if (!marks) return [];
    const keys = Object.keys(marks.dates).sort();
    const dates = keys.filter((key) => key >= since).map((dateKey) => ({ dateKey, weekday: weekdayOf(dateKey) }));
    const weekly = WEEKDAYS.flatMap((weekday) => {
      const from = marks.weekdays[weekday];
      return from === undefined ? [] : [{ weekday, from }];
    });
    const older = keys.length - dates.length;
    return dates.length + weekly.length + older === 0 ? [] : [{ game: name, dates, weekly, older }];
  });
}
