import styled from 'styled-components';
import type { StatusMessage } from '../hooks/useTimedMessage.ts';
import { colors } from './theme.ts';

const Line = styled.p<{ $kind: StatusMessage['kind'] }>`
  margin: 8px 0 0;
  font-weight: 600;
  color: ${({ $kind }) => ($kind === 'error' ? colors.danger : $kind === 'success' ? colors.success : colors.muted)};
`;

/**
 * A form's message. The live region is always in the page, so a screen reader announces each
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
