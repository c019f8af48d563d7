import styled from 'styled-components';
import { colors } from './tokens.ts';

export type StatusKind = 'success' | 'error' | 'info';

export interface StatusMessage {
  text: string;
  kind: StatusKind;
}

const Line = styled.p<{ $kind: StatusKind }>`
  margin: 8px 0 0;
  font-weight: 600;
  color: ${({ $kind }) => ($kind === 'error' ? colors.danger : $kind === 'success' ? colors.success : colors.muted)};
  /* Waiting for a message, the line takes no room: a list may hold one per row. */
  &:empty {
    margin: 0;
  }
`;

/**
 * A form's message, placed right after the control that caused it so the user sees it where
 * they are looking (on a phone a form's top can be far off screen). Unlike `Message`, the live
 * region is always in the page, so a screen reader announces each new message; errors
 * interrupt, the rest wait their turn.
 */
export function StatusLine({ message }: { message: StatusMessage | null }) {
  const kind = message?.kind ?? 'info';
  return (
    <Line $kind={kind} role={kind === 'error' ? 'alert' : 'status'}>
      {message?.text ?? ''}
    </Line>
  );
}
