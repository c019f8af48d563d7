import { extname } from 'node:path';
import {
  CHART_BASE,
  CHART_NOT_FOUND_TITLE,
  chartDescription,
  chartDocumentTitle,
  chartPath,
  chartYearInRange,
  gameFromSlug,
  parseChartPath,
} from '@satta/shared/domain/chartUrls';
import { CLIENT_ONLY_PATHS, PUBLIC_PATHS } from '@satta/shared/domain/routes';
import { chartYears, spanOf, yearOf, type Snapshot } from './snapshot.ts';
import { SITE_NAME, chartDataset, escapeHtml, type PageHead } from './seo.ts';
import { FEED_JSON_PATH, FEED_XML_PATH } from './feeds.ts';
import { PREVIEW_BASE, previewTarget, type PreviewTarget } from './linkPreview.ts';

/** The routes rendered on the server: the public pages. /signin and /dashboard stay client-only. */
export const PAGE_ROUTES = PUBLIC_PATHS;

/** The shell's routes that only ever render in the browser: the static host's index.html. */
export const CLIENT_ROUTES = CLIENT_ONLY_PATHS;

/** The page key of the shell's not-found page: no address of the site, the same page for every unknown one. */
export const NOT_FOUND_KEY = '/__not-found';

/**
 * The page key of the chart not-found page of an unknown game, rendered once per data change for
 * a game no one can name (the sentinel slug) and served for every unknown game with the address's
 * own slug put in place of the sentinel (see withSlug): a flood of made-up addresses costs no
 * render and never enters the page cache.
 */
export const UNKNOWN_GAME_KEY = '/__chart-unknown-game';
/** Lower case, no game's slug, nothing HTML would escape: found in the page only where the slug is written. */
export const UNKNOWN_GAME_SENTINEL = 'zq0unknown0gameqz';

/** The not-found page of an unknown game with `slug` (as the address has it) in place of the sentinel. */
export function withSlug(html: string, slug: string): string {
  return html.split(UNKNOWN_GAME_SENTINEL).join(escapeHtml(slug));
}

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

/** What a chart address (/chart/{slug}[/{year}]) answers. */
export type ChartAnswer =
  /** The chart of `game`'s `year`; `path` is the address as asked (without a year: this year's). */
  | { kind: 'chart'; game: string; year: number; path: string }
  /** Another spelling of a game: its canonical address, the year part kept as asked. */
  | { kind: 'redirect'; location: string }
  /** No such game (`slug`: as the address spells it), a year out of range or before the game's first result, a malformed address. */
  | { kind: 'not-found'; unknownGame?: string };

/**
 * A chart address against the games in memory, as mf-chart's ChartPage resolves it in the
 * browser (resolveChartRoute plus the years with results), so the status code and the page
 * rendered agree.
 */
export function resolveChart(pathname: string, snapshot: Snapshot): ChartAnswer {
  const address = parseChartPath(pathname);
  if (address.kind !== 'chart') return { kind: 'not-found' };
  const game = gameFromSlug(address.slug, snapshot.gameNames);
  if (game === null) return { kind: 'not-found', unknownGame: address.slug };
  const current = yearOf(snapshot);
  const year = address.year ?? current;
  if (!chartYearInRange(year, current) || !chartYears(snapshot, game).includes(year)) return { kind: 'not-found' };
  const canonical = chartPath(game, address.year ?? undefined);
  if (pathname !== canonical) return { kind: 'redirect', location: canonical };
  return { kind: 'chart', game, year, path: pathname };
}

/** How the render service answers one GET or HEAD. */
export type Answer =
  | {
      kind: 'page';
      key: string;
      status: 200 | 404;
      year?: { game: string; year: number };
      /** The unknown game's page (UNKNOWN_GAME_KEY): the slug to put in. */
      slug?: string;
      /** A chart not-found page of its own address (an unknown year, a malformed address): rendered in turn, not kept with the site's pages. */
      perAddress?: true;
    }
  | { kind: 'redirect'; location: string }
  | { kind: 'sitemap' }
  | { kind: 'robots' }
  | { kind: 'feed'; format: 'json' | 'xml' }
  /** A page's link-preview image (`path`: as asked; the current one may have another hash). */
  | { kind: 'preview'; target: PreviewTarget; path: string }
  /** The static host: files, /config.json, client-only routes, or no data to render from yet. */
  | { kind: 'static' };

/**
 * Sorts a request. `isStatic` tells whether the static host has something at an extensionless
 * path (a folder with an index.html, a mounted prefix); every other extensionless path that is
 * no route of the site is the shell's not-found page, with 404.
 */
