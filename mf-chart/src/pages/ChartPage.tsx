import { memo, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Card, color, navigateTo, useCurrentPath } from '@satta/shared/ui';
import { CHART_INTRO_HI, CHART_SUBTITLE, chartHeader } from '@satta/shared/domain/messages';
import { GAMES, orderGames } from '@satta/shared/domain/games';
import { CHART_BASE, chartPath, parseChartPath, type ChartAddress } from '@satta/shared/domain/chartUrls';
import { filterGames } from '@satta/shared/domain/gameSearch';
import { useData, useRead, type DataService } from '@satta/shared/data';
import { useGameYears } from '../hooks/useGameYears.ts';
import { useChartHead } from '../hooks/useChartHead.ts';
import { useToday } from '../hooks/useToday.ts';
import type { SiteNow } from '@satta/shared/domain/siteTime';
import { chartState } from '../rules/chartState.ts';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { decideChartPage, replacementPath, type ChartFacts, type ChartNotFoundReason } from '../rules/chartPage.ts';
import { BAD_CHART_ADDRESS, unknownGameText, unknownYearText } from '../text.ts';
import { ChartMessage } from '../components/ChartMessage.tsx';
import { ChartNotFound } from '../components/ChartNotFound.tsx';
import { GameGrid, GameGridSkeleton } from '../components/GameGrid.tsx';
import { GameSearch } from '../components/GameSearch.tsx';
import { MonthlyChart } from '../components/MonthlyChart.tsx';
import { HydrateWhenNear } from '../components/HydrateWhenNear.tsx';
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

/**
 * /chart: search the games, open one's yearly chart, and this month's chart below. A yearly
 * chart is an address of its own (/chart/{game}/{year}): opening, closing, another year and
 * the browser's Back all go through the URL, so a shared link opens the same chart.
 */
