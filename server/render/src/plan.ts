import { CHART_BASE } from '@satta/shared/domain/chartUrls';
import type { ChartHead, ChartPageDecision } from '@satta/shared/domain/chartDecision';
import type { ShellServerBundle } from './bundles.ts';
import type { DecideChart } from './chartDecision.ts';
import { feedLinks } from './feeds.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, type Preview, type PreviewTarget } from './linkPreview.ts';
import { NOT_FOUND_KEY, UNKNOWN_GAME_KEY, UNKNOWN_GAME_PATH, isFinishedYear } from './routing.ts';
import type { PageHead } from './seo.ts';
import type { Snapshot } from './snapshot.ts';

/*
 * A page's plan (issue 38, point 3): everything about a rendered page that is decided rather than
 * rendered, worked out once per page and snapshot and kept with the page (StoredPage.plan): the
 * address it is rendered for, its status, its head (canonical address, structured data, feeds,
 * link-preview image), its preview and its Cache-Control. The render takes it as it is, the
 * page cache compares it to decide a re-render, and a request is answered from the kept plan.
 */

/** Edge caches keep a page 10 s and may serve it 60 s more while fetching the next one. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/**
 * A finished year's chart changes only by a correction or an import of old results. Edge caches
 * keep it an hour, browsers ten minutes: a correction reaches a visitor within 70 minutes at most
 * (docs/server-rendering.md); the service itself looks at such a page again after an hour, and at
 * once after a correction it is told of.
 */
export const FINISHED_YEAR_CACHE_CONTROL = 'public, max-age=600, s-maxage=3600';

/** A page's link preview as its head names it (what the image draws stays with PreviewImages). */
export interface PlannedPreview {
  target: PreviewTarget;
  path: string;
  alt: string;
}

/** One page as it is rendered and answered. */
export interface PagePlan {
  /** The page key (a route, a chart address, NOT_FOUND_KEY, UNKNOWN_GAME_KEY). */
  key: string;
  /** The address the page is rendered for (the unknown game's sentinel address for UNKNOWN_GAME_KEY). */
  url: string;
  status: 200 | 404;
  /** Title, description, canonical address, structured data, the feeds' links and the preview image. */
  head: PageHead;
  /** Its link preview (`/` and the charts), or null. */
  preview: PlannedPreview | null;
  cacheControl: string;
}

/** What a plan is made from: the site's origin, the shell's heads, mf-chart's decisions and the previews. */
export interface PlanSources {
  origin: () => string;
  pageHead: ShellServerBundle['pageHead'];
  decide: DecideChart;
  describePreview: (target: PreviewTarget, snapshot: Snapshot) => Preview;
}

/** What a page is for: the decision about a chart address, or the shell's page (null). */
const isChartKey = (key: string) => key === UNKNOWN_GAME_KEY || key.startsWith(`${CHART_BASE}/`);

/**
 * The plan of page `key` from `snapshot`. A chart address's (the unknown game's page too) is
 * mf-chart's decision's, every other page's the shell's (`pageHead`: its routes, and its
 * not-found page, also for a chart address without mf-chart's decision, which is never rendered
 * then: see classify).
 */
export function planPage(key: string, snapshot: Snapshot, sources: PlanSources): PagePlan {
  const url = key === UNKNOWN_GAME_KEY ? UNKNOWN_GAME_PATH : key;
  const decision = isChartKey(key) ? sources.decide(url, snapshot) : null;
  const chart = decision?.kind === 'chart' ? decision : null;
  const decided = decision?.kind === 'chart' || decision?.kind === 'not-found' ? decision : null;
  const decidedHead: ChartHead = decided ? decided.head : sources.pageHead(isChartKey(key) ? NOT_FOUND_KEY : key);
  const { title, description, canonicalPath, structuredData } = decidedHead;
  const target = previewTargetOf(key, chart);
  const preview = target ? sources.describePreview(target, snapshot) : null;
  const origin = sources.origin();
  return {
    key,
    url,
    status: decided ? decided.status : key === NOT_FOUND_KEY || isChartKey(key) ? 404 : 200,
    head: {
      title,
      description,
      canonical: canonicalPath === null ? null : origin + canonicalPath,
      ...(structuredData ? { structuredData } : {}),
      alternates: feedLinks(origin),
      ...(preview ? { image: { url: origin + preview.path, alt: preview.alt, width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT } } : {}),
    },
    preview: preview ? { target: preview.target, path: preview.path, alt: preview.alt } : null,
    cacheControl: chart && isFinishedYear(chart.year, snapshot) ? FINISHED_YEAR_CACHE_CONTROL : PAGE_CACHE_CONTROL,
  };
}

/** The page whose link preview a page shows: `/`, and a chart at its own address. */
function previewTargetOf(key: string, chart: Extract<ChartPageDecision, { kind: 'chart' }> | null): PreviewTarget | null {
  if (key === '/') return { kind: 'home' };
  return chart && chart.canonicalRedirect === undefined ? { kind: 'chart', game: chart.game, year: chart.year } : null;
}

/** What of a plan decides a re-render (with the data the page read): everything it shows. */
export function planInputs(plan: PagePlan): unknown {
  return { url: plan.url, status: plan.status, head: plan.head };
}
