import type { ShellServerBundle } from './bundles.ts';
import { ChartDecisions, type ChartDecider } from './chartDecision.ts';
import { FinishedYears } from './finishedYears.ts';
import { PageCache, type PageMaker, type StoredPage } from './pageCache.ts';
import { planPage, type PagePlan } from './plan.ts';
import type { PreviewImages } from './previewImages.ts';
import type { RenderData } from './renderData.ts';
import type { RenderedPage } from './renderPage.tsx';
import { RenderTurns } from './renderTurns.ts';
import { NOT_FOUND_KEY, PAGE_ROUTES, UNKNOWN_GAME_KEY, classify, type Answer } from './routing.ts';
import type { Snapshot } from './snapshot.ts';

/** The chart not-found pages kept per address. */
const NOT_FOUND_PAGE_LIMIT = 16;

/** A request sorted as a page. */
export type PageAnswer = Extract<Answer, { kind: 'page' }>;

export interface SitePagesOptions {
  data: RenderData;
  /** A page from its plan: the shell's frame and the remotes' widgets (renderPage). */
  render: (plan: PagePlan, snapshot: Snapshot) => RenderedPage;
  pageHead: ShellServerBundle['pageHead'];
  /** mf-chart's decision of the release loaded now (RemoteWidgets.chartDecider). */
  decider: () => ChartDecider;
  origin: () => string;
  previews: PreviewImages;
  /** Whether the static host has something at an extensionless path. */
  isStatic: (pathname: string) => boolean;
  /** This year's chart pages and not-found pages kept besides the public routes (default 100). */
  pageLimit?: number;
  finishedYearRecheckMs?: number;
}

/**
 * The site's pages: each request sorted once (routing.ts), each page planned once per snapshot
 * (plan.ts) and kept with its plan in the store its kind goes to: `pages` (the public routes,
 * this year's charts, the shared not-found pages), `finishedYears` (every chart of a year that is
 * over, compactly) and the few not-found pages of their own address, rendered in turn.
 */
export class SitePages {
  readonly decisions: ChartDecisions;
  readonly pages: PageCache;
  readonly finishedYears: FinishedYears;
  /**
   * The chart not-found pages of their own address (an unknown year of a game, a malformed
   * address): kept apart, a few, so that no flood of them pushes a real page out of `pages`, and
   * rendered in turn. Past the queue, the shell's not-found page (rendered once) answers.
   */
  private readonly notFoundPages: PageCache;
  private readonly turns = new RenderTurns();

  constructor(private readonly options: SitePagesOptions) {
    this.decisions = new ChartDecisions(options.decider, options.origin);
    const maker: PageMaker = { plan: (key, snapshot) => this.plan(key, snapshot), render: options.render };
    const pinned = [...PAGE_ROUTES, NOT_FOUND_KEY, UNKNOWN_GAME_KEY];
    this.pages = new PageCache(maker, { bound: { limit: options.pageLimit ?? 100, pinned } });
    this.notFoundPages = new PageCache(maker, { bound: { limit: NOT_FOUND_PAGE_LIMIT, pinned: [] } });
    this.finishedYears = new FinishedYears(maker, options.data, this.turns, options.finishedYearRecheckMs);
  }

  /** What a request for `pathname` asks for, against the data now. */
  sort(pathname: string): Answer {
    return classify(pathname, this.options.data.snapshot, this.options.isStatic, this.decisions.decide);
  }

  /** The plan of page `key` from `snapshot`: its head, status, preview and Cache-Control. */
  plan(key: string, snapshot: Snapshot): PagePlan {
    const { origin, pageHead, previews } = this.options;
    return planPage(key, snapshot, {
      origin,
      pageHead,
      decide: this.decisions.decide,
      describePreview: (target, from) => previews.describe(target, from),
    });
  }

  /** The kept page a sorted request is answered with, from the newest data; null: the static host answers. */
  async page(found: PageAnswer): Promise<StoredPage | null> {
    const { data } = this.options;
    // The unknown game's one page (its slug is put in by the handler).
    if (found.slug !== undefined) return this.pages.get(found.key, data.snapshot);
    if (found.perAddress) {
      const snapshot = data.snapshot;
      return (await this.turns.inTurn(() => this.notFoundPages.get(found.key, snapshot))) ?? this.pages.get(NOT_FOUND_KEY, snapshot);
    }
    if (found.finished && found.year) return this.finishedYears.page(found.key, found.year);
    // A chart's year is loaded on its first request and kept live; until it is there the last page stands.
    const loaded = found.year && data.loadYear ? await data.loadYear(found.year.game, found.year.year) : true;
    return (loaded ? null : this.pages.get(found.key, null)) ?? this.pages.get(found.key, data.snapshot);
  }

  /** The always-kept page `route` from `snapshot` (rendered ahead of requests). */
  warm(route: string, snapshot: Snapshot): void {
    this.pages.get(route, snapshot);
  }

  /** Every page out of date (a remote's new release: its widgets and, for mf-chart, its decisions). */
  invalidate(): void {
    this.pages.invalidate();
    this.notFoundPages.invalidate();
    this.finishedYears.pages.invalidate();
  }
}
