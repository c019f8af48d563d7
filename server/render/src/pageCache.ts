import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RenderedPage } from './renderPage.ts';
import { planInputs, type PagePlan } from './plan.ts';
import type { Snapshot } from './snapshot.ts';

/** A response body kept with its compressed forms and its ETag, so a request costs no work. */
export interface StoredBody {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** When the data it was made from was received. */
  dataAt: number;
}

/** One rendered route, with its plan. */
export interface StoredPage extends StoredBody {
  /** What was decided about it (status, address, head, preview, Cache-Control): it is answered by this. */
  plan: PagePlan;
  /** The cache keys of the data it read. */
  keys: string[];
  /**
   * JSON of the data it read, the day it was rendered for and its plan (a compact cache keeps
   * its hash): equal means no re-render.
   */
  inputs: string;
  /** The cache's generation it was rendered in: an older one is rendered again (new code). */
  generation: number;
  /** When it was last found current (Date.now()). */
  checkedAt: number;
}

export interface PageCacheOptions {
  /**
   * At most `limit` pages besides the `pinned` routes, the least recently asked for dropped
   * first (chart pages of this year, and not-found pages per address).
   */
  bound?: { limit: number; pinned: readonly string[] };
  /**
   * Keep each page as small as it can be: its compressed bodies only (a client that accepts
   * neither gets the gzip body inflated) and a hash of its inputs, not the data itself. For the
   * many pages that rarely change (the charts of finished years: a few KB each).
   */
  compact?: boolean;
}

const EMPTY = Buffer.alloc(0);

/** How a page is made: its plan (once per page and snapshot), then its render from that plan. */
export interface PageMaker {
  plan(route: string, snapshot: Snapshot): PagePlan;
  render(plan: PagePlan, snapshot: Snapshot): RenderedPage;
}

/**
 * Rendered pages by route. A route is rendered again only when what it read changed: its
 * inputs are the cache entries its widgets were served (plus the day) and its plan (its head,
 * whose preview address names the data the image draws), so a new khaiwal re-renders /contact
 * and /, not /chart. Each look at a page against a new snapshot makes its plan once.
 */
export class PageCache {
  private readonly pages = new Map<string, StoredPage>();
  /**
   * The snapshot each page was last found current for: the same snapshot needs no new look. Held
   * weakly: a page not asked for again must not keep an old snapshot, and the chart years it
   * held, in memory.
   */
  private readonly checked = new Map<string, WeakRef<Snapshot>>();
  /** Renders done so far (the tests count them). */
  renders = 0;
  private generation = 0;

  /**
   * `bound`: at most `limit` pages besides the `pinned` routes, the least recently asked for
   * dropped first (chart pages: one per game and year, and not-found pages per address).
   */
  private readonly bound: PageCacheOptions['bound'];

  constructor(
    private readonly maker: PageMaker,
    private readonly options: PageCacheOptions = {},
  ) {
    this.bound = options.bound;
  }

  /** The page kept for `route`, as it is: no look at the data, no render. */
  peek(route: string): StoredPage | null {
    return this.pages.get(route) ?? null;
  }

  /** Whether `page` was rendered by the current code (no remote redeployed since). */
  isCurrent(page: StoredPage): boolean {
    return page.generation === this.generation;
  }

  /** The kept pages' sizes: how many, and their bytes (bodies kept, compressed or not). */
  get bytes(): number {
    let total = 0;
    for (const page of this.pages.values()) total += page.body.length + page.gzip.length + page.br.length + page.inputs.length;
    return total;
  }

  /** Every kept page whose route `matches` is looked at again on its next request. */
  recheck(matches: (route: string) => boolean): void {
    for (const [route, page] of this.pages) {
      if (!matches(route)) continue;
      page.checkedAt = 0;
      this.checked.delete(route);
    }
  }

  /** How many pages are kept. */
  get size(): number {
    return this.pages.size;
  }

  /**
   * Every page is out of date (a remote's server bundle changed): each is rendered again when
   * next asked for, and meanwhile kept for when there is no data to render from.
   */
  invalidate(): void {
    this.generation += 1;
  }

