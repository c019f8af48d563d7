import { useCallback, useId, useMemo } from 'react';
import styled from 'styled-components';
import { CardHeading, StaleBadge, StickyScroll, VisuallyHidden, offscreenUntilNear } from '@satta/shared/ui';
import { LOADING_DATA } from '@satta/shared/domain/messages';
import { MONTHLY_CHART_TABLES } from '@satta/shared/domain/games';
import { CHART_BASE } from '@satta/shared/domain/chartUrls';
import { monthlyChart, MONTH_NAMES, type MonthlyChartRow } from '@satta/shared/domain/yearlyChart';
import type { DayMetas, GameData } from '@satta/shared/domain/results';
import type { SiteNow } from '@satta/shared/domain/siteTime';
import { columnMetas } from '@satta/shared/domain/chartMeta';
import { useData, useRead } from '@satta/shared/data';
import { useChartState } from '../hooks/useChartState.ts';
import { monthlyNoDraw } from '../rules/noDrawCells.ts';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { MONTHLY_CHART_CAPTION, MONTHLY_CHART_HEADING } from '../text.ts';
import { ChartMessage } from './ChartMessage.tsx';
import { ChartDownload } from '../download/ChartDownload.tsx';
import { monthlyChartTable, monthlyFileBase } from '../download/csv.ts';
import { MonthChartSkeleton, MonthChartTable } from './MonthChartTable.tsx';
import { NoDrawLegend } from './NoDrawLegend.tsx';

/**
 * Side by side only when both fit whole (each starts at its full width, `flex-basis: auto`),
 * else one above the other at the page's width: at 1366 px neither is cut off. On a phone a
 * table wider than the screen scrolls sideways with the day column stuck to the left. Neither
 * scrolls up and down: the page scrolls as one.
 */
const Tables = styled.div`
  /* Below the first screen on a phone: laid out when it comes near (two tables of 31 days). */
  ${offscreenUntilNear('113rem')}
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-start;

  > * {
    flex: 1 1 auto;
    min-width: 0;
  }
`;

/** Centred under the heading, there from the start: nothing moves when the data arrives. */
const Download = styled(ChartDownload)`
  justify-content: center;
  margin-bottom: 0.5rem;
`;

interface MonthTable {
  columns: readonly string[];
  rows: MonthlyChartRow[];
  /** Each column's publish times, in the order of `columns`. */
  metas: DayMetas[];
}

/** The specification's two tables of six games, with their publish times. */
function shapeTables(todayKey: string, games: GameData[]): MonthTable[] {
  return MONTHLY_CHART_TABLES.map((columns) => ({
    columns,
    rows: monthlyChart(todayKey, games, columns),
    metas: columnMetas(games, columns),
  }));
}

const neverEmpty = () => false;

/** This month from day 1 to today, in the specification's two tables of six games. */
export function MonthlyChart({ today, follow = true }: { today: SiteNow; follow?: boolean }) {
  const headingId = useId();
  // This month so far of every game: the home page's window, so the two pages share one cache.
  // Not following (under a finished year's chart, which follows nothing live), the page's data
  // stays, and so do its days without a draw (or they are read once).
  const live = useRead((data) => withLoadTimeout(data.homeGames$({ live: follow })), [follow]);
  const { timezone } = useData<'timezone'>();
  // undefined until known (no marks until then); the first render is what the source has now, so
  // the server's HTML hydrates as is.
  const holidays = useRead((data) => data.holidays$({ live: follow }), [follow]).data;
  const state = useChartState(
    live,
    useCallback((games: GameData[]) => shapeTables(today.dateKey, games), [today.dateKey]),
    neverEmpty,
  );
  const month = `${MONTH_NAMES[today.month - 1] ?? ''} ${today.year}`;
  const tables = state.kind === 'ready' ? state.value : null;
  // Days without a draw (the rows end at today): the tables, the legend and the download mark the same cells.
  const noDraw = useMemo(() => (tables ? monthlyNoDraw(holidays, tables, today.dateKey) : null), [holidays, tables, today.dateKey]);
  const download = useMemo(
    () =>
      tables
        ? monthlyChartTable(
            MONTHLY_CHART_HEADING(month),
            tables.map((t, i) => ({ ...t, noDraw: noDraw?.[i] })),
          )
        : null,
    [month, tables, noDraw],
  );
  return (
    <section aria-labelledby={headingId}>
      <CardHeading id={headingId}>
        {MONTHLY_CHART_HEADING(month)}
        <StaleBadge show={state.kind === 'ready' && state.stale} at={state.kind === 'ready' ? state.at : undefined} />
      </CardHeading>
      <Download
        table={download}
        fileBase={monthlyFileBase(today.year, today.month)}
        path={CHART_BASE}
        dataAt={state.kind === 'ready' && state.stale ? live.at : undefined}
        timezone={timezone}
      />
      {state.kind === 'ready' ? (
        <Tables>
          {state.value.map(({ columns, rows, metas }, i) => (
            <StickyScroll key={columns.join()} tabIndex={0} role="region" aria-label={MONTHLY_CHART_CAPTION(month, i + 1)}>
              <MonthChartTable
                caption={MONTHLY_CHART_CAPTION(month, i + 1)}
                columns={columns}
                rows={rows}
                metas={metas}
                timezone={timezone}
                noDraw={noDraw?.[i]}
              />
            </StickyScroll>
          ))}
        </Tables>
      ) : state.kind === 'loading' ? (
        // The tables' final size while loading: one empty row per day so far.
        <Tables aria-busy="true">
          <VisuallyHidden role="status">{LOADING_DATA}</VisuallyHidden>
          {MONTHLY_CHART_TABLES.map((columns, i) => (
            <StickyScroll key={columns.join()} aria-hidden="true">
              <MonthChartSkeleton caption={MONTHLY_CHART_CAPTION(month, i + 1)} columns={columns} days={today.day} />
            </StickyScroll>
          ))}
        </Tables>
      ) : (
        <ChartMessage kind={state.kind} />
      )}
      {state.kind === 'ready' && noDraw && <NoDrawLegend />}
    </section>
  );
}
