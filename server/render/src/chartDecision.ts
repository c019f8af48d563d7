import type { ChartFacts, ChartPageDecision, DecideChartPage } from './bundles.ts';
import { chartYears, gameNamesOf, spanOf, yearOf, type Snapshot } from './snapshot.ts';

/*
 * Chart addresses are mf-chart's to decide (issue 25, point 4): its status, head and redirect
 * come from `decideChartPage` of mf-chart's loaded server bundle (RemoteWidgets.chartDecider),
 * given the facts of the snapshot. The page (routing.ts) and its link preview (linkPreview.ts)
 * both ask here.
 */

/**
 * mf-chart's decision about a chart address (`decideChartPage` of its loaded server bundle), or
 * null: no bundle of mf-chart with one is loaded. The service never decides a chart address
 * itself: without mf-chart's decision the static host answers it, and the browser decides.
 */
export type ChartDecider = DecideChartPage | null;

/** What mf-chart's decision needs, from the snapshot (`origin`: for the head's structured data). */
export function chartFacts(snapshot: Snapshot, origin?: string): ChartFacts {
  return {
    names: gameNamesOf(snapshot),
    years: (game) => chartYears(snapshot, game),
    currentYear: yearOf(snapshot),
    todayKey: snapshot.todayKey,
    lastResult: (game) => spanOf(snapshot, game).last,
    ...(origin === undefined ? {} : { origin }),
  };
}

/** The deciders that have failed once: said once, not on every request. */
const failing = new WeakSet<DecideChartPage>();

/**
 * mf-chart's decision about a chart address against the snapshot, or null without mf-chart's
 * bundle, or when its decision fails (a broken release): then, as without it, the static host
 * answers, and the browser's ChartPage decides.
 */
export function decideChart(decide: ChartDecider, pathname: string, snapshot: Snapshot, origin?: string): ChartPageDecision | null {
  if (!decide) return null;
  try {
    return decide(pathname, chartFacts(snapshot, origin));
  } catch (error) {
    if (!failing.has(decide)) console.error('render: mf-chart could not decide a chart address:', error);
    failing.add(decide);
    return null;
  }
}
