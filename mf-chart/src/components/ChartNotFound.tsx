import styled from 'styled-components';
import { Card, CardHeading, RouteLink, color } from '@satta/shared/ui';
import { CHART_BASE, chartPath } from '@satta/shared/domain/chartUrls';
import { ALL_CHARTS_LINK, CHART_NOT_FOUND_HEADING, GAMES_LIST_HEADING } from '../text.ts';

const Games = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: 0.4rem 0;
    color: ${color('--color-brand')};
    font-weight: 600;
  }
`;

/**
 * A chart address with no chart behind it (an unknown game, a year out of range or without
 * results): says so and offers every chart instead of a dead end.
 */
export function ChartNotFound({ reason, games, year }: { reason: string; games: readonly string[]; year: number }) {
  return (
    <Card data-testid="chart-not-found">
      <h1>{CHART_NOT_FOUND_HEADING}</h1>
      <p>{reason}</p>
      <p>
        <RouteLink to={CHART_BASE}>{ALL_CHARTS_LINK}</RouteLink>
      </p>
      {games.length > 0 && (
        <>
          <CardHeading>{GAMES_LIST_HEADING}</CardHeading>
          <Games>
            {games.map((game) => (
              <li key={game}>
                <RouteLink to={chartPath(game, year)}>{game}</RouteLink>
              </li>
            ))}
          </Games>
        </>
      )}
    </Card>
  );
}
