import styled, { keyframes } from 'styled-components';
import { color } from '@satta/shared/ui';
import { WAIT } from '@satta/shared/domain/messages';

// Pulses between red and a deeper red: fading it out (opacity 0.45) left it at a contrast of
// 2.4:1 half the time, under what small bold text needs (4.5:1).
const pulse = keyframes`
  50% { color: ${color('--color-wait-deep')}; }
`;

// The words themselves ('Wait...' or the number) carry the state; colour only repeats it.
const Waiting = styled.span`
  color: ${color('--color-wait')};
  font-weight: 700;
  animation: ${pulse} 1.2s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Published = styled.span`
  color: ${color('--color-result')};
  font-weight: 700;
`;

/** Today's result: 'Wait...' until the number exists, then the number. */
export function ResultValue({ number }: { number: string | null }) {
  return number === null ? <Waiting data-state="wait">{WAIT}</Waiting> : <Published data-state="result">{number}</Published>;
}
