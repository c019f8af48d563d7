import { EARLY_MORNING_CUTOFF } from './currentGame.ts';
import { addDays } from './siteTime.ts';
import { parseGameTime } from './time.ts';

/** The day a result entered now is filed under unless the admin picks another. */
export interface ResultDay {
  /** 'YYYY-MM-DD' in the site's zone. */
  date: string;
  /** True when that date is yesterday's: an evening draw entered after midnight. */
  drawnYesterday: boolean;
}

/**
 * A result belongs to the day of its draw, not to the day it is typed in. Between midnight and
 * the early-morning cutoff (05:05, the same hour the public pages still show the night's last
 * draw), a game drawn at or after the cutoff was drawn yesterday evening: Gali's 11:30 PM result
 * entered at 00:05 is yesterday's. A game drawn between midnight and the cutoff (Disawar,
 * 02:00 AM) is today's, and so is a game whose time is missing or unreadable, since nothing
 * says its draw was yesterday.
 */
export function defaultResultDay(gameTime: string | null | undefined, now: { dateKey: string; minutesOfDay: number }): ResultDay {
  const drawn = parseGameTime(gameTime);
  const drawnYesterday = now.minutesOfDay < EARLY_MORNING_CUTOFF && drawn !== null && drawn >= EARLY_MORNING_CUTOFF;
  return { date: drawnYesterday ? addDays(now.dateKey, -1) : now.dateKey, drawnYesterday };
}
