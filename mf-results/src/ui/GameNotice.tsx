import styled from 'styled-components';
import { color } from '@satta/shared/ui';

/*
 * The admin's notice of the day for a game (shared/domain/gameNotice.ts), in its today cell
 * instead of 'Wait...': news, so the waiting red, but still (no pulse), and in the words the admin
 * wrote. Up to 60 characters: it may break between words, as narrow as a number's column, so the
 * table still fits the 318 px a 360 px phone leaves it.
 */
const Notice = styled.span`
  display: inline-block;
  max-width: 7.5rem;
  color: ${color('--color-wait')};
  font-size: 0.8rem;
  font-weight: 700;
  line-height: 1.25;
  white-space: normal;
  overflow-wrap: anywhere;
`;

export function GameNotice({ text }: { text: string }) {
  return <Notice data-state="notice">{text}</Notice>;
}
