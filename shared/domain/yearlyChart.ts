import { parseDateKey } from './siteTime.ts';
import type { DayResults } from './results.ts';
import { monthlyRows } from './monthlyTable.ts';

export { MONTH_NAMES } from './calendarNames.ts';

export const CHART_DAY_ROWS = 31;
export const CHART_MONTH_COLUMNS = 12;

/**
 * One game's year as 31 day rows by 12 month columns: grid[day - 1][month - 1]. Days a month does
 * not have (30 February) and days without a result are null.
 */
export function yearlyChart(results: DayResults, year: number): (string | null)[][] {
  const yyyy = String(year).padStart(4, '0');
  return Array.from({ length: CHART_DAY_ROWS }, (_, d) =>
    Array.from({ length: CHART_MONTH_COLUMNS }, (_, m) => {
      const key = `${yyyy}-${String(m + 1).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`;
      return parseDateKey(key) ? (results[key] ?? null) : null;
    }),
  );
}

export interface MonthlyChartRow {
  /** 1..31, shown without padding. */
  day: number;
  dateKey: string;
  cells: (string | null)[];
}

/** The monthly chart: day 1 to today of today's month, one cell per column. */
export function monthlyChart(
  todayKey: string,
  games: readonly { name: string; results: DayResults }[],
  columns: readonly string[],
): MonthlyChartRow[] {
  return monthlyRows(todayKey, games, columns).map(({ dateKey, cells }, i) => ({ day: i + 1, dateKey, cells }));
}

/** Years that hold at least one result, newest first, for the chart's year picker. */
export function yearsWithData(dateKeys: readonly string[]): number[] {
  const years = new Set<number>();
  for (const key of dateKeys) {
    const parts = parseDateKey(key);
    if (parts) years.add(parts.year);
  }
  return [...years].sort((a, b) => b - a);
}

/**
 * The years a game's chart offers, newest first: from the year of its first result (a date key,
 * or null for a game without any) to the current year, which always has a chart.
 */
export function chartYearsFrom(firstKey: string | null | undefined, currentYear: number): number[] {
  const first = (firstKey ? parseDateKey(firstKey)?.year : undefined) ?? currentYear;
  const years: number[] = [];
  for (let year = currentYear; year >= Math.min(first, currentYear); year--) years.push(year);
  return years;
}

/**
 * Where a server-rendered page inlines the first and last result of every game (its data, next
 * to the cache entries), so the browser's chart knows the years as the server did.
 */
export const SPANS_KEY = 'render:spans';

/** A game's span: the first and the last date key with a result, null for a game without any. */
export interface GameSpan {
  first: string | null;
  last: string | null;
}
