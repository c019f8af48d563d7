/*
 * The types of the one decision about a chart address (issue 25, point 4; issue 38, point 3):
 * mf-chart makes it (`decideChartPage`, mf-chart/src/rules/chartPage.ts), in the browser and in
 * its server bundle, and the render service follows it (server/render/src/chartDecision.ts).
 * Written once, here, and imported by both.
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

/**
 * The decision itself (`path`: a pathname under /chart, as asked, percent-encoded): what
 * mf-chart's server bundle exports as `decideChartPage`.
 */
export type DecideChartPage = (path: string, facts: ChartFacts) => ChartPageDecision;
