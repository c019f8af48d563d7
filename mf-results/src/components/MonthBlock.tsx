import { cellText, type MonthlyRow } from '@satta/shared/domain/monthlyTable';
import { CHART_DATE_COLUMN, LOADING } from '@satta/shared/domain/messages';
import { StaleBadge, StickyTable } from '@satta/shared/ui';

interface MonthBlockProps {
  caption: string;
  columns: readonly string[];
  /** Index of this block's first column in the rows' cells. */
  offset: number;
  rows: MonthlyRow[] | undefined;
  stale: boolean;
}

/** One block of the monthly table: the Date column and some of the games. */
export function MonthBlock({ caption, columns, offset, rows, stale }: MonthBlockProps) {
  return (
    <StickyTable>
      <caption>
        {caption}
        <StaleBadge show={stale} />
      </caption>
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
        {rows === undefined ? (
          <tr>
            <td colSpan={columns.length + 1}>{LOADING}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.dateKey}>
              <th scope="row">{row.label}</th>
              {columns.map((name, i) => (
                <td key={name}>{cellText(row.cells[offset + i] ?? null)}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </StickyTable>
  );
}
