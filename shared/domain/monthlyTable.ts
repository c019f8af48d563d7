import { sameGame } from './games.ts';
import type { DayResults } from './results.ts';
import { parseDateKey } from './siteTime.ts';

export interface MonthlyRow {
  dateKey: string;
  /** 'DD-MM' */
  label: string;
  /** One per column, null where the day has no result. */
  cells: (string | null)[];
}

/** What a cell shows: the number, or '-' for a day without one. */
export function cellText(value: string | null): string {
  return value ?? '-';
}

/**
 * The results of each column's game(s). Two database keys may spell the same game ('Disawer' and
 * 'Disawar'); they are merged, the first one listed winning a day both hold.
 */
export function columnResults(games: readonly { name: string; results: DayResults }[], columns: readonly string[]): DayResults[] {
  return columns.map((column) => {
    const merged: DayResults = {};
    for (const game of games) {
      if (!sameGame(game.name, column)) continue;
      for (const [key, value] of Object.entries(game.results)) {
        if (!(key in merged)) merged[key] = value;
      }
    }
    return merged;
  });
}

/**
 * One row per day of today's month from the 1st to today, oldest first. Future days never appear.
 * Throws RangeError when todayKey is not a date key, which only a programming error produces.
 */
export function monthlyRows(
  todayKey: string,
  games: readonly { name: string; results: DayResults }[],
  columns: readonly string[],
): MonthlyRow[] {
  const today = parseDateKey(todayKey);
  if (!today) throw new RangeError(`Not a date key: ${todayKey}`);
  const perColumn = columnResults(games, columns);
  const month = String(today.month).padStart(2, '0');
  const monthPrefix = todayKey.slice(0, 8);
  const rows: MonthlyRow[] = [];
  for (let day = 1; day <= today.day; day += 1) {
    const dd = String(day).padStart(2, '0');
    const dateKey = `${monthPrefix}${dd}`;
    rows.push({ dateKey, label: `${dd}-${month}`, cells: perColumn.map((results) => results[dateKey] ?? null) });
  }
  return rows;
}
