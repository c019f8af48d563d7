import styled from 'styled-components';
import { color } from '@satta/shared/ui';
import { NO_DRAW_LEGEND } from '../text.ts';

const Legend = styled.p`
  margin: 0.4rem 0 0;
  font-size: 0.85rem;
  color: ${color('--color-muted')};
`;

/** The one line under a chart with at least one day without a draw: 'अवकाश = No draw'. */
export function NoDrawLegend({ className }: { className?: string }) {
  return (
    <Legend className={className} data-testid="no-draw-legend">
      {NO_DRAW_LEGEND}
    </Legend>
  );
}
