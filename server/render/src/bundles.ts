import type { ComponentType, ReactNode } from 'react';
import type { DecideChartPage } from '@satta/shared/domain/chartDecision';

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
 * chart address with the status, head and redirect it says, rather than deciding again. The
 * decision's types are mf-chart's own, written once in shared/domain/chartDecision.ts.
 */
export type { ChartFacts, ChartHead, ChartPageDecision, DecideChartPage } from '@satta/shared/domain/chartDecision';

/** The remote that decides the chart addresses, and the name of its decision in its server bundle. */
export const CHART_REMOTE = 'mf-chart';
export const CHART_DECIDER = 'decideChartPage';

export function isDecider(value: unknown): value is DecideChartPage {
  return typeof value === 'function';
}
