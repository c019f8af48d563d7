import { useMemo } from 'react';
import styled from 'styled-components';
import { orderGames } from '@satta/shared/domain/games';
import { resultCell } from '@satta/shared/domain/currentGame';
import { LOADING, MISSING_NUMBER, MISSING_TIME, TODAY_HEADING, YESTERDAY_HEADING } from '@satta/shared/domain/messages';
import { lastUpdatedText, latestUpdate } from '@satta/shared/domain/publishTimes';
import { useData, useRead } from '@satta/shared/data';
import { useNoDraw } from '../hooks/useNoDraw.ts';
import { useGameNotices } from '../hooks/useGameNotices.ts';
import { useSiteDay } from '../hooks/useSiteDay.ts';
import { DAY_TICK_MS } from '../hooks/ticks.ts';
import { Card, StaleBadge, StickyScroll, StickyTable } from '@satta/shared/ui';
import { ResultValue } from '../ui/ResultValue.tsx';
import { NoDrawMark } from '../ui/NoDrawMark.tsx';
import { NumberDetail } from '../ui/NumberDetail.tsx';
import { FollowBell, FollowSettingsButton } from '../ui/FollowBell.tsx';
import { GAME_COLUMN, RESULT_TABLE_CAPTION } from '../text.ts';

const GameTime = styled.span`
  display: block;
  font-size: 0.8rem;
  font-weight: 400;
`;

/*
 * Fits the 318 px a 360 px phone leaves it (issue 28, point 6): a little less room beside each
 * cell, and the two Hindi headings may break between words where the table would not fit
 * otherwise (on a wide screen they stay on one line). Game names and numbers never break.
 */
const Table = styled(StickyTable)`
  th,
  td {
    padding-inline: 0.35rem;
  }

  thead th {
    white-space: normal;
  }
`;

// One line tall whether or not there is a time yet, so nothing moves when the data arrives.
const LastUpdated = styled.p`
  min-height: 1.4em;
  margin: 0 0 0.5rem;
  font-size: 0.85rem;
  text-align: center;
`;

/**
 * Every game with yesterday's and today's number, in the fixed order; a day marked as having no
 * draw, and without a number, says so: 'आज अवकाश (No draw today)' today, 'अवकाश' yesterday; a
 * game with the admin's notice of the day shows it instead of 'Wait...' until its number.
 * Where this browser has push notifications on, each game has a bell beside its time (that
 * game's pushes on or off) and the game heading a button to the sheet of games (FollowBell.tsx);
 * neither is in the server's HTML and neither moves anything when it appears.
 */
export default function ResultTable() {
  const live = useRead((data) => data.homeGames$(), []); // yesterday and this month so far, cache first
  const noDraw = useNoDraw(live.data);
  const { timezone } = useData<'timezone'>();
  const { todayKey, yesterdayKey } = useSiteDay(DAY_TICK_MS);
  const notice = useGameNotices(todayKey);
  const games = useMemo(() => (live.data ? orderGames(live.data) : undefined), [live.data]);
  const names = useMemo(() => games?.map((game) => game.name) ?? [], [games]);
  const updated = games ? latestUpdate(games, [yesterdayKey, todayKey]) : null;
  return (
    <Card>
      <LastUpdated data-testid="last-updated">{updated === null ? '\u00a0' : lastUpdatedText(updated, timezone)}</LastUpdated>
      <StickyScroll tabIndex={0} role="region" aria-label={RESULT_TABLE_CAPTION}>
        <Table>
          <caption>
            {RESULT_TABLE_CAPTION}
            <StaleBadge show={live.stale && games !== undefined} at={live.at} />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                {GAME_COLUMN}
                <FollowSettingsButton shown={names} />
              </th>
              <th scope="col">{YESTERDAY_HEADING}</th>
              <th scope="col">{TODAY_HEADING}</th>
            </tr>
          </thead>
          <tbody>
            {games === undefined ? (
              <tr>
                <td colSpan={3}>{LOADING}</td>
              </tr>
            ) : (
              games.map((game) => {
                const cell = resultCell(game.results, todayKey, yesterdayKey);
                const noDrawToday = cell.today === null && noDraw(game.name, todayKey);
                return (
                  <tr key={game.name} data-game={game.name}>
                    <th scope="row">
                      {game.name}
                      <GameTime>
                        {game.time ?? MISSING_TIME}
                        <FollowBell game={game.name} shown={names} />
                      </GameTime>
                    </th>
                    <td>
                      {cell.yesterday === null && noDraw(game.name, yesterdayKey) ? (
                        <NoDrawMark />
                      ) : (
                        <NumberDetail meta={game.meta?.[yesterdayKey]} timezone={timezone}>
                          {cell.yesterday ?? MISSING_NUMBER}
                        </NumberDetail>
                      )}
                    </td>
                    <td>
                      <NumberDetail meta={cell.today === null ? undefined : game.meta?.[todayKey]} timezone={timezone}>
                        <ResultValue number={cell.today} noDraw={noDrawToday} notice={notice(game.name, cell.today, noDrawToday)} />
                      </NumberDetail>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </Table>
      </StickyScroll>
    </Card>
  );
}
