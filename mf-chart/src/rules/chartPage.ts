import { CHART_NOT_FOUND_TITLE, chartDescription, chartDocumentTitle, chartPath, parseChartPath } from '@satta/shared/domain/chartUrls';
import { chartDataset } from './chartDataset.ts';
import { resolveChartRoute } from './chartRoute.ts';

/*
 * The one place that decides what a chart address is (issue 25, point 4): its status, title,
 * description, canonical address, structured data and redirect. ChartPage asks it in the
 * browser; the render service asks the same function from mf-chart's server bundle
 * (`decideChartPage`, exported by src/widgets.ts) with the facts of its snapshot, and answers
 * with the status, head and redirect it says. Pure: no React, no data service.
 */

/** What a decision about a chart address needs to know. */
export interface ChartFacts {
  /**
   * The games the database holds; null until it has said (then the games' registry answers, so
   * a shared link to a known game opens at once, and any other game is waited for).
   */
  names: readonly string[] | null;
  /** The years with a chart of a game, newest first; null while not known (the chart is shown meanwhile). */
  years: (game: string) => readonly number[] | null;
  /** The site's year (site timezone). */
  currentYear: number;
  /** Today's date key in the site timezone (yyyy-mm-dd). */
  todayKey: string;
  /** The date of a game's last result (yyyy-mm-dd) or null: the structured data's dateModified. */
  lastResult?: (game: string) => string | null;
  /**
   * The site's public origin (https://…, no path). Given (the render service), a chart's head
   * carries its structured data, whose URL is absolute; the browser writes no structured data.
   */
  origin?: string;
}

/** A chart page's head: what the document's title, description, canonical link and JSON-LD say. */
export interface ChartHead {
  title: string;
  description: string;
  /** The page's one address (/chart/{slug}/{year}); null: a page not to be indexed (noindex). */
  canonicalPath: string | null;
  /** schema.org Dataset of the chart (JSON-LD), with `facts.origin` only. */
  structuredData?: Record<string, unknown>;
}

/** Why a chart address has no chart. */
export type ChartNotFoundReason =
  /** No game of that name (`slug`: as the address spells it, decoded and in lower case). */
  | { kind: 'unknown-game'; slug: string }
  /** A year to come, before 2000, or without results of the game. */
  | { kind: 'unknown-year'; game: string; year: number }
  /** Something under /chart that is no chart address (a malformed year, extra parts). */
  | { kind: 'bad-address' };

/** What a chart address is: the decision both the browser and the render service follow. */
export type ChartPageDecision =
  /** /chart itself: the list of games (the shell titles it). */
  | { kind: 'index' }
  /** A game the registry does not know while the database's list is on its way (browser only). */
  | { kind: 'waiting' }
  | {
      kind: 'chart';
      status: 200;
      game: string;
      year: number;
      head: ChartHead & { canonicalPath: string };
      /**
       * The address asked is another spelling of the game's own (an alias, another case or
       * encoding): the game's address, the year part kept as asked (without one it stays
       * without). The render service answers 301 to it; the browser puts head.canonicalPath in place.
       */
      canonicalRedirect?: string;
      /**
       * The address has no year (/chart/gali): this year's dated address (/chart/gali/2026). The
       * browser puts it in place; the render service renders the undated address (200) with
       * the dated one as its canonical link.
       */
      datedPath?: string;
    }
  | { kind: 'not-found'; status: 404; reason: ChartNotFoundReason; head: ChartHead & { canonicalPath: null } };

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
