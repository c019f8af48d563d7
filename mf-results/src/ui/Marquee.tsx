import styled, { keyframes } from 'styled-components';

const scroll = keyframes`
  from { transform: translateX(100vw); }
  to { transform: translateX(-100%); }
`;

const Track = styled.p`
  margin: 0;
  overflow: hidden;
  white-space: nowrap;

  @media (prefers-reduced-motion: reduce) {
    white-space: normal;
  }
`;

// The duration grows with the text so long notices move at a readable speed, not faster.
const Moving = styled.span<{ $seconds: number }>`
  display: inline-block;
  padding-inline-start: 0.5rem;
  animation: ${scroll} ${(p) => p.$seconds}s linear infinite;

  ${Track}:hover &,
  ${Track}:focus-within & {
    animation-play-state: paused;
  }

  @media (prefers-reduced-motion: reduce) {
    display: inline;
    animation: none;
  }
`;

/** Scrolling text that stands still (and wraps) for visitors who ask for reduced motion. */
export function Marquee({ text, className }: { text: string; className?: string }) {
  const seconds = Math.max(12, Math.round(text.length / 6));
  return (
    <Track className={className}>
      <Moving $seconds={seconds}>{text}</Moving>
    </Track>
  );
}
