import styled from 'styled-components';
import { StickyTable, VisuallyHidden } from '@satta/shared/ui';
import { CHART_DATE_COLUMN, MISSING_CHART_CELL } from '@satta/shared/domain/messages';
import { MONTH_NAMES } from '@satta/shared/domain/yearlyChart';

// The dialog's heading already shows the title; the caption is for screen readers alone.
const Grid = styled(StickyTable)`
  caption {
    padding: 0;
  }
`;

/** 31 day rows by 12 month columns; '-' where a day has no result (or does not exist). */
export function YearlyChartTable({ caption, grid }: { caption: string; grid: (string | null)[][] }) {
  return (
    <Grid>
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          <th scope="col">{CHART_DATE_COLUMN}</th>
          {MONTH_NAMES.map((month) => (
            <th scope="col" key={month}>
              {month}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.map((cells, i) => (
          <tr key={i + 1}>
            <th scope="row">{i + 1}</th>
            {cells.map((value, m) => (
              <td key={MONTH_NAMES[m]}>{value ?? MISSING_CHART_CELL}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Grid>
  );
}
