import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
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
  /**
   * At most this many bytes of pages (their bodies, compressed or not, and inputs) besides the
   * pinned routes: past it the least recently asked for go first. Memory is bounded by what is
   * held, not by how many pages a site has (a compact chart is about 30 KB, a full one 125 KB).
   */
  maxBytes?: number;
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

  /** The kept pages' bytes (bodies kept, compressed or not, and their inputs). */
  get bytes(): number {
    let total = 0;
    for (const page of this.pages.values()) total += bytesOf(page);
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
    const look = this.look(route, snapshot);
    if (look.kind === 'kept') return look.page;
    const rendered = this.render(route, look.plan, look.snapshot);
    return rendered ? this.keep(route, look, storedBody(rendered.html, look.snapshot.at, this.options.compact), rendered) : look.stored;
  }

  /**
   * As `get`, but a new render's bodies are compressed on libuv's pool, off the event loop (a
   * chart's gzip and brotli took as long as its render): requests for kept pages are answered
   * meanwhile. The callers make one such look at a time (RenderTurns).
   */
  async getAsync(route: string, snapshot: Snapshot | null): Promise<StoredPage | null> {
    const look = this.look(route, snapshot);
    if (look.kind === 'kept') return look.page;
    const rendered = this.render(route, look.plan, look.snapshot);
    if (!rendered) return look.stored;
    const body = await storedBodyOffLoop(rendered.html, look.snapshot.at, this.options.compact);
    return this.keep(route, look, body, rendered);
  }

  /** The kept page when it stands for `snapshot`, else the plan to render it from. */
  private look(route: string, snapshot: Snapshot | null): Look {
    const stored = this.pages.get(route) ?? null;
    if (stored && !this.bound?.pinned.includes(route)) {
      // Most recently used last: Map keeps insertion order.
      this.pages.delete(route);
      this.pages.set(route, stored);
    }
    if (!snapshot) return { kind: 'kept', page: stored };
    const current = stored !== null && stored.generation === this.generation;
    if (current && this.checked.get(route)?.deref() === snapshot) return { kind: 'kept', page: stored };
    const plan = this.maker.plan(route, snapshot);
    if (stored && current && stored.inputs === this.inputsOf(stored.keys, plan, snapshot)) {
      this.checked.set(route, new WeakRef(snapshot));
      stored.checkedAt = Date.now();
      return { kind: 'kept', page: stored };
    }
    return { kind: 'render', plan, snapshot, stored };
  }

  /** `plan` rendered, or null when the render throws (the last page, or none, is kept as it is). */
  private render(route: string, plan: PagePlan, snapshot: Snapshot): RenderedPage | null {
    try {
      const page = this.maker.render(plan, snapshot);
      this.renders += 1;
      return page;
    } catch (error) {
      // A widget that throws must not take the site down: the last page, or the static shell.
      console.error(`render: ${route} failed`, error);
      return null;
    }
  }

  /** A new render kept in place of the page `look` found. */
  private keep(route: string, look: Extract<Look, { kind: 'render' }>, body: StoredBody, page: RenderedPage): StoredPage {
    const keys = Object.keys(page.data);
    const fresh: StoredPage = {
      ...body,
      plan: look.plan,
      keys,
      inputs: this.inputsOf(keys, look.plan, look.snapshot),
      generation: this.generation,
      checkedAt: Date.now(),
    };
    const replaced = this.pages.get(route);
    if (replaced) retire(replaced);
    this.pages.delete(route);
    this.pages.set(route, fresh);
    this.checked.set(route, new WeakRef(look.snapshot));
    this.evict();
    return fresh;
  }

  private inputsOf(keys: string[], plan: PagePlan, snapshot: Snapshot): string {
    const inputs = inputsOf(keys, snapshot, planInputs(plan));
    return this.options.compact ? createHash('sha256').update(inputs).digest('base64url') : inputs;
  }

  /** Past the bound (pages, or bytes), the least recently asked for unpinned pages go. */
  private evict(): void {
    const { maxBytes } = this.options;
    if (!this.bound && maxBytes === undefined) return;
    const pinned = this.bound?.pinned ?? [];
    const unpinned = [...this.pages].filter(([route]) => !pinned.includes(route));
    let excess = this.bound ? Math.max(0, unpinned.length - this.bound.limit) : 0;
    let bytes = maxBytes === undefined ? 0 : unpinned.reduce((sum, [, page]) => sum + bytesOf(page), 0);
    for (const [route, page] of unpinned) {
      // The page just kept (the last) stays, however large.
      if (page === unpinned.at(-1)?.[1]) break;
      if (excess <= 0 && (maxBytes === undefined || bytes <= maxBytes)) break;
      retire(page);
      this.pages.delete(route);
      this.checked.delete(route);
      excess -= 1;
      bytes -= bytesOf(page);
    }
  }
}