  /** The page for `route` from `snapshot`, rendered only if its inputs changed; null before any data. */
  get(route: string, snapshot: Snapshot | null): StoredPage | null {
    const stored = this.pages.get(route) ?? null;
    if (stored && this.bound && !this.bound.pinned.includes(route)) {
      // Most recently used last: Map keeps insertion order.
      this.pages.delete(route);
      this.pages.set(route, stored);
    }
    if (!snapshot) return stored;
    const current = stored !== null && stored.generation === this.generation;
    if (current && this.checked.get(route)?.deref() === snapshot) return stored;
    const plan = this.maker.plan(route, snapshot);
    if (stored && current && stored.inputs === this.inputsOf(stored.keys, plan, snapshot)) {
      this.checked.set(route, new WeakRef(snapshot));
      stored.checkedAt = Date.now();
      return stored;
    }
    return this.rendered(route, plan, snapshot, stored);
  }

  /** `plan` rendered and kept in place of `stored` (kept as it is when the render throws). */
  private rendered(route: string, plan: PagePlan, snapshot: Snapshot, stored: StoredPage | null): StoredPage | null {
    let page: RenderedPage;
    try {
      page = this.maker.render(plan, snapshot);
    } catch (error) {
      // A widget that throws must not take the site down: the last page, or the static shell.
      console.error(`render: ${route} failed`, error);
      return stored;
    }
    this.renders += 1;
    const keys = Object.keys(page.data);
    const fresh: StoredPage = {
      ...storedBody(page.html, snapshot.at, this.options.compact),
      plan,
      keys,
      inputs: this.inputsOf(keys, plan, snapshot),
      generation: this.generation,
      checkedAt: Date.now(),
    };
    if (stored) retire(stored);
    this.pages.set(route, fresh);
    this.checked.set(route, new WeakRef(snapshot));
    this.evict();
    return fresh;
  }

  private inputsOf(keys: string[], plan: PagePlan, snapshot: Snapshot): string {
    const inputs = inputsOf(keys, snapshot, planInputs(plan));
    return this.options.compact ? createHash('sha256').update(inputs).digest('base64url') : inputs;
  }

  private evict(): void {
    if (!this.bound) return;
    const { limit, pinned } = this.bound;
    const unpinned = [...this.pages.keys()].filter((route) => !pinned.includes(route));
    for (const route of unpinned.slice(0, Math.max(0, unpinned.length - limit))) {
      const page = this.pages.get(route);
      if (page) retire(page);
      this.pages.delete(route);
      this.checked.delete(route);
    }
  }
}

/**
 * How long a body must stay current before its smaller brotli copy is made. Results are often
 * published in a burst, each replacing the pages; a copy made meanwhile would be thrown away, and
 * on a small machine it takes the CPU from rendering the next result.
 */
export const SMALLER_BROTLI_AFTER_MS = 1000;

/** The timers of the smaller brotli copies not made yet. */
const smallerBrotli = new WeakMap<StoredBody, NodeJS.Timeout>();

/**
 * `text` compressed both ways. Brotli at quality 5 now (about 2 ms for the home page) so that a
 * new result is served at once; the smaller quality-11 copy (30-100 ms) replaces it off the
 * request path, once the body has stayed current for SMALLER_BROTLI_AFTER_MS (see retire).
 */
export function storedBody(text: string, dataAt: number, compact = false): StoredBody {
  const body = Buffer.from(text);
  const stored: StoredBody = {
    // A compact body is served compressed; a client that accepts neither gets it inflated.
    body: compact ? EMPTY : body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    dataAt,
  };
  const timer = setTimeout(() => {
    smallerBrotli.delete(stored);
    brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }, (error, smaller) => {
      if (!error && smaller.length < stored.br.length) stored.br = smaller;
    });
  }, SMALLER_BROTLI_AFTER_MS);
  timer.unref();
  smallerBrotli.set(stored, timer);
  return stored;
}

/** `stored` is no longer served (a newer body replaced it): its smaller copy is not made. */
export function retire(stored: StoredBody): void {
  clearTimeout(smallerBrotli.get(stored));
  smallerBrotli.delete(stored);
}

/** What a page read, re-read from a snapshot (and its plan): equal strings mean an equal page. */
function inputsOf(keys: string[], snapshot: Snapshot, plan: unknown): string {
  return JSON.stringify({ keys, day: snapshot.todayKey, values: keys.map((key) => snapshot.entries[key]), plan });
}
