import type { ComponentType, ReactNode } from 'react';

/** What the shell's server bundle (shell/dist/server/widgets.mjs, from shell/src/server.tsx) exports. */
export interface ShellServerBundle {
  ServerPage: (props: { url: string; widgets: (remote: string, exposed: string) => ComponentType | undefined }) => ReactNode;
  /** The head of one of the shell's pages: a public route, or else its not-found page (shell/src/routes.ts). */
  pageHead: (path: string) => { title: string; description: string; canonicalPath: string | null };
  SERVER_DATA_ID: string;
}

/** A remote's server bundle: its exposed widgets under their exposed names (and, for mf-chart, CHART_DECIDER). */
export type RemoteServerBundle = Record<string, unknown>;

export function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null);
}

/*
 * mf-chart decides its addresses (issue 25, point 4): its server bundle exports, besides its
 * widgets, `decideChartPage` (mf-chart/src/rules/chartPage.ts), and the render service answers a
 * chart address with the status, head and redirect it says, rather than deciding again. Typed
 * here by hand, as the shell's bundle is: the part of mf-chart's types the service relies on
 * (routing.test.ts checks mf-chart's function against it).
 */

/** The remote that decides the chart addresses, and the name of its decision in its server bundle. */
export const CHART_REMOTE = 'mf-chart';
export const CHART_DECIDER = 'decideChartPage';

/** What mf-chart's decision needs to know (mf-chart's ChartFacts); the service has all of it. */
export interface ChartFacts {
  names: readonly string[];
  years: (game: string) => readonly number[];
  currentYear: number;
  todayKey: string;
  lastResult: (game: string) => string | null;
  /** Given: the chart's head carries its structured data (absolute URL). */
  origin?: string;
}

/** A chart page's head as mf-chart decides it. */
export interface ChartHead {
  title: string;
  description: string;
  /** /chart/{slug}/{year}; null: not to be indexed. */
  canonicalPath: string | null;
  structuredData?: Record<string, unknown>;
}

/** What a chart address is (mf-chart's ChartPageDecision). */
export type ChartPageDecision =
  | { kind: 'index' }
  | { kind: 'waiting' }
  | {
      kind: 'chart';
      status: 200;
      game: string;
      year: number;
      head: ChartHead & { canonicalPath: string };
      /** Another spelling of the game: its own address (301). */
      canonicalRedirect?: string;
      /** The undated address: rendered as it is, with this dated one as its canonical link. */
      datedPath?: string;
    }
  | {
      kind: 'not-found';
      status: 404;
      reason: { kind: 'unknown-game'; slug: string } | { kind: 'unknown-year'; game: string; year: number } | { kind: 'bad-address' };
      head: ChartHead;
    };

export type DecideChartPage = (path: string, facts: ChartFacts) => ChartPageDecision;

export function isDecider(value: unknown): value is DecideChartPage {
  return typeof value === 'function';
}
