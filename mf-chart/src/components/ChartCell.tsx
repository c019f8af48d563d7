import styled from 'styled-components';
import { MISSING_CHART_CELL } from '@satta/shared/domain/messages';
import type { DayMeta } from '@satta/shared/domain/results';
import { CORRECTED, correctionText, isCorrected, resultDetail } from '@satta/shared/domain/publishTimes';
import { VisuallyHidden, color } from '@satta/shared/ui';

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

/**
 * One chart cell: the number (or '-'), its publish time as the title, and for a corrected number
 * a mark with the earlier value and both times (title for a pointer, hidden text for a screen
 * reader). A number without times (old data) is a plain cell, as before.
 */
export function ChartCell({ value, meta, timezone }: { value: string | null; meta: DayMeta | undefined; timezone: string }) {
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
