import { useId } from 'react';
import styled from 'styled-components';
import { currentGame, resultCell } from '@satta/shared/domain/currentGame';
import { MISSING_NUMBER, MISSING_TIME } from '@satta/shared/domain/messages';
import { publishedText } from '@satta/shared/domain/publishTimes';
import { useData, useRead } from '@satta/shared/data';
import { useNoDraw } from '../hooks/useNoDraw.ts';
import { useGameNotices } from '../hooks/useGameNotices.ts';
import { GameNotice } from '../ui/GameNotice.tsx';
import { NumberDetail } from '../ui/NumberDetail.tsx';
import { NoDrawMark } from '../ui/NoDrawMark.tsx';
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

// Reserved whether or not there is a time, so nothing moves when the number arrives.
const Published = styled.p`
  min-height: 1.4em;
  margin: 0.25rem 0 0;
  font-size: 0.85rem;
`;

/**
 * The game being looked at now (Gali until 05:05, unless it had no draw last night): its time,
 * yesterday's and today's number (or, until it is there, the admin's notice of the day for the
 * game). A game without a draw today is skipped.
 */
export default function CurrentGame() {
  const headingId = useId();
  const live = useRead((data) => data.homeGames$(), []); // yesterday and this month so far, cache first
  const noDraw = useNoDraw(live.data);
  const { now, todayKey, yesterdayKey } = useSiteDay(DAY_TICK_MS);
  const notices = useGameNotices(todayKey);
  const game = live.data ? currentGame(live.data, now, noDraw) : null;
  const { timezone } = useData<'timezone'>();
  const cell = game ? resultCell(game.results, todayKey, yesterdayKey) : null;
  const todayMeta = cell?.today == null ? undefined : game?.meta?.[todayKey];
  const published = publishedText(todayMeta, timezone);
  const noDrawToday = game !== null && noDraw(game.name, todayKey);
  const notice = game && cell ? notices(game.name, cell.today, noDrawToday) : null;
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
          <NumberDetail meta={cell?.yesterday == null ? undefined : game?.meta?.[yesterdayKey]} timezone={timezone}>
            {cell?.yesterday ?? (game && noDraw(game.name, yesterdayKey) ? <NoDrawMark /> : MISSING_NUMBER)}
          </NumberDetail>
        </span>
        <span aria-hidden="true">→</span>
        <span data-testid="current-game-today">
          <VisuallyHidden>{TODAY_LABEL}: </VisuallyHidden>
          <NumberDetail meta={todayMeta} timezone={timezone}>
            {cell?.today ?? (noDrawToday ? <NoDrawMark /> : notice !== null ? <GameNotice text={notice} /> : MISSING_NUMBER)}
          </NumberDetail>
        </span>
      </Numbers>
      <Published data-testid="current-game-published">{published ?? '\u00a0'}</Published>
    </Centered>
  );
}
