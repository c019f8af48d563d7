import styled from 'styled-components';
import { NO_DRAW, NO_DRAW_MEANING } from '@satta/shared/domain/messages';
import { VisuallyHidden, color } from '@satta/shared/ui';

// Calm like the rest of the table: the text colour, not a state colour. A table may size it.
const Mark = styled.span`
  color: ${color('--color-text')};
  font-weight: 400;
`;

/**
 * A past day (or today in the monthly table) of a game that had no draw: 'अवकाश', its meaning
 * 'No draw' as the title on hover and, for screen readers, read after it.
 */
export function NoDrawMark() {
  return (
    <Mark data-state="no-draw" title={NO_DRAW_MEANING}>
      {NO_DRAW}
      <VisuallyHidden> ({NO_DRAW_MEANING})</VisuallyHidden>
    </Mark>
  );
}
