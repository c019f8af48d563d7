import styled from 'styled-components';
import type { StatusMessage } from '../hooks/useTimedMessage.ts';
import { colors } from './theme.ts';

const Line = styled.p<{ $kind: StatusMessage['kind'] }>`
  margin: 8px 0 0;
  font-weight: 600;
  color: ${({ $kind }) => ($kind === 'error' ? colors.danger : $kind === 'success' ? colors.success : colors.muted)};
  /* Waiting for a message, the line takes no room: a list may hold one per row. */
  &:empty {
    margin: 0;
  }
`;

/**
 * A form's message, placed right after the control that caused it so the admin sees it where
 * they are looking (on a phone a form's top can be far off screen). The live region is always in the page, so a screen reader announces each
 * new message; errors interrupt, the rest wait their turn.
 */
export function StatusLine({ message }: { message: StatusMessage | null }) {
  const kind = message?.kind ?? 'info';
  return (
    <Line $kind={kind} role={kind === 'error' ? 'alert' : 'status'}>
      {message?.text ?? ''}
    </Line>
  );
}
