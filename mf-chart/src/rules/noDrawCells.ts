import { isMarkedNoDraw, marksOf, type Holidays } from '@satta/shared/domain/holidays';
import type { MonthlyChartRow } from '@satta/shared/domain/yearlyChart';

/*
 * Which cells of a chart show the no-draw mark (NO_DRAW, 'अवकाश') instead of '-' (issue 29,
 * point 3): a day of the cell's game marked as having no draw (a date, or its weekday from the
 * weekly mark's first date on), with no number shown (a number always wins), up to today (the
 * site's day: a future day stays as it is). Pure, so the server render, the page and the
 * downloads mark the same cells.
 */

/** One flag per cell, in the shape of the chart's cells; null when no cell is marked (no legend then). */
export type NoDrawCells = boolean[][];

/** Whether one cell shows the mark: `value` is the number the cell shows, null for none. */
export function showsNoDraw(
  holidays: Holidays | undefined,
  game: string,
  dateKey: string,
  value: string | null,
  todayKey: string,
): boolean {
  return value === null && dateKey <= todayKey && isMarkedNoDraw(holidays, game, dateKey);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A yearly chart's marks, grid[day - 1][month - 1] as the grid (yearlyChart); days a month lacks are never marked. */
export function yearlyNoDraw(
  holidays: Holidays | undefined,
  game: string,
  year: number,
  grid: readonly (readonly (string | null)[])[],
  todayKey: string,
): NoDrawCells | null {
  if (!marksOf(holidays, game)) return null;
  const yyyy = String(year).padStart(4, '0');
  let any = false;
  const cells = grid.map((row, d) =>
    row.map((value, m) => {
      const marked = showsNoDraw(holidays, game, `${yyyy}-${pad2(m + 1)}-${pad2(d + 1)}`, value, todayKey);
      any ||= marked;
      return marked;
    }),
  );
  return any ? cells : null;
}

/**
 * The monthly chart's marks, one per table ([row][column], as its rows' cells). A column is a
 * game as the chart names it; the mark is looked up under any spelling of it (marksOf), and the
 * cell's own value (every spelling's numbers merged) decides whether a number wins.
 */
export function monthlyNoDraw(
  holidays: Holidays | undefined,
  tables: readonly { columns: readonly string[]; rows: readonly MonthlyChartRow[] }[],
  todayKey: string,
): (NoDrawCells | null)[] | null {
  if (!holidays || Object.keys(holidays).length === 0) return null;
  const marks = tables.map(({ columns, rows }) => {
    const marked = columns.map((game) => marksOf(holidays, game) !== undefined);
    if (!marked.some(Boolean)) return null;
    let any = false;
    const cells = rows.map((row) =>
      row.cells.map((value, i) => {
        const game = columns[i];
        const shown = game !== undefined && marked[i] === true && showsNoDraw(holidays, game, row.dateKey, value, todayKey);
        any ||= shown;
        return shown;
      }),
    );
    return any ? cells : null;
  });
  return marks.some((table) => table !== null) ? marks : null;
}
