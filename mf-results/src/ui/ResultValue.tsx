import styled, { keyframes } from 'styled-components';
import { color } from '@satta/shared/ui';
import { NO_DRAW_TODAY, WAIT } from '@satta/shared/domain/messages';
import { GameNotice } from './GameNotice.tsx';

// Pulses between red and a deeper red: fading it out (opacity 0.45) left it at a contrast of 2.4:1
// half the time, under what small bold text needs (4.5:1). The deeper red is a copy of the words
// laid over them whose opacity pulses: opacity runs on the compositor, where animating the colour
// itself painted every waiting cell again in every frame (nine on the home page, about a sixth of a
// core a page in Chromium without a GPU, and a busy main thread on a cheap phone). The copy has
// empty alternative text, so a screen reader reads the words once.
const pulse = keyframes`
  50% { opacity: 1; }
`;

// The words themselves ('Wait...' or the number) carry the state; colour only repeats it.
const Waiting = styled.span`
  position: relative;
  color: ${color('--color-wait')};
  font-weight: 700;

  &::after {
    content: ${JSON.stringify(WAIT)};
    content: ${JSON.stringify(WAIT)} / '';
    position: absolute;
    inset: 0;
    color: ${color('--color-wait-deep')};
    white-space: nowrap;
    opacity: 0;
    pointer-events: none;
    animation: ${pulse} 1.2s ease-in-out infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    &::after {
      content: none;
      animation: none;
    }
  }
`;

const Published = styled.span`
  color: ${color('--color-result')};
  font-weight: 700;
`;

/*
 * A day without a draw is not news: the page's own text colour, still, no pulse. The cell may
 * break between the Hindi words and the English ones (the table's cells never break otherwise),
 * so the three columns still fit the 318 px a 360 px phone leaves the table; each part keeps
 * its words together.
 */
const NoDrawToday = styled.span`
  /* No wider than its longer part: on one line the two parts made the cell the table's widest,
     and on a 360 px phone 'कल आया था' beside it broke into three lines. */
  display: inline-block;
  max-width: 7.5rem;
  color: ${color('--color-text')};
  font-weight: 700;
  line-height: 1.25;
  white-space: normal;

  > span {
    white-space: nowrap;
  }
`;

const NoDrawMeaning = styled.span`
  font-size: 0.8rem;
  font-weight: 400;
`;

// 'आज अवकाश' and '(No draw today)': one string in messages.ts, split only where it may wrap.
const BREAK = NO_DRAW_TODAY.indexOf(' (');
const NO_DRAW_HINDI = NO_DRAW_TODAY.slice(0, BREAK);
const NO_DRAW_ENGLISH = NO_DRAW_TODAY.slice(BREAK + 1);

/**
 * Today's result: 'Wait...' until the number exists, then the number; for a game without a draw
 * today (and no number), 'आज अवकाश (No draw today)'; while the admin's notice of the day stands
 * (and no number), the notice instead of 'Wait...'.
 */
export function ResultValue({
  number,
  noDraw = false,
  notice = null,
}: {
  number: string | null;
  noDraw?: boolean;
  notice?: string | null;
}) {
  if (number !== null) return <Published data-state="result">{number}</Published>;
  if (notice !== null && !noDraw) return <GameNotice text={notice} />;
  if (noDraw) {
    return (
      <NoDrawToday data-state="no-draw">
        <span>{NO_DRAW_HINDI}</span> <NoDrawMeaning>{NO_DRAW_ENGLISH}</NoDrawMeaning>
      </NoDrawToday>
    );
  }
  return <Waiting data-state="wait">{WAIT}</Waiting>;
}
