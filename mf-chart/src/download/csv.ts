import { CHART_DATE_COLUMN, MISSING_CHART_CELL, NO_DRAW, NO_DRAW_MEANING } from '@satta/shared/domain/messages';
import { formatDisplayDate, pad2, siteNow, zoneLabel } from '@satta/shared/domain/siteTime';
import { MONTH_NAMES, type MonthlyChartRow } from '@satta/shared/domain/yearlyChart';
import { gameSlug } from '@satta/shared/domain/chartUrls';

/*
 * A chart as a plain table, the one shape both downloads (CSV and PNG) are made from. Pure:
 * no browser API, so it runs in unit tests and on the server alike.
 */

export interface ChartTable {
  /** The chart's own title: game and year, or the month ('Gali - Yearly Chart 2025'). */
  title: string;
  /** The header row: 'Date' and then the months or the games. */
  columns: string[];
  /**
   * One per day: its label as the table shows it ('1'..'31'), one cell per other column (null
   * where empty) and, when the chart has days without a draw, which empty cells are one (as `cells`).
   */
  rows: ChartTableRow[];
}

export interface ChartTableRow {
  label: string;
  cells: (string | null)[];
  noDraw?: boolean[];
}

/** Cells' marks of days without a draw ([row][column], rules/noDrawCells.ts); null or absent: none. */
type NoDrawMarks = readonly (readonly boolean[])[] | null | undefined;

/** A row, with its marks of days without a draw when it has one. */
function row(label: string, cells: (string | null)[], noDraw: boolean[] | undefined): ChartTableRow {
  return noDraw?.some(Boolean) ? { label, cells, noDraw } : { label, cells };
}

/** A yearly chart's grid (grid[day - 1][month - 1]) as 31 day rows by 12 month columns; `noDraw` in the grid's shape. */
export function yearlyChartTable(title: string, grid: readonly (readonly (string | null)[])[], noDraw?: NoDrawMarks): ChartTable {
  return {
    title,
    columns: [CHART_DATE_COLUMN, ...MONTH_NAMES],
    rows: grid.map((cells, i) => row(String(i + 1), [...cells], noDraw?.[i] ? [...noDraw[i]] : undefined)),
  };
}

/**
 * The monthly chart's tables (each a list of day rows over its games, and its days without a
 * draw [row][column]) as one table of all its games.
 */
export function monthlyChartTable(
  title: string,
  tables: readonly { columns: readonly string[]; rows: readonly MonthlyChartRow[]; noDraw?: NoDrawMarks }[],
): ChartTable {
  const days = Math.max(0, ...tables.map((t) => t.rows.length));
  const marked = tables.some((t) => t.noDraw);
  return {
    title,
    columns: [CHART_DATE_COLUMN, ...tables.flatMap((t) => t.columns)],
    rows: Array.from({ length: days }, (_, i) =>
      row(
        String(tables.find((t) => t.rows[i])?.rows[i]?.day ?? i + 1),
        tables.flatMap((t) => t.rows[i]?.cells ?? t.columns.map(() => null)),
        marked ? tables.flatMap((t) => t.columns.map((_, c) => t.noDraw?.[i]?.[c] === true)) : undefined,
      ),
    ),
  };
}

/** Whether a table has a day without a draw: its image then carries the legend. */
export const hasNoDraw = (table: ChartTable): boolean => table.rows.some((r) => r.noDraw?.some(Boolean) === true);

/** What the page (and the image) shows in a cell: the number, NO_DRAW on a day without a draw, or '-'. */
export const shownCell = (value: string | null, noDraw = false): string => value ?? (noDraw ? NO_DRAW : MISSING_CHART_CELL);

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The CSV file's text: a byte order mark (so Excel reads UTF-8 and shows Hindi), the header row,
 * one line per day, CRLF line ends. A number is the same text the table shows; an empty day is an
 * empty field rather than the table's '-', so a spreadsheet sees a blank, not a dash; a day
 * without a draw says so ('No draw').
 */
export function chartCsv(table: ChartTable): string {
  const lines = [
    table.columns,
    ...table.rows.map((r) => [r.label, ...r.cells.map((cell, c) => cell ?? (r.noDraw?.[c] ? NO_DRAW_MEANING : ''))]),
  ];
  return `\uFEFF${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** 'gali-2025-chart' — the downloads' file name without its extension. */
export function yearlyFileBase(game: string, year: number): string {
  return `${gameSlug(game)}-${year}-chart`;
}

/** 'monthly-chart-2025-11' */
export function monthlyFileBase(year: number, month: number): string {
  return `monthly-chart-${year}-${String(month).padStart(2, '0')}`;
}

/**
 * When the data is from, for 'Data as of …': '23-11-2026 14:05 IST' (day-month-year as the
 * chart's footer writes dates, 24-hour clock on the site's configured zone, named after it).
 */
export function dataTimeText(at: number, timezone: string): string {
  const now = siteNow(new Date(at), timezone);
  return `${formatDisplayDate(now.dateKey)} ${pad2(now.hour)}:${pad2(now.minute)} ${zoneLabel(timezone, new Date(at))}`;
}