/** What a look at a page found: the page as it stands, or the plan to render it from. */
type Look = { kind: 'kept'; page: StoredPage | null } | { kind: 'render'; plan: PagePlan; snapshot: Snapshot; stored: StoredPage | null };

/** What a kept page costs: its bodies (compressed or not) and its inputs. */
const bytesOf = (page: StoredPage) => page.body.length + page.gzip.length + page.br.length + page.inputs.length;

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
 * new result is served at once; the smaller quality-11 copy (30-130 ms of CPU for a page) replaces
 * it off the request path, once the body has stayed current for SMALLER_BROTLI_AFTER_MS (see
 * retire). A compact body (a finished year's chart) gets no such copy: a crawler renders each of
 * hundreds once, the quality-11 copy cost four times its render (125 ms of CPU against about 30
 * for a 68 KB chart, on the one CPU the service has) to save 3 KB of a page a CDN keeps an hour.
 */
export function storedBody(text: string, dataAt: number, compact = false): StoredBody {
  const body = Buffer.from(text);
  const stored: StoredBody = {
    // A compact body is served compressed; a client that accepts neither gets it inflated.
    body: compact ? EMPTY : body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: brotliParams(body, 5) }),
    etag: etagOf(body),
    dataAt,
  };
  if (compact) return stored;
  const timer = setTimeout(() => {
    smallerBrotli.delete(stored);
    brotliCompress(body, { params: brotliParams(body, 11) }, (error, smaller) => {
      if (!error && smaller.length < stored.br.length) stored.br = smaller;
    });
  }, SMALLER_BROTLI_AFTER_MS);
  timer.unref();
  smallerBrotli.set(stored, timer);
  return stored;
}

const gzipOffLoop = promisify(gzip);
const brotliOffLoop = promisify(brotliCompress);

/** As storedBody, compressed on libuv's pool (both forms at once), off the event loop. */
export async function storedBodyOffLoop(text: string, dataAt: number, compact = false): Promise<StoredBody> {
  if (!compact) return storedBody(text, dataAt, compact);
  const body = Buffer.from(text);
  const [gzipped, br] = await Promise.all([gzipOffLoop(body, { level: 9 }), brotliOffLoop(body, { params: brotliParams(body, 5) })]);
  return { body: EMPTY, gzip: gzipped, br, etag: etagOf(body), dataAt };
}

/**
 * Brotli at `quality`, its window no larger than the body needs: the default 4 MB window made
 * every compression on libuv's pool allocate (and glibc's per-thread arenas keep) several MB.
 */
function brotliParams(body: Buffer, quality: number): Record<number, number> {
  const lgwin = Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length + 1))));
  return {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [constants.BROTLI_PARAM_LGWIN]: lgwin,
  };
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** `stored` is no longer served (a newer body replaced it): its smaller copy is not made. */
export function retire(stored: StoredBody): void {
  clearTimeout(smallerBrotli.get(stored));
  smallerBrotli.delete(stored);
}

/** What a page read, re-read from a snapshot (and its plan): equal strings mean an equal page. */
function inputsOf(keys: string[], snapshot: Snapshot, plan: unknown): string {
  return JSON.stringify({ keys, day: snapshot.todayKey, values: keys.map((key) => snapshot.entries[key]), plan });
}
