import { CHART_DATE_COLUMN, MISSING_CHART_CELL } from '@satta/shared/domain/messages';
import type { MonthlyChartRow } from '@satta/shared/domain/yearlyChart';
import { StickyTable } from '@satta/shared/ui';

/** One of the monthly chart's tables: day rows (1..today) by its six games. */
export function MonthChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: MonthlyChartRow[];
}) {
  return (
    <StickyTable>
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
        {rows.map((row) => (
          <tr key={row.dateKey}>
            <th scope="row">{row.day}</th>
            {row.cells.map((value, i) => (
              <td key={columns[i]}>{value ?? MISSING_CHART_CELL}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </StickyTable>
  );
}

/**
 * The table's shape while the month loads: its header and one empty row per day, so the
 * loaded table takes exactly this space. Day cells are plain cells: a row header only ever
 * labels a row of real data.
 */
export function MonthChartSkeleton({ caption, columns, days }: { caption: string; columns: readonly string[]; days: number }) {
  return (
    <StickyTable>
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
    </StickyTable>
  );
}
