import { useCallback, useId, useMemo } from 'react';
import styled from 'styled-components';
import { Button, Message, color, StaleBadge, StickyScroll, useDialogFocus } from '@satta/shared/ui';
import { CLOSE, chartTitle, dataAsOf } from '@satta/shared/domain/messages';
import type { DayResults } from '@satta/shared/domain/results';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import { yearlyChart } from '@satta/shared/domain/yearlyChart';
import { chartPath } from '@satta/shared/domain/chartUrls';
import { useData, useRead } from '@satta/shared/data';
import { useChartState } from '../hooks/useChartState.ts';
import { yearlyNoDraw } from '../rules/noDrawCells.ts';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { emptyYearText, previousYearLink } from '../text.ts';
import { ChartMessage } from './ChartMessage.tsx';
import { ChartDownload } from '../download/ChartDownload.tsx';
import { yearlyChartTable, yearlyFileBase } from '../download/csv.ts';
import { YearSelector } from './YearSelector.tsx';
import { YearlyChartTable } from './YearlyChartTable.tsx';
import { NoDrawLegend } from './NoDrawLegend.tsx';

const Screen = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  box-sizing: border-box;
  padding: 0.75rem;
  background: ${color('--color-page')};
  color: ${color('--color-text')};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  justify-content: space-between;
`;

const Title = styled.h2`
  flex: 1 1 12rem;
  margin: 0;
  font-size: 1.2rem;
`;

/** Its own line under the title, there from the start: nothing moves when the data arrives. */
const Download = styled(ChartDownload)`
  flex: 1 1 100%;
`;

const Body = styled(StickyScroll)`
  flex: 1 1 auto;
  min-height: 0;
  background: ${color('--color-surface')};
`;

const Empty = styled.div`
  text-align: center;
`;

const Legend = styled(NoDrawLegend)`
  margin: 0;
`;

const Footer = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${color('--color-muted')};
`;

const isEmptyYear = (grid: (string | null)[][]) => grid.every((row) => row.every((cell) => cell === null));

interface Props {
  game: string;
  year: number;
  /** The years to offer, newest first. */
  years: readonly number[];
  todayKey: string;
  /** false for a finished year's chart, which follows nothing live (the page's days without a draw stay). */
  follow?: boolean;
  onYearChange: (year: number) => void;
  onClose: () => void;
}

/** The full-screen yearly chart of one game, with a year picker; Escape or Close leaves it. */
export function YearlyChartOverlay({ game, year, years, todayKey, follow = true, onYearChange, onClose }: Props) {
  const titleId = useId();
  // Only this year is downloaded; its publish times come from the same database listener.
  const live = useRead((data) => withLoadTimeout(data.gameYear$(game, year)), [game, year]);
  const meta = useRead((data) => data.gameYearMeta$(game, year), [game, year]);
  const { timezone } = useData<'timezone'>();
  // undefined until known (no marks until then). Not following, the page's days without a draw
  // stay (or are read once); the first render is what the source has now, so the HTML hydrates.
  const holidays = useRead((data) => data.holidays$({ live: follow }), [follow]).data;
  const state = useChartState(
    live,
    useCallback((results: DayResults) => yearlyChart(results, year), [year]),
    isEmptyYear,
  );
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose, { lockScroll: true });
  const title = chartTitle(game, year);
  const grid = state.kind === 'ready' ? state.value : null;
  // Days without a draw up to today: the table, its legend and the downloads mark the same cells.
  const noDraw = useMemo(() => (grid ? yearlyNoDraw(holidays, game, year, grid, todayKey) : null), [holidays, game, year, grid, todayKey]);
  const table = useMemo(() => (grid ? yearlyChartTable(title, grid, noDraw) : null), [title, grid, noDraw]);
  return (
    <Screen ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <Top>
        <Title id={titleId}>
          {title}
          <StaleBadge show={state.kind === 'ready' && state.stale} at={state.kind === 'ready' ? state.at : undefined} />
        </Title>
        <YearSelector years={years} value={year} onChange={onYearChange} />
        <Button type="button" $variant="secondary" onClick={onClose} data-autofocus>
          {CLOSE}
        </Button>
        <Download
          table={table}
          fileBase={yearlyFileBase(game, year)}
          path={chartPath(game, year)}
          dataAt={state.kind === 'ready' && state.stale ? live.at : undefined}
          timezone={timezone}
        />
      </Top>
      {state.kind === 'ready' ? (
        <Body tabIndex={0} role="region" aria-label={title}>
          <YearlyChartTable caption={title} grid={state.value} year={year} metas={meta.data} timezone={timezone} noDraw={noDraw} />
        </Body>
      ) : state.kind === 'no-data' ? (
        // No result in the year yet is a fact, not a failure: say so and offer the year before.
        <Empty>
          <Message $tone="info">{emptyYearText(game, year)}</Message>
          <Button type="button" onClick={() => onYearChange(year - 1)}>
            {previousYearLink(year - 1)}
          </Button>
        </Empty>
      ) : (
        <ChartMessage kind={state.kind} />
      )}
      {state.kind === 'ready' && noDraw && <Legend />}
      <Footer>{dataAsOf(formatDisplayDate(todayKey))}</Footer>
    </Screen>
  );
}
