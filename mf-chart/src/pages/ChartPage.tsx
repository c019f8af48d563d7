import { useState } from 'react';
import styled from 'styled-components';
import { Card, color, StaleBadge } from '@satta/shared/ui';
import { CHART_INTRO_HI, CHART_SUBTITLE, chartHeader } from '@satta/shared/domain/messages';
import { orderGames } from '@satta/shared/domain/games';
import { useGameNames } from '../hooks/useGameNames.ts';
import { useToday } from '../hooks/useToday.ts';
import { chartState } from '../rules/chartState.ts';
import { filterGames } from '@satta/shared/domain/gameSearch';
import { ChartMessage } from '../components/ChartMessage.tsx';
import { GameGrid } from '../components/GameGrid.tsx';
import { GameSearch } from '../components/GameSearch.tsx';
import { MonthlyChart } from '../components/MonthlyChart.tsx';
import { YearlyChartOverlay } from '../components/YearlyChartOverlay.tsx';

const Header = styled.header`
  margin-bottom: 1rem;
  text-align: center;

  h1 {
    margin: 0;
    font-size: clamp(1.4rem, 6vw, 2rem);
  }
`;

const Subtitle = styled.p`
  margin: 0.25rem 0 0.75rem;
  color: ${color('--color-muted')};
`;

const Intro = styled.p`
  max-width: 45rem;
  margin: 0 auto;
  line-height: 1.6;
`;

/** /chart: search the games, open one's yearly chart, and this month's chart below. */
export default function ChartPage() {
  const today = useToday();
  const names = useGameNames();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const games = chartState(
    names,
    (list) => orderGames(list.map((name) => ({ name }))).map((game) => game.name),
    (list) => list.length === 0,
  );
  return (
    <>
      <Header>
        <h1>{chartHeader(today.year)}</h1>
        <Subtitle>{CHART_SUBTITLE}</Subtitle>
        <Intro lang="hi">{CHART_INTRO_HI}</Intro>
      </Header>
      <Card>
        <GameSearch value={search} onChange={setSearch} />
        <StaleBadge show={games.kind === 'ready' && games.stale} />
        {games.kind === 'ready' ? (
          <GameGrid names={filterGames(games.value, search)} onSelect={setSelected} />
        ) : (
          <ChartMessage kind={games.kind} />
        )}
      </Card>
      <Card>
        <MonthlyChart today={today} />
      </Card>
      {selected !== null && (
        <YearlyChartOverlay
          key={selected}
          game={selected}
          currentYear={today.year}
          todayKey={today.dateKey}
          onClose={() => setSelected(null)}
        />
      )}
    </>
  );
}
