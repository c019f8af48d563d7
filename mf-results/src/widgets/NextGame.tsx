import { useId } from 'react';
import styled from 'styled-components';
import { nextGameOrTomorrow, secondsUntil } from '@satta/shared/domain/currentGame';
import { LOADING, MISSING_NUMBER, MISSING_TIME, NAV_CHART } from '@satta/shared/domain/messages';
import { PATHS } from '@satta/shared/domain/routes';
import { parseGameTime } from '@satta/shared/domain/time';
import { useRead } from '@satta/shared/data';
import { useNoDraw } from '../hooks/useNoDraw.ts';
import { useSiteDay } from '../hooks/useSiteDay.ts';
import { formatCountdown } from '@satta/shared/domain/countdown';
import { Card, CardHeading, RouteLink, StaleBadge, color, useHydrated } from '@satta/shared/ui';
import { CHART_LINK, NEXT_GAME_AT, NEXT_GAME_COUNTDOWN, NEXT_GAME_HEADING, NEXT_GAME_TOMORROW } from '../text.ts';

const Block = styled(Card)`
  text-align: center;
`;

const Name = styled.p`
  margin: 0;
  font-size: 1.4rem;
  font-weight: 700;
`;

/*
 * Two lines in one place: the result's time, which the server's HTML shows (a countdown there
 * would be as old as the page), and the live countdown, which takes over once the page is the
 * browser's. Both are always there, one of them hidden, so the box is as large as the larger from
 * the first paint and nothing moves when one replaces the other.
 */
const Countdown = styled.p`
  display: grid;
  justify-items: center;
  margin: 0.25rem 0;
  font-variant-numeric: tabular-nums;

  > span {
    grid-area: 1 / 1;
  }

  > [data-shown='false'] {
    visibility: hidden;
  }

  strong {
    font-size: 1.3rem;
    font-weight: 700;
  }
`;

/** Holds the countdown's place until it is known: as wide as any countdown (tabular digits). */
const COUNTDOWN_PLACE = '00:00:00';

const ChartLink = styled(RouteLink)`
  display: inline-block;
  margin-top: 0.25rem;
  padding: 0.4rem 1rem;
  border-radius: 999px;
  background: ${color('--color-cta-bg')};
  color: ${color('--color-cta-text')};
  text-decoration: none;
`;

/**
 * The next draw of the day (or tomorrow's first after the last), with a live countdown. Games
 * without a draw that day are skipped: the countdown counts to the next game that draws.
 */
export default function NextGame() {
  const headingId = useId();
  const live = useRead((data) => data.homeGames$(), []); // yesterday and this month so far, cache first
  const noDraw = useNoDraw(live.data);
  const { now } = useSiteDay(1000);
  // The server's HTML and the render that hydrates it show the result's time; then the countdown.
  const counting = useHydrated();
  const next = live.data ? nextGameOrTomorrow(live.data, now, noDraw) : null;
  const game = next?.game ?? null;
  const minutes = game ? parseGameTime(game.time) : null;
  const name = live.data === undefined ? LOADING : (game?.name ?? MISSING_NUMBER);
  return (
    <Block aria-labelledby={headingId}>
      <CardHeading id={headingId}>
        {NEXT_GAME_HEADING}
        <StaleBadge show={live.stale && live.data !== undefined} at={live.at} />
      </CardHeading>
      <Name data-testid="next-game-name">{name}</Name>
      {game && (
        <p data-testid="next-game-time">
          {game.time ?? MISSING_TIME}
          {next?.tomorrow ? ` (${NEXT_GAME_TOMORROW})` : ''}
        </p>
      )}
      {minutes !== null && (
        <Countdown>
          <span data-shown={!counting} aria-hidden={counting || undefined} data-testid="next-game-at">
            {NEXT_GAME_AT} <strong>{game?.time}</strong>
          </span>
          <span data-shown={counting} aria-hidden={!counting || undefined}>
            {NEXT_GAME_COUNTDOWN}{' '}
            <strong data-testid="next-game-countdown">{counting ? formatCountdown(secondsUntil(minutes, now)) : COUNTDOWN_PLACE}</strong>
          </span>
        </Countdown>
      )}
      <ChartLink to={PATHS.chart}>
        {CHART_LINK} ({NAV_CHART})
      </ChartLink>
    </Block>
  );
}
