import styled from 'styled-components';
import { MISSING_CHART_CELL, NO_DRAW, NO_DRAW_MEANING } from '@satta/shared/domain/messages';
import type { DayMeta } from '@satta/shared/domain/results';
import { CORRECTED, correctionText, isCorrected, resultDetail } from '@satta/shared/domain/publishTimes';
import { VisuallyHidden, color } from '@satta/shared/ui';
import { NO_DRAW_CELL_LABEL } from '../text.ts';

// A corner mark, out of the flow: a corrected cell is as wide as any other, nothing moves.
const Cell = styled.td`
  position: relative;
`;

const Mark = styled.span`
  position: absolute;
  top: 0.1em;
  right: 0.15em;
  font-size: 0.7em;
  font-weight: 700;
  line-height: 1;
  color: ${color('--color-wait')};
`;

/*
 * A day without a draw: the word is wider than a number. Set smaller, with less room at its
 * sides (doubled class: above the table's own cell padding), it stays narrower than the
 * narrowest column's heading ('July', 'Gali': about 44 px at 360 px), so the table keeps its
 * width; its line is lower than a number's, so the row keeps its height.
 */
const NoDrawCell = styled.td`
  && {
    padding-inline: 0.15rem;
    font-size: 0.7em;
    color: ${color('--color-muted')};
  }
`;

/**
 * One chart cell: the number (or '-'), its publish time as the title, and for a corrected number
 * a mark with the earlier value and both times (title for a pointer, hidden text for a screen
 * reader). A number without times (old data) is a plain cell, as before. A day without a number
 * that has no draw (`noDraw`, rules/noDrawCells.ts) shows NO_DRAW, its meaning as the title and
 * in its accessible name.
 */
export function ChartCell({
  value,
  meta,
  timezone,
  noDraw = false,
}: {
  value: string | null;
  meta: DayMeta | undefined;
  timezone: string;
  noDraw?: boolean | undefined;
}) {
  if (value === null && noDraw) {
    return (
      <NoDrawCell title={NO_DRAW_MEANING} aria-label={NO_DRAW_CELL_LABEL}>
        {NO_DRAW}
      </NoDrawCell>
    );
  }
  const day = value === null ? undefined : meta;
  const detail = resultDetail(day, timezone) ?? undefined;
  // A plain cell unless corrected: a year is 372 cells of server HTML, no class on each.
  if (!isCorrected(day)) return <td title={detail}>{value ?? MISSING_CHART_CELL}</td>;
  return (
    <Cell title={detail} data-corrected="true">
      {value}
      <Mark aria-hidden="true">*</Mark>
      <VisuallyHidden> ({correctionText(day, timezone) ?? CORRECTED})</VisuallyHidden>
    </Cell>
  );
}
