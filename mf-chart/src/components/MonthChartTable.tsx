import { memo } from 'react';
import type { MonthlyChartRow } from '@satta/shared/domain/yearlyChart';
import type { DayMetas } from '@satta/shared/domain/results';
import type { NoDrawCells } from '../rules/noDrawCells.ts';
import { ChartCell } from './ChartCell.tsx';
import styled from 'styled-components';
import { MonthTable, color } from '@satta/shared/ui';

/**
 * The month table of shared/ui; the day column keeps an opaque background while the games scroll
 * under it (also the loading shape's plain day cells, so nothing moves when the data arrives).
 */
const Table = styled(MonthTable)`
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
  const days = rows.map((row) => ({ dateKey: row.dateKey, label: row.day }));
  return (
    <Table
      caption={caption}
      columns={columns}
      days={days}
      cell={(r, i) => {
        const row = rows[r];
        return (
          <ChartCell
            value={row?.cells[i] ?? null}
            meta={row ? metas[i]?.[row.dateKey] : undefined}
            timezone={timezone}
            noDraw={noDraw?.[r]?.[i]}
          />
        );
      }}
    />
  );
});

/**
 * The table's shape while the month loads: its header and one empty row per day, so the
 * loaded table takes exactly this space.
 */
export function MonthChartSkeleton({ caption, columns, days }: { caption: string; columns: readonly string[]; days: number }) {
  return <Table caption={caption} columns={columns} days={undefined} cell={() => null} loading={{ days }} />;
}
