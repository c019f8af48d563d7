import { useId } from 'react';
import styled from 'styled-components';
import { currentGame, resultCell } from '@satta/shared/domain/currentGame';
import { MISSING_NUMBER, MISSING_TIME } from '@satta/shared/domain/messages';
import { useHomeGames } from '../hooks/useHomeGames.ts';
import { useSiteDay } from '../hooks/useSiteDay.ts';
import { DAY_TICK_MS } from '../hooks/ticks.ts';
import { Card, CardHeading, StaleBadge, VisuallyHidden } from '@satta/shared/ui';
import { CURRENT_GAME_HEADING, TODAY_LABEL, YESTERDAY_LABEL } from '../text.ts';

const Centered = styled(Card)`
  text-align: center;
`;

const Name = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
`;

const Time = styled.p`
  margin: 0.25rem 0;
`;

const Numbers = styled.p`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  justify-content: center;
  margin: 0.25rem 0 0;
  font-size: 1.75rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

/** The game being looked at now (Gali until 05:05): its time, yesterday's and today's number. */
export default function CurrentGame() {
  const headingId = useId();
  const live = useHomeGames();
  const { now, todayKey, yesterdayKey } = useSiteDay(DAY_TICK_MS);
  const game = live.data ? currentGame(live.data, now) : null;
  const cell = game ? resultCell(game.results, todayKey, yesterdayKey) : null;
  return (
    <Centered aria-labelledby={headingId}>
      <CardHeading id={headingId}>
        {CURRENT_GAME_HEADING}
        <StaleBadge show={live.stale && live.data !== undefined} at={live.at} />
      </CardHeading>
      <Name data-testid="current-game-name">{game?.name ?? MISSING_NUMBER}</Name>
      <Time data-testid="current-game-time">{game ? (game.time ?? MISSING_TIME) : MISSING_NUMBER}</Time>
      <Numbers>
        <span data-testid="current-game-yesterday">
          <VisuallyHidden>{YESTERDAY_LABEL}: </VisuallyHidden>
          {cell?.yesterday ?? MISSING_NUMBER}
        </span>
        <span aria-hidden="true">→</span>
        <span data-testid="current-game-today">
          <VisuallyHidden>{TODAY_LABEL}: </VisuallyHidden>
          {cell?.today ?? MISSING_NUMBER}
        </span>
      </Numbers>
    </Centered>
  );
}
