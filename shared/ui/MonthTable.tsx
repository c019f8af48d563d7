import { Fragment, type ReactNode } from 'react';
import { CHART_DATE_COLUMN } from '../domain/messages.ts';
import { StickyTable } from './StickyTable.ts';

/**
 * The month's table of days by games, as the home page (mf-results' monthly table, in two
 * blocks) and the chart page (mf-chart's monthly chart, in two tables) show it: a caption, the
 * Date column and one column per game, one row per day from the 1st to today with the day as its
 * row header, each row one line high (the shared Table's cells do not wrap), so the rows of two
 * tables side by side line up. What a cell shows and how the table looks beyond one line per row are the page's:
 * each page styles it (`styled(MonthTable)`) and draws its own cells.
 */

/** A day of the table: its stored key and what its row header shows ('01-11', or 1). */
export interface MonthTableDay {
  dateKey: string;
  label: ReactNode;
}

export interface MonthTableProps {
  caption: string;
  columns: readonly string[];
  /** The rows, from the 1st to today; undefined while the month loads (then see `loading`). */
  days: readonly MonthTableDay[] | undefined;
  /** The cell (a `<td>`) of the day at `row` and the game at `column`, indexes into `days` and `columns`. */
  cell: (row: number, column: number) => ReactNode;
  /** Today's row is marked `aria-current="date"`. */
  todayKey?: string | undefined;
  /** The id of today's row header, the target of a link that jumps to it (focusable by script). */
  todayId?: string | undefined;
  /**
   * The body while the month loads: `{ text }` says so in one row across the table, `{ days }` is
   * the loaded table's shape (one empty row per day so far, the day in a plain cell: a row header
   * only ever labels a row of real data), so nothing moves when the numbers arrive.
   */
  loading?: { text: ReactNode } | { days: number };
  className?: string;
}

export function MonthTable({ caption, columns, days, cell, todayKey, todayId, loading, className }: MonthTableProps) {
  return (
    <StickyTable className={className}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{CHART_DATE_COLUMN}</th>
          {columns.map((name) => (
            <th scope="col" key={name}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days === undefined
          ? loading && <Loading columns={columns} loading={loading} />
          : days.map((day, r) => {
              const today = day.dateKey === todayKey;
              return (
                <tr key={day.dateKey} aria-current={today ? 'date' : undefined}>
                  <th scope="row" id={today ? todayId : undefined} tabIndex={today && todayId ? -1 : undefined}>
                    {day.label}
                  </th>
                  {columns.map((name, c) => (
                    <Fragment key={name}>{cell(r, c)}</Fragment>
                  ))}
                </tr>
              );
            })}
      </tbody>
    </StickyTable>
  );
}

function Loading({ columns, loading }: { columns: readonly string[]; loading: NonNullable<MonthTableProps['loading']> }) {
  if ('text' in loading) {
    return (
      <tr>
        <td colSpan={columns.length + 1}>{loading.text}</td>
      </tr>
    );
  }
  return Array.from({ length: loading.days }, (_, day) => (
    <tr key={day}>
      <td>{day + 1}</td>
      {columns.map((name) => (
        <td key={name}>{'\u00a0'}</td>
      ))}
    </tr>
  ));
}
