/*
 * The site's addresses (docs/product.md, Routes), written once: the shell's router, the chart
 * addresses, the render service's routing, the remotes' links and the scripts all read them.
 * Deep links work because hosting falls back to index.html.
 */
export const PATHS = {
  home: '/',
  chart: '/chart',
  contact: '/contact',
  signIn: '/signin',
  dashboard: '/dashboard',
  luckyNumber: '/lucky-number',
  corrections: '/corrections',
} as const;

export type RoutePath = (typeof PATHS)[keyof typeof PATHS];

/** Where the charts live: /chart (the index), /chart/{game} and /chart/{game}/{year}. */
export const CHART_BASE = PATHS.chart;

/** The public pages, rendered on the server too. */
export const PUBLIC_PATHS = [PATHS.home, PATHS.chart, PATHS.contact, PATHS.luckyNumber, PATHS.corrections] as const;

/** The pages only ever rendered in the browser: signing in and the admin dashboard. */
export const CLIENT_ONLY_PATHS = [PATHS.signIn, PATHS.dashboard] as const;
