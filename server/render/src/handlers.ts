import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostingHandler } from '../../hosting/serve.ts';
import { FEED_CACHE_CONTROL, FEED_JSON_TYPE, FEED_XML_TYPE } from './feeds.ts';
import type { FeedStore } from './feedStore.ts';
import { PREVIEW_REDIRECT_CACHE_CONTROL } from './linkPreview.ts';
import type { PreviewImages } from './previewImages.ts';
import type { RenderData } from './renderData.ts';
import { PAGE_ROUTES, withSlug, type Answer } from './routing.ts';
import { REDIRECT_CACHE_CONTROL, ROBOTS_CACHE_CONTROL, SITEMAP_CACHE_CONTROL, robotsTxt, sitemapFile } from './seo.ts';
import { sendHealth, sendHtml, sendImage, sendPage, sendRedirect, sendRetryLater, sendStored, sendText } from './send.ts';
import type { PageAnswer, SitePages } from './sitePages.ts';

/** Liveness (the process answers) and readiness (data loaded, database reachable), for Cloud Run's probes. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/**
 * How long an image request waits for its drawing before it gets the page's last image; one for
 * a page never drawn (nothing else to give) waits its turn, up to PREVIEW_FIRST_WAIT_MS, then a retry.
 */
export const PREVIEW_WAIT_MS = 800;
export const PREVIEW_FIRST_WAIT_MS = 10_000;
/** A page's last image while its current one is drawn: no cache keeps it under the new address. */
export const PREVIEW_STALE_CACHE_CONTROL = 'no-store';

export interface HandlerDeps {
  data: RenderData;
  site: SitePages;
  previews: PreviewImages;
  feeds: FeedStore;
  /** The static host: files, /config.json, client-only routes, and whatever has no data yet. */
  hosting: HostingHandler;
  origin: () => string;
  /** Every page's Content-Security-Policy (the template's inline scripts only). */
  pagePolicy: string;
  /** Whether the service is stopping (each answer then closes its connection). */
  draining: () => boolean;
}

type PreviewAnswer = Extract<Answer, { kind: 'preview' }>;

/**
 * The requests of the render service, each sorted once (SitePages.sort) and answered by the
 * handler of its kind from what is kept: a page with its plan, a feed, a preview image.
 */
export class RenderHandlers {
  constructor(private readonly deps: HandlerDeps) {}

  /** One request: GET and HEAD of the site's own addresses here, everything else the static host's. */
  async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { deps } = this;
    if (deps.draining()) res.setHeader('Connection', 'close');
    if (req.method !== 'GET' && req.method !== 'HEAD') return deps.hosting.handle(req, res);
    const url = new URL(req.url ?? '/', 'http://x');
    const pathname = url.pathname.replace(/(.)\/+$/, '$1');
    if (pathname === HEALTH_PATH || pathname === READY_PATH) return this.health(res, pathname);
    const found = deps.site.sort(pathname);
    // No query string makes new work, here or in a CDN (each distinct one is its own entry there):
    // the site's own addresses have none, so one answers a redirect to the address without it.
    if (url.search !== '' && found.kind !== 'static') {
      return sendRedirect(res, 301, found.kind === 'redirect' ? found.location : pathname, REDIRECT_CACHE_CONTROL);
    }
    switch (found.kind) {
      case 'robots':
        return sendText(req, res, robotsTxt(deps.origin()), 'text/plain; charset=utf-8', ROBOTS_CACHE_CONTROL);
      case 'sitemap':
        return this.sitemap(req, res, found.part ?? null);
      case 'feed':
        return this.feed(req, res, found.format);
      case 'preview':
        return this.preview(req, res, found);
      case 'redirect':
        return sendRedirect(res, 301, found.location, REDIRECT_CACHE_CONTROL);
      case 'page':
        return this.page(req, res, found);
      default:
        return deps.hosting.handle(req, res);
    }
  }

  private health(res: ServerResponse, pathname: string): void {
    if (pathname === HEALTH_PATH) return sendHealth(res, 200, { ok: true });
    const { data } = this.deps;
    const problem = this.deps.draining()
      ? 'stopping'
      : !data.snapshot
        ? 'no data yet'
        : data.connected === false
          ? 'database unreachable'
          : null;
    sendHealth(res, problem ? 503 : 200, problem ? { ok: false, reason: problem } : { ok: true });
  }

  private async sitemap(req: IncomingMessage, res: ServerResponse, part: number | null): Promise<void> {
    const snapshot = this.deps.data.snapshot;
    const xml = snapshot ? sitemapFile(snapshot, this.deps.origin(), PAGE_ROUTES, part) : null;
    if (xml === null) return this.deps.hosting.handle(req, res);
    sendText(req, res, xml, 'application/xml; charset=utf-8', SITEMAP_CACHE_CONTROL);
  }

  private async feed(req: IncomingMessage, res: ServerResponse, format: 'json' | 'xml'): Promise<void> {
    const snapshot = this.deps.data.snapshot;
    if (!snapshot) return this.deps.hosting.handle(req, res);
    const feed = this.deps.feeds.feed(snapshot, format);
    sendStored(req, res, feed, { type: format === 'json' ? FEED_JSON_TYPE : FEED_XML_TYPE, cacheControl: FEED_CACHE_CONTROL });
  }

  /** A page from its store, answered with its plan's status and Cache-Control. */
  private async page(req: IncomingMessage, res: ServerResponse, found: PageAnswer): Promise<void> {
    const page = await this.deps.site.page(found);
    // No data yet (a cold start without the database): the static shell, which loads it itself.
    if (!page) return this.deps.hosting.handle(req, res);
    if (found.slug !== undefined) return sendHtml(req, res, withSlug(page.body.toString('utf8'), found.slug), page, this.deps.pagePolicy);
    sendPage(req, res, page, this.deps.pagePolicy);
  }

  /** A link-preview image: the current one, a redirect to it, the last one while it is drawn, or a retry. */
  private async preview(req: IncomingMessage, res: ServerResponse, found: PreviewAnswer): Promise<void> {
    const { data, previews } = this.deps;
    // A chart's year is brought into memory as for its page; the image is drawn from the newest snapshot.
    if (found.target.kind === 'chart' && data.loadYear) await data.loadYear(found.target.game, found.target.year);
    const current = data.snapshot;
    if (!current) return this.deps.hosting.handle(req, res);
    const preview = previews.describe(found.target, current);
    // An older image's address (or another spelling of the game) leads to the current image.
    if (preview.path !== found.path) return sendRedirect(res, 302, preview.path, PREVIEW_REDIRECT_CACHE_CONTROL);
    // A request that has gone stops waiting for its image (and the drawing is dropped if nobody waits).
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const answer = await previews.answer(preview, current, {
      waitMs: PREVIEW_WAIT_MS,
      firstWaitMs: PREVIEW_FIRST_WAIT_MS,
      signal: gone.signal,
    });
    if (answer.kind === 'current') return sendImage(req, res, answer.image);
    // Not drawn in time (many asked at once, or the drawing failed): the page's last image, kept
    // by no cache, else a retry later. The next request finds the new one drawn.
    if (answer.kind === 'stale') return sendImage(req, res, answer.image, PREVIEW_STALE_CACHE_CONTROL);
    sendRetryLater(res);
  }
}
