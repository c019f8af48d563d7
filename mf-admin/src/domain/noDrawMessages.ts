// Texts of the dashboard's Days without a draw (widgets/NoDrawDays.tsx), in the dashboard's English.
import { NO_DRAW_TODAY, WAIT } from '@satta/shared/domain/messages';

export const NO_DRAW_TITLE = 'Days without a draw';
export const NO_DRAW_INTRO = `On a marked day the site shows ${NO_DRAW_TODAY} for the game instead of ${WAIT}, and no number can be published for it until the mark is removed.`;
export const ONE_DATE = 'On one date';
export const EVERY_WEEK = 'Every week';
export const DAY_OF_WEEK = 'Day of the week';
export const SELECT_DAY = 'Select a day';
export const PLEASE_SELECT_WEEKDAY = 'Please select a day of the week.';
export const MARK_DATE = 'Mark no draw on this date';
export const MARK_WEEKDAY = 'Mark no draw every week';
/** `date` DD-MM-YYYY. */
export const weeklyFromNote = (date: string): string => `Counts from today, ${date}: earlier days are not marked.`;

export const MARKED_DAYS = 'Marked days';
export const NO_MARKS = 'No days marked yet.';
/** The rest of a Remove button's name, for a screen reader: 'Remove the mark of Gali on 26-11-2026'. */
export const removeDateName = (game: string, date: string): string => ` the mark of ${game} on ${date}`;
export const removeWeekdayName = (game: string, weekday: string): string => ` the mark of ${game} every ${weekday}`;
export const markedDateLine = (date: string, weekday: string, today: boolean): string =>
  today ? `${date}, ${weekday} (today)` : `${date}, ${weekday}`;
export const markedWeekdayLine = (weekday: string, from: string): string => `Every ${weekday}, from ${from}`;
export const olderMarks = (n: number, days: number): string =>
  n === 1 ? `1 date more than ${days} days ago is not listed.` : `${n} dates more than ${days} days ago are not listed.`;

// What the admin is told, each naming the game and the day (DD-MM-YYYY)
export const noDrawMarked = (game: string, date: string): string => `${game}: no draw on ${date}.`;
export const noDrawWeekdayMarked = (game: string, weekday: string, from: string): string =>
  `${game}: no draw every ${weekday} from ${from}.`;
export const noDrawRemoved = (game: string, date: string): string => `${game}: the no-draw mark on ${date} is removed.`;
export const noDrawWeekdayRemoved = (game: string, weekday: string): string =>
  `${game}: the weekly no-draw mark on ${weekday}s is removed.`;
export const alreadyNoDraw = (game: string, date: string): string => `${game} is already marked: no draw on ${date}.`;
export const alreadyNoDrawWeekday = (game: string, weekday: string, from: string): string =>
  `${game} is already marked: no draw every ${weekday} from ${from}.`;
