import { extname } from 'node:path';
import { CHART_BASE } from '@satta/shared/domain/chartUrls';
import { CLIENT_ONLY_PATHS, PUBLIC_PATHS } from '@satta/shared/domain/routes';
import { yearOf, type Snapshot } from './snapshot.ts';
import { escapeHtml } from './seo.ts';
import { FEED_JSON_PATH, FEED_XML_PATH } from './feeds.ts';
import { PREVIEW_BASE, previewTarget, type PreviewTarget } from './linkPreview.ts';
import type { DecideChart } from './chartDecision.ts';

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
/** The address the unknown game's page is rendered for. */
export const UNKNOWN_GAME_PATH = `${CHART_BASE}/${UNKNOWN_GAME_SENTINEL}`;

/** The not-found page of an unknown game with `slug` (as the address has it) in place of the sentinel. */
export function withSlug(html: string, slug: string): string {
  return html.split(UNKNOWN_GAME_SENTINEL).join(escapeHtml(slug));
}

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

/** Whether `year` is over in the site's time zone (the snapshot's day): its chart is a finished year's. */
export const isFinishedYear = (year: number, snapshot: Snapshot): boolean => year < yearOf(snapshot);

/** How the render service answers one GET or HEAD: what a request asks for, sorted once. */
export type Answer =
  | {
      kind: 'page';
      key: string;
      status: 200 | 404;
      year?: { game: string; year: number };
      /** A chart of a year that is over: kept compactly, every one (finishedYears), with a long Cache-Control. */
      finished?: true;
      /** The unknown game's page (UNKNOWN_GAME_KEY): the slug to put in. */
      slug?: string;
      /** A chart not-found page of its own address (an unknown year, a malformed address): rendered in turn, not kept with the site's pages. */
      perAddress?: true;
    }
  | { kind: 'redirect'; location: string }
  /** /sitemap.xml (`part` absent), or one part of it past SITEMAP_URL_LIMIT addresses (/sitemap-2.xml). */
  | { kind: 'sitemap'; part?: number }
  | { kind: 'robots' }
  | { kind: 'feed'; format: 'json' | 'xml' }
  /** A page's link-preview image (`path`: as asked; the current one may have another hash). */
  | { kind: 'preview'; target: PreviewTarget; path: string }
  /** The static host: files, /config.json, client-only routes, or no data to render from yet. */
  | { kind: 'static' };

/**
 * Sorts a request. `isStatic` tells whether the static host has something at an extensionless
 * path (a folder with an index.html, a mounted prefix); every other extensionless path that is
 * no route of the site is the shell's not-found page, with 404. A chart address is answered as
 * mf-chart decides it (`decide`); without its decision, by the static host.
 */
export function classify(
  pathname: string,
  snapshot: Snapshot | null,
  isStatic: (pathname: string) => boolean,
  decide: DecideChart,
): Answer {
  if (pathname === ROBOTS_PATH) return { kind: 'robots' };
  if (pathname === SITEMAP_PATH) return snapshot ? { kind: 'sitemap' } : { kind: 'static' };
  const sitemapPart = /^\/sitemap-([1-9]\d{0,5})\.xml$/.exec(pathname);
  if (sitemapPart) return snapshot ? { kind: 'sitemap', part: Number(sitemapPart[1]) } : { kind: 'static' };
  if (pathname === FEED_JSON_PATH || pathname === FEED_XML_PATH) {
    return snapshot ? { kind: 'feed', format: pathname === FEED_JSON_PATH ? 'json' : 'xml' } : { kind: 'static' };
  }
  if (pathname.startsWith(`${PREVIEW_BASE}/`)) {
    const target = snapshot ? previewTarget(pathname, snapshot, decide) : null;
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
    const page = decide(pathname, snapshot);
    // mf-chart's server bundle not loaded: the static shell, whose ChartPage decides in the browser.
    if (!page) return { kind: 'static' };
    if (page.kind === 'chart') {
      if (page.canonicalRedirect !== undefined) return { kind: 'redirect', location: page.canonicalRedirect };
      const finished = isFinishedYear(page.year, snapshot) ? { finished: true as const } : {};
      return { kind: 'page', key: pathname, status: page.status, year: { game: page.game, year: page.year }, ...finished };
    }
    if (page.kind === 'not-found' && page.reason.kind === 'unknown-game') {
      return { kind: 'page', key: UNKNOWN_GAME_KEY, status: page.status, slug: page.reason.slug };
    }
    // An unknown year, a malformed address (and anything else under /chart/ that is no chart).
    return { kind: 'page', key: pathname, status: 404, perAddress: true };
  }
  if (extname(pathname) !== '' || pathname.split('/').some((part) => part.startsWith('.')) || isStatic(pathname)) return { kind: 'static' };
  return { kind: 'page', key: NOT_FOUND_KEY, status: 404 };
}
