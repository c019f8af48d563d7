import { CHART_NOT_FOUND_TITLE, chartDescription, chartDocumentTitle, chartPath, parseChartPath } from '@satta/shared/domain/chartUrls';
import { chartDataset } from './chartDataset.ts';
import { resolveChartRoute } from './chartRoute.ts';
import type { ChartFacts, ChartHead, ChartNotFoundReason, ChartPageDecision } from '@satta/shared/domain/chartDecision';

// The decision's types are written once, in shared/domain, where the render service reads them too.
export type { ChartFacts, ChartHead, ChartNotFoundReason, ChartPageDecision } from '@satta/shared/domain/chartDecision';

/*
 * The one place that decides what a chart address is (issue 25, point 4): its status, title,
 * description, canonical address, structured data and redirect. ChartPage asks it in the
 * browser; the render service asks the same function from mf-chart's server bundle
 * (`decideChartPage`, exported by src/widgets.ts) with the facts of its snapshot, and answers
 * with the status, head and redirect it says. Pure: no React, no data service.
 */

/** The head of every chart address without a chart. */
const NOT_FOUND_HEAD = { title: CHART_NOT_FOUND_TITLE, description: CHART_NOT_FOUND_TITLE, canonicalPath: null } as const;

const notFound = (reason: ChartNotFoundReason): ChartPageDecision => ({
  kind: 'not-found',
  status: 404,
  reason,
  head: { ...NOT_FOUND_HEAD },
});

/**
 * Decides a chart address (`path`: a pathname under /chart, as asked, percent-encoded; trailing
 * slashes do not count) against the facts: which game and year it shows, or why none, and its head.
 */
export function decideChartPage(path: string, facts: ChartFacts): ChartPageDecision {
  const pathname = path.replace(/(.)\/+$/, '$1');
  const address = parseChartPath(pathname);
  const route = resolveChartRoute(address, facts.names, facts.currentYear);
  if (route.kind === 'index' || route.kind === 'waiting') return route;
  if (route.kind !== 'chart') return notFound(route);
  const { game, year } = route;
  // A past year the database has no results for has no chart; the current year always has one.
  const years = facts.years(game);
  if (years !== null && !years.includes(year)) return notFound({ kind: 'unknown-year', game, year });
  const canonicalPath = chartPath(game, year);
  const description = chartDescription(game, year);
  const head: ChartHead & { canonicalPath: string } = { title: chartDocumentTitle(game, year), description, canonicalPath };
  if (facts.origin !== undefined) {
    head.structuredData = chartDataset({
      game,
      year,
      url: facts.origin + canonicalPath,
      description,
      lastResult: facts.lastResult?.(game) ?? null,
      todayKey: facts.todayKey,
    });
  }
  const asked = address.kind === 'chart' ? address.year : null;
  const spelled = chartPath(game, asked ?? undefined);
  return {
    kind: 'chart',
    status: 200,
    game,
    year,
    head,
    ...(pathname !== spelled ? { canonicalRedirect: spelled } : {}),
    ...(asked === null ? { datedPath: canonicalPath } : {}),
  };
}

/**
 * The address the browser puts in place of the one asked (history.replaceState), or null: the
 * chart's own dated address, for another spelling of the game or an address without a year.
 */
export function replacementPath(decision: ChartPageDecision): string | null {
  if (decision.kind !== 'chart') return null;
  return decision.canonicalRedirect !== undefined || decision.datedPath !== undefined ? decision.head.canonicalPath : null;
}