export default function ChartPage() {
  const today = useToday();
  const path = useCurrentPath();
  // No location (a server render of /chart): the list.
  const address: ChartAddress = path === null ? { kind: 'index' } : parseChartPath(path);
  // A finished year's chart follows nothing live: its numbers (and the month's below) arrive with
  // the page, a correction with the next render. Every other chart address is live.
  const follow = !(address.kind === 'chart' && address.year !== null && address.year < today.year);
  // The database's game names, cache first; not following, the page's list stays.
  const names = useRead((data) => withLoadTimeout(data.gameNames$({ live: follow })), [follow]);
  const [search, setSearch] = useState('');
  const games = chartState(
    names,
    (list) => orderGames(list.map((name) => ({ name }))).map((game) => game.name),
    (list) => list.length === 0,
  );
  // The database's games once it has answered (an empty database holds none); null until then.
  const known = games.kind === 'ready' ? games.value : games.kind === 'no-data' ? [] : null;
  // What the address is, status and head included, is decided by decideChartPage, as the render
  // service asks it too. First the game it names, whose years the decision then takes into account.
  const asked = path ?? CHART_BASE;
  const facts: Omit<ChartFacts, 'years'> = { names: known, currentYear: today.year, todayKey: today.dateKey };
  const named = decideChartPage(asked, { ...facts, years: () => null });
  const chartGame = named.kind === 'chart' ? named.game : null;
  const browserYears = useGameYears(chartGame, today.year);
  const data = useData<'gameYears'>();
  // A server render knows the years at once, and so does the browser on the page it rendered
  // (see serverYears), until the database has answered.
  const years = browserYears.known ? browserYears : (serverYears(data, chartGame) ?? browserYears);
  // Until the years are known the chart is shown; then a past year without results is not found.
  const page = decideChartPage(asked, { ...facts, years: (game) => (game === chartGame && years.known ? years.years : null) });
  // Until the years are known the open one is offered too, so the picker shows the year on screen.
  const offeredYears =
    page.kind === 'chart' && !years.known && !years.years.includes(page.year)
      ? [...years.years, page.year].sort((a, b) => b - a)
      : years.years;

  // Whether this page pushed the chart's address: then Close is Back, and Back leaves no chart.
  const openedHere = useRef(false);
  if (address.kind === 'index') openedHere.current = false;

  // Every spelling of a game (an alias, other case) and the address without a year end on the
  // one canonical address, /chart/{slug}/{year} (the render service answers the same decision).
  const replacement = replacementPath(page);
  useEffect(() => {
    if (replacement !== null) navigateTo(replacement, { replace: true });
  }, [replacement]);

  useChartHead(page.kind === 'chart' || page.kind === 'not-found' ? { title: page.head.title, description: page.head.description } : null);

  if (page.kind === 'not-found') {
    return <ChartNotFound reason={notFoundText(page.reason)} games={known ?? []} year={today.year} />;
  }

  const open = (name: string) => {
    openedHere.current = true;
    navigateTo(chartPath(name, today.year));
  };
  // A chart opened at its address (a shared link) closes to the list in its place: Back then
  // leaves the site, as it would have before Close, instead of opening the chart again.
  const close = () => {
    if (openedHere.current) window.history.back();
    else navigateTo(CHART_BASE, { replace: true });
  };
  return (
    <>
      <Header>
        <h1>{chartHeader(today.year)}</h1>
        <Subtitle>{CHART_SUBTITLE}</Subtitle>
        <Intro lang="hi">{CHART_INTRO_HI}</Intro>
      </Header>
      <Card>
        <GameSearch value={search} onChange={setSearch} />
        {games.kind === 'ready' ? (
          <GameGrid names={filterGames(games.value, search)} stale={games.stale} at={games.at} onSelect={open} />
        ) : games.kind === 'loading' ? (
          <GameGridSkeleton count={GAMES.length} />
        ) : (
          <ChartMessage kind={games.kind} />
        )}
      </Card>
      <Card>
        <MonthlyChartWhenNear today={today} follow={follow} />
      </Card>
      {page.kind === 'chart' && (
        <YearlyChartOverlay
          key={page.game}
          game={page.game}
          year={page.year}
          years={offeredYears}
          todayKey={today.dateKey}
          follow={follow}
          onYearChange={(year) => navigateTo(chartPath(page.game, year), { replace: true })}
          onClose={close}
        />
      )}
    </>
  );
}

/** The not-found page's sentence for why an address has no chart. */
function notFoundText(reason: ChartNotFoundReason): string {
  if (reason.kind === 'unknown-game') return unknownGameText(reason.slug);
  if (reason.kind === 'unknown-year') return unknownYearText(reason.game, reason.year);
  return BAD_CHART_ADDRESS;
}

/**
 * The month's chart, below the first screen on a phone (and under an open yearly chart): on a
 * server-rendered page it goes live when it scrolls into view. Memoised: `today` changes
 * once a day, and a part React has not hydrated yet must not receive new children.
 */
const MonthlyChartWhenNear = memo(function MonthlyChartWhenNear({ today, follow }: { today: SiteNow; follow: boolean }) {
  return (
    <HydrateWhenNear name="monthly-chart">
      <MonthlyChart today={today} follow={follow} />
    </HydrateWhenNear>
  );
});

/**
 * The years of a game (newest first) when the data source knows them without asking
 * (`peekGameYears`): the render service's in-memory source, so a server render shows the
 * not-found page for a year without results and a complete year picker; and the browser's data
 * service on a server-rendered page (from the spans the page inlined), so that its first render
 * is the server's and hydrates. Otherwise useGameYears asks the database.
 */
function serverYears(data: Pick<DataService, 'gameYears'>, game: string | null): { years: number[]; known: true } | null {
  const peek = (data as Partial<{ peekGameYears: (name: string) => number[] | undefined }>).peekGameYears;
  const years = game === null || !peek ? undefined : peek.call(data, game);
  return years ? { years, known: true } : null;
}
