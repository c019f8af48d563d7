import { memo } from 'react';
import { CHART_DATE_COLUMN } from '@satta/shared/domain/messages';
import type { MonthlyChartRow } from '@satta/shared/domain/yearlyChart';
import type { DayMetas } from '@satta/shared/domain/results';
import type { NoDrawCells } from '../rules/noDrawCells.ts';
import { ChartCell } from './ChartCell.tsx';
import styled from 'styled-components';
import { StickyTable, color } from '@satta/shared/ui';

/**
 * One line per row; the day column keeps an opaque background while the games scroll under it
 * (also the loading shape's plain day cells, so nothing moves when the data arrives).
 */
const Table = styled(StickyTable)`
  th,
  td {
    white-space: nowrap;
  }

  tbody > tr > :first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${color('--color-table-side')};
    color: ${color('--color-text')};
  }
`;

/** One of the monthly chart's tables: day rows (1..today) by its six games; memoised like the yearly one. */
export const MonthChartTable = memo(function MonthChartTable({
  caption,
  columns,
  rows,
  metas = [],
  timezone,
  noDraw,
}: {
  caption: string;
  columns: readonly string[];
  rows: MonthlyChartRow[];
  /** Each column's publish times (columnMetas), in the order of `columns`. */
  metas?: readonly DayMetas[];
  timezone: string;
  /** Its days without a draw ([row][column], monthlyNoDraw); null or absent: none. */
  noDraw?: NoDrawCells | null | undefined;
}) {
  return (
    <Table>
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
        {rows.map((row, r) => (
          <tr key={row.dateKey}>
            <th scope="row">{row.day}</th>
            {row.cells.map((value, i) => (
              <ChartCell key={columns[i]} value={value} meta={metas[i]?.[row.dateKey]} timezone={timezone} noDraw={noDraw?.[r]?.[i]} />
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
});

/**
 * The table's shape while the month loads: its header and one empty row per day, so the
 * loaded table takes exactly this space. Day cells are plain cells: a row header only ever
 * labels a row of real data.
 */
export function MonthChartSkeleton({ caption, columns, days }: { caption: string; columns: readonly string[]; days: number }) {
  return (
    <Table>
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
        {Array.from({ length: days }, (_, day) => (
          <tr key={day}>
            <td>{day + 1}</td>
            {columns.map((name) => (
              <td key={name}>{'\u00a0'}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