export function classify(pathname: string, snapshot: Snapshot | null, isStatic: (pathname: string) => boolean): Answer {
  if (pathname === ROBOTS_PATH) return { kind: 'robots' };
  if (pathname === SITEMAP_PATH) return snapshot ? { kind: 'sitemap' } : { kind: 'static' };
  if (pathname === FEED_JSON_PATH || pathname === FEED_XML_PATH) {
    return snapshot ? { kind: 'feed', format: pathname === FEED_JSON_PATH ? 'json' : 'xml' } : { kind: 'static' };
  }
  if (pathname.startsWith(`${PREVIEW_BASE}/`)) {
    const target = snapshot ? previewTarget(pathname, snapshot) : null;
    return target ? { kind: 'preview', target, path: pathname } : { kind: 'static' };
  }
  // The shell's router matches its routes in any case: /CHART is /chart, at its one address.
  const lower = pathname.toLowerCase();
  if ((CLIENT_ROUTES as readonly string[]).includes(lower)) return { kind: 'static' };
  if ((PAGE_ROUTES as readonly string[]).includes(lower) && lower !== pathname) return { kind: 'redirect', location: lower };
  // Without data (the database away since the start) a public route is its last page, if any.
  if ((PAGE_ROUTES as readonly string[]).includes(pathname)) return { kind: 'page', key: pathname, status: 200 };
  if (!snapshot) return { kind: 'static' };
  if (lower.startsWith(`${CHART_BASE}/`)) {
    const chart = resolveChart(pathname, snapshot);
    if (chart.kind === 'redirect') return chart;
    if (chart.kind === 'chart') return { kind: 'page', key: chart.path, status: 200, year: { game: chart.game, year: chart.year } };
    if (chart.unknownGame !== undefined) return { kind: 'page', key: UNKNOWN_GAME_KEY, status: 404, slug: chart.unknownGame };
    return { kind: 'page', key: pathname, status: 404, perAddress: true };
  }
  if (extname(pathname) !== '' || pathname.split('/').some((part) => part.startsWith('.')) || isStatic(pathname)) return { kind: 'static' };
  return { kind: 'page', key: NOT_FOUND_KEY, status: 404 };
}

/** The page whose link preview a rendered route shows (`/` and the charts), or null: it has none. */
export function previewOfPage(key: string, snapshot: Snapshot): PreviewTarget | null {
  if (key === '/') return { kind: 'home' };
  if (!key.startsWith(`${CHART_BASE}/`)) return null;
  const chart = resolveChart(key, snapshot);
  return chart.kind === 'chart' ? { kind: 'chart', game: chart.game, year: chart.year } : null;
}

/** Shown to search engines and link previews; the shell's index.html has the same text. */
export const META_DESCRIPTION = 'आज का सट्टा किंग रिज़ल्ट, चार्ट और खाईवाल जानकारी — केवल जानकारी के लिए। Informational only, 18+.';

export const NOT_FOUND_DESCRIPTION = `यह पेज नहीं मिला। This page does not exist – ${SITE_NAME}.`;

/** The URL a page key is rendered for and its head. */
export function describePage(
  key: string,
  snapshot: Snapshot,
  site: { origin: string; titles: Record<string, string>; notFoundTitle: string },
): { url: string; head: PageHead } {
  if (key === NOT_FOUND_KEY) return { url: key, head: { title: site.notFoundTitle, description: NOT_FOUND_DESCRIPTION, canonical: null } };
  if (key === UNKNOWN_GAME_KEY) {
    return {
      url: `${CHART_BASE}/${UNKNOWN_GAME_SENTINEL}`,
      head: { title: CHART_NOT_FOUND_TITLE, description: CHART_NOT_FOUND_TITLE, canonical: null },
    };
  }
  if (key.startsWith(`${CHART_BASE}/`)) {
    const chart = resolveChart(key, snapshot);
    if (chart.kind !== 'chart') {
      return { url: key, head: { title: CHART_NOT_FOUND_TITLE, description: CHART_NOT_FOUND_TITLE, canonical: null } };
    }
    const { game, year } = chart;
    const canonical = site.origin + chartPath(game, year);
    const description = chartDescription(game, year);
    return {
      url: key,
      head: {
        title: chartDocumentTitle(game, year),
        description,
        canonical,
        structuredData: chartDataset({
          game,
          year,
          url: canonical,
          description,
          lastResult: spanOf(snapshot, game).last,
          todayKey: snapshot.todayKey,
        }),
      },
    };
  }
  return {
    url: key,
    head: { title: site.titles[key] ?? site.titles['/'] ?? SITE_NAME, description: META_DESCRIPTION, canonical: site.origin + key },
  };
}
