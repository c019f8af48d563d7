import { memo } from 'react';
import styled from 'styled-components';
import { StickyTable, VisuallyHidden } from '@satta/shared/ui';
import { CHART_DATE_COLUMN } from '@satta/shared/domain/messages';
import { MONTH_NAMES } from '@satta/shared/domain/yearlyChart';
import type { DayMetas } from '@satta/shared/domain/results';
import type { NoDrawCells } from '../rules/noDrawCells.ts';
import { ChartCell } from './ChartCell.tsx';

// The dialog's heading already shows the title; the caption is for screen readers alone.
const Grid = styled(StickyTable)`
  caption {
    padding: 0;
  }
`;

const pad2 = (n: number) => String(n).padStart(2, '0');

interface Props {
  caption: string;
  grid: (string | null)[][];
  year: number;
  /** The year's publish times (none while they load, or for old data). */
  metas: DayMetas | undefined;
  timezone: string;
  /** Its days without a draw (yearlyNoDraw), in the grid's shape; null or absent: none. */
  noDraw?: NoDrawCells | null | undefined;
}

/**
 * 31 day rows by 12 month columns; '-' where a day has no result (or does not exist), NO_DRAW on a
 * day without a draw. Memoised: 372 cells are re-rendered only when the grid, the publish times or
 * the days without a draw change.
 */
export const YearlyChartTable = memo(function YearlyChartTable({ caption, grid, year, metas, timezone, noDraw }: Props) {
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
              <ChartCell
                key={MONTH_NAMES[m]}
                value={value}
                meta={metas?.[`${year}-${pad2(m + 1)}-${pad2(i + 1)}`]}
                timezone={timezone}
                noDraw={noDraw?.[i]?.[m]}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </Grid>
  );
});
