import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { cacheKeys, type RuntimeConfig } from '@satta/shared/data';
import { DEFAULT_TIMEZONE } from '@satta/shared/domain/siteTime';
import { SECURITY_HEADERS, inlineScriptHashes } from '../../hosting/headers.ts';
import { connectionPolicy, createGuardedServer, type ConnectionPolicy } from '../../hosting/connections.ts';
import { createHostingHandler } from '../../hosting/serve.ts';
import { logRequest, logsRequests } from '../../log/log.ts';
import { PageCache, storedBody, type StoredBody, type StoredPage } from './pageCache.ts';
import { FEED_CACHE_CONTROL, FEED_JSON_TYPE, FEED_XML_TYPE, feedEntries, feedLinks, jsonFeed, rssFeed } from './feeds.ts';
import { renderPage } from './renderPage.tsx';
import { RemoteWidgets } from './widgets.ts';
import type { ShellServerBundle } from './bundles.ts';
import type { Snapshot } from './snapshot.ts';
import { NOT_FOUND_KEY, PAGE_ROUTES, UNKNOWN_GAME_KEY, classify, describePage, previewOfPage, withSlug } from './routing.ts';
import { PREVIEW_CACHE_CONTROL, PREVIEW_HEIGHT, PREVIEW_REDIRECT_CACHE_CONTROL, PREVIEW_WIDTH } from './linkPreview.ts';
import { PreviewImages, type StoredImage } from './previewImages.ts';
import { REDIRECT_CACHE_CONTROL, ROBOTS_CACHE_CONTROL, SITEMAP_CACHE_CONTROL, robotsTxt, sitemapFile } from './seo.ts';

export { PAGE_ROUTES } from './routing.ts';

/** Edge caches keep a page 10 s and may serve it 60 s more while fetching the next one. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

export interface RenderOptions {
  host?: string;
  port: number;
  /** As the static host: URL prefix -> folder; '/' is the built shell (with its server/ bundle). */
  mounts: Record<string, string>;
  config: RuntimeConfig;
  /**
   * The site's public origin (https://…, no path): where remotes on its own paths are fetched
   * when not mounted, and the origin of the pages' canonical addresses, the sitemap and
   * robots.txt. Without it (a local run) the service's own URL is the site.
   */
  site?: string;
  /** The in-memory data: the live listeners, or a fixed source in tests. */
  data: RenderData;
  /** This year's chart pages and not-found pages kept rendered besides the public routes (least recently asked for go first). */
  pageLimit?: number;
  /** How long a finished year's chart is served as it is before it is looked at again (ms; tests). */
  finishedYearRecheckMs?: number;
  /**
   * How often the remotes' server bundles are checked for a redeploy (ms; 0: never). A changed
   * bundle is loaded and every page rendered again with it.
   */
  remoteCheckMs?: number;
  /**
   * Whether (and, ms, how often) the public pages are rendered ahead of requests for a new
   * snapshot, so a published result is in the HTML before it is asked for (0: never). A data
   * source with `onSnapshot` has them rendered as soon as it has a new snapshot; the timer looks
   * for one that came otherwise (a data source without it, as in tests).
   */
  prerenderMs?: number;
  /**
   * What is done with connections that do not speak, and how many are held (connections.ts);
   * default: from the environment (`HTTP_*`), 10 s to a first request, 620 s idle.
   */
  connections?: ConnectionPolicy;
  /** SVG -> PNG of the link-preview images (default: resvg off the event loop); tests count the renders. */
  drawPreview?: (svg: string) => Promise<Buffer>;
}

export interface RenderData {
  snapshot: Snapshot | null;
  /**
   * Brings one game's year into the snapshot (and keeps it live for a while); resolves true
   * once it is there, false when it could not be had in time. Without it the snapshot holds
   * the years there are (a fixed snapshot in tests).
   */
  loadYear?(game: string, year: number): Promise<boolean>;
  /** Calls `watcher` after each new snapshot; returns the function that stops the calls. */
  onSnapshot?(watcher: () => void): () => void;
  /** Whether the database connection is up now (absent: a fixed source, always reachable). */
  readonly connected?: boolean;
}

export interface RenderServer {
  url: string;
  port: number;
  pages: PageCache;
  /** The charts of finished years, kept compactly (their compressed bytes). */
  finishedYears: PageCache;
  /** The link-preview images (`/og/...`), each rendered once per page and data. */
  previews: PreviewImages;
  /** Checks the remotes' server bundles for a redeploy now (as the timer does). */
  checkRemotes(): Promise<void>;
  /** Stops at once, dropping the connections (tests). */
  close(): Promise<void>;
  /**
   * Stops as on SIGTERM: refuses new connections, lets the requests under way finish (closing
   * each connection when its answer is sent), and drops what is left after `graceMs`.
   */
  drain(graceMs: number): Promise<void>;
}

/**
 * The site's front server: the public routes rendered with the remotes' server widgets,
 * everything else (assets, /remotes/..., /config.json, /sw.js, client-only routes) answered by
 * the static host's handler, with the same security headers.
 */
export async function startRender(options: RenderOptions): Promise<RenderServer> {
  const shellDir = options.mounts['/'];
  if (!shellDir) throw new Error('render: no shell mounted at /');
  const template = readFileSync(join(shellDir, 'index.html'), 'utf8');
  const shell = (await import(pathToFileURL(join(shellDir, 'server/widgets.mjs')).href)) as ShellServerBundle;
  const remotes = new RemoteWidgets(options.config.remotes ?? {}, options.mounts, options.site);
  await remotes.load();
  const hosting = createHostingHandler({ mounts: options.mounts, config: options.config });
  const timezone = options.config.timezone ?? DEFAULT_TIMEZONE;
  let selfUrl = '';
  const origin = () => (options.site ?? selfUrl).replace(/\/+$/, '');
  const previews = new PreviewImages({ timezone, ...(options.drawPreview ? { draw: options.drawPreview } : {}) });
  // A chart address is what mf-chart decides (its server bundle's decideChartPage), for its page,
  // its head and its link preview alike; without a loaded mf-chart the static host answers it.
  const decider = () => remotes.chartDecider();
  /** The current preview of a page (`/` and the charts), whose address its head names. */
  const previewOf = (route: string, snapshot: Snapshot) => {
    const target = previewOfPage(route, snapshot, decider());
    return target ? previews.describe(target, snapshot) : null;
  };
  const render = (route: string, snapshot: Snapshot) => {
    const { url, head } = describePage(route, snapshot, { origin: origin(), pageHead: shell.pageHead }, decider());
    const preview = previewOf(route, snapshot);
    return renderPage({
      template,
      shell,
      widgets: remotes.lookup,
      url,
      head: {
        ...head,
        alternates: feedLinks(origin()),
        ...(preview ? { image: { url: origin() + preview.path, alt: preview.alt, width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT } } : {}),
      },
      snapshot,
      config: options.config,
    });
  };
  // A page is rendered again when its preview's address changes (a number it draws changed).
  const extraInputs = (route: string, snapshot: Snapshot) => previewOf(route, snapshot)?.path ?? null;
  const pages = new PageCache(render, {
    bound: { limit: options.pageLimit ?? 100, pinned: [...PAGE_ROUTES, NOT_FOUND_KEY, UNKNOWN_GAME_KEY] },
    extraInputs,
  });
  // The charts of finished years: every one kept, compactly (its compressed bytes and a hash of
  // what it read, a few KB), rendered once per change of its data. Such a page is served as it is
  // until it is looked at again: after FINISHED_YEAR_RECHECK_MS, or at once after a correction
  // (its year is then loaded, and the page rendered again only if what it read changed).
  const finishedYears = new PageCache(render, { extraInputs, compact: true });
  let correctionsSeen: { value: unknown; json: string } | null = null;
  const finishedYearPage = async (key: string, year: { game: string; year: number }): Promise<StoredPage | null> => {
    const snapshot = options.data.snapshot;
    if (!snapshot) return finishedYears.peek(key);
    const corrections = snapshot.entries[cacheKeys.corrections];
    if (corrections !== correctionsSeen?.value) {
      // A correction may be of any past day: each finished year is looked at again when next asked
      // for. Compared by content: the same list read again (a new day's window) changes nothing.
      const json = JSON.stringify(corrections ?? null);
      if (correctionsSeen !== null && json !== correctionsSeen.json) finishedYears.recheck(() => true);
      correctionsSeen = { value: corrections, json };
    }
    const stored = finishedYears.peek(key);
    if (
      stored &&
      finishedYears.isCurrent(stored) &&
      Date.now() - stored.checkedAt < (options.finishedYearRecheckMs ?? FINISHED_YEAR_RECHECK_MS)
    ) {
      return stored;
    }
    return inTurn(async () => {
      const loaded = options.data.loadYear ? await options.data.loadYear(year.game, year.year) : true;
      return loaded ? finishedYears.get(key, options.data.snapshot) : (stored ?? null);
    }, stored);
  };
  // The chart not-found pages of their own address (an unknown year of a game, a malformed
  // address): kept apart, a few, so that no flood of them pushes a real page out of `pages`, and
  // rendered one per turn of the event loop with a bounded queue, so that cached pages are
  // answered between them. Past the bound, the shell's not-found page (rendered once) answers.
  const notFoundPages = new PageCache(render, { bound: { limit: NOT_FOUND_PAGE_LIMIT, pinned: [] } });
  // The renders that may wait (not-found pages, finished years): one per turn of the event loop,
  // so that pages kept in memory are answered between them; past RENDER_QUEUE waiting, `busy`
  // answers at once (a stale page, or none).
  let renderTurn: Promise<unknown> = Promise.resolve();
  let rendersWaiting = 0;
  const inTurn = (
    work: () => StoredPage | null | Promise<StoredPage | null>,
    busy: StoredPage | null = null,
  ): Promise<StoredPage | null> => {
    if (rendersWaiting >= RENDER_QUEUE) return Promise.resolve(busy);
    rendersWaiting += 1;
    const done = renderTurn.then(
      () => new Promise<StoredPage | null>((ok, fail) => setImmediate(() => Promise.resolve().then(work).then(ok, fail))),
    );
    renderTurn = done.catch(() => undefined);
    return done.finally(() => (rendersWaiting -= 1));
  };
  // Every page's Content-Security-Policy allows the inline scripts of the shell's template, the
  // only ones the service writes, and nothing found in a rendered page: if escaping ever failed
  // and a widget's output held a <script>, the browser would refuse to run it.
  const pagePolicy = hosting.policy(inlineScriptHashes(template));
  const isStatic = (pathname: string) => staticPath(options.mounts, pathname);
  // Both feeds of a snapshot, made on the first request for either: a snapshot is never changed, only replaced.
  const feeds = new WeakMap<Snapshot, { json: StoredBody; xml: StoredBody }>();
  const feedsOf = (snapshot: Snapshot) => {
    let made = feeds.get(snapshot);
    if (!made) {
      const entries = feedEntries(snapshot);
      made = { json: storedBody(jsonFeed(entries, origin()), snapshot.at), xml: storedBody(rssFeed(entries, origin()), snapshot.at) };
      feeds.set(snapshot, made);
    }
    return made;
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (draining) res.setHeader('Connection', 'close');
    if (req.method !== 'GET' && req.method !== 'HEAD') return hosting.handle(req, res);
    const url = new URL(req.url ?? '/', 'http://x');
    const pathname = url.pathname.replace(/(.)\/+$/, '$1');
    if (pathname === HEALTH_PATH) return sendHealth(res, 200, { ok: true });
    if (pathname === READY_PATH) {
      const problem = draining
        ? 'stopping'
        : !options.data.snapshot
          ? 'no data yet'
          : options.data.connected === false
            ? 'database unreachable'
            : null;
      return sendHealth(res, problem ? 503 : 200, problem ? { ok: false, reason: problem } : { ok: true });
    }
    const found = classify(pathname, options.data.snapshot, isStatic, decider());
    // No query string makes new work, here or in a CDN (each distinct one is its own entry there):
    // the site's own addresses have none, so one answers a redirect to the address without it.
    if (url.search !== '' && found.kind !== 'static') {
      return sendRedirect(res, 301, found.kind === 'redirect' ? found.location : pathname, REDIRECT_CACHE_CONTROL);
    }
    if (found.kind === 'robots') return sendText(req, res, robotsTxt(origin()), 'text/plain; charset=utf-8', ROBOTS_CACHE_CONTROL);
    const snapshot = options.data.snapshot;
    if (found.kind === 'sitemap' && snapshot) {
      const xml = sitemapFile(snapshot, origin(), PAGE_ROUTES, found.part ?? null);
      if (xml === null) return hosting.handle(req, res);
      return sendText(req, res, xml, 'application/xml; charset=utf-8', SITEMAP_CACHE_CONTROL);
    }
    if (found.kind === 'feed' && snapshot) {
      const feed = feedsOf(snapshot)[found.format];
      return sendStored(req, res, feed, {
        type: found.format === 'json' ? FEED_JSON_TYPE : FEED_XML_TYPE,
        cacheControl: FEED_CACHE_CONTROL,
      });
    }
    if (found.kind === 'preview') {
      // A chart's year is brought into memory as for its page; the image is drawn from the newest snapshot.
      if (found.target.kind === 'chart' && options.data.loadYear) await options.data.loadYear(found.target.game, found.target.year);
      const current = options.data.snapshot;
      if (!current) return hosting.handle(req, res);
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
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      res.writeHead(503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
      return void res.end();
    }
    if (found.kind === 'redirect') {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      res.writeHead(301, { Location: found.location, 'Cache-Control': REDIRECT_CACHE_CONTROL });
      return void res.end();
    }
    if (found.kind !== 'page') return hosting.handle(req, res);
    if (found.slug !== undefined) {
      const page = pages.get(found.key, options.data.snapshot);
      if (!page) return hosting.handle(req, res);
      return sendHtml(req, res, withSlug(page.body.toString('utf8'), found.slug), pagePolicy, 404);
    }
    if (found.perAddress) {
      const snapshot = options.data.snapshot;
      const page = (await inTurn(() => notFoundPages.get(found.key, snapshot))) ?? pages.get(NOT_FOUND_KEY, snapshot);
      if (!page) return hosting.handle(req, res);
      return sendPage(req, res, page, pagePolicy, 404);
    }
    if (found.year && found.status === 200 && isFinished(found.year.year, options.data.snapshot)) {
      const page = await finishedYearPage(found.key, found.year);
      if (!page) return hosting.handle(req, res);
      return sendStored(req, res, page, {
        type: 'text/html; charset=utf-8',
        cacheControl: FINISHED_YEAR_CACHE_CONTROL,
        policy: pagePolicy,
      });
    }
    // A chart's year is loaded on its first request and kept live; until it is there the last page stands.
    const loaded = found.year && options.data.loadYear ? await options.data.loadYear(found.year.game, found.year.year) : true;
    const page = (loaded ? null : pages.get(found.key, null)) ?? pages.get(found.key, options.data.snapshot);
    // No data yet (a cold start without the database): the static shell, which loads it itself.
    if (!page) return hosting.handle(req, res);
    sendPage(req, res, page, pagePolicy, found.status);
  }

  // A new snapshot (a published result) renders the always-kept pages at once, before anyone
  // asks: the first request after a result then costs no render. One page per turn of the event
  // loop, `/` first: a request waiting meanwhile is answered as soon as its page is ready, not
  // after the whole set. One write may make several snapshots in a row; the pages are looked at
  // for the last one, and a snapshot that comes while they are being rendered starts them over.
  let warmed: Snapshot | null = null;
  let warmQueue: string[] = [];
  let warmScheduled: NodeJS.Immediate | null = null;
  const warmNext = () => {
    warmScheduled = null;
    const snapshot = options.data.snapshot;
    if (!snapshot) return;
    if (snapshot !== warmed) {
      warmed = snapshot;
      warmQueue = [...PAGE_ROUTES];
    }
    const route = warmQueue.shift();
    if (route === undefined) return;
    pages.get(route, snapshot);
    if (warmQueue.length > 0) warm();
  };
  const warm = () => {
    warmScheduled ??= setImmediate(warmNext);
  };
  const stopWatching = options.prerenderMs ? options.data.onSnapshot?.(warm) : undefined;
  const warmTimer = options.prerenderMs
    ? setInterval(() => {
        if (options.data.snapshot && options.data.snapshot !== warmed) warm();
      }, options.prerenderMs)
    : null;
  warmTimer?.unref();

  let checking: Promise<unknown> = Promise.resolve();
  const checkRemotes = () => {
    checking = checking.then(async () => {
      const before = remotes.version;
      await remotes.load();
      // Its widgets and, for mf-chart, its decisions about the chart addresses: every page again.
      if (remotes.version !== before) {
        pages.invalidate();
        notFoundPages.invalidate();
        finishedYears.invalidate();
      }
    });
  };
  const checkTimer = options.remoteCheckMs ? setInterval(checkRemotes, options.remoteCheckMs) : null;
  checkTimer?.unref();

  let draining = false;
  const { server } = createGuardedServer(
    (req, res) => {
      const started = performance.now();
      if (logsRequests())
        res.once('finish', () =>
          logRequest('render', {
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            status: res.statusCode,
            ms: performance.now() - started,
            headers: req.headers,
            remoteIp: req.socket.remoteAddress,
            responseSize: Number(res.getHeader('content-length') ?? 0) || undefined,
          }),
        );
      answer(req, res).catch((error: unknown) => {
        console.error('render:', error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    },
    options.connections ?? connectionPolicy(),
    (line) => console.warn(`render: ${line}`),
  );
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host ?? '127.0.0.1', () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  selfUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const stopTimers = () => {
    if (checkTimer) clearInterval(checkTimer);
    if (warmTimer) clearInterval(warmTimer);
    if (warmScheduled) clearImmediate(warmScheduled);
    stopWatching?.();
  };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    pages,
    finishedYears,
    previews,
    checkRemotes: async () => {
      checkRemotes();
      await checking;
    },
    close: () =>
      new Promise<void>((ok) => {
        stopTimers();
        server.closeAllConnections();
        server.close(() => ok());
      }),
    drain: (graceMs) =>
      new Promise<void>((ok) => {
        draining = true;
        stopTimers();
        // A kept-alive connection is closed as soon as it has no request under way.
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(force);
          ok();
        });
        server.closeIdleConnections();
      }),
  };
}

/** Liveness (the process answers) and readiness (data loaded, database reachable), for Cloud Run's probes. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

function sendHealth(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Whether the static host has something at an extensionless path: a mounted prefix, a folder with an index.html. */
function staticPath(mounts: Record<string, string>, pathname: string): boolean {
  for (const [prefix, dir] of Object.entries(mounts)) {
    const base = prefix.replace(/\/+$/, '');
    if (base !== '' && pathname !== base && !pathname.startsWith(`${base}/`)) continue;
    if (base !== '') return true;
    const root = resolve(dir);
    const folder = resolve(root, `.${pathname}`);
    if ((folder === root || folder.startsWith(root + sep)) && existsSync(join(folder, 'index.html'))) return true;
  }
  return false;
}

function sendText(req: IncomingMessage, res: ServerResponse, text: string, type: string, cacheControl: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  const body = Buffer.from(text);
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendRedirect(res: ServerResponse, status: 301 | 302, location: string, cacheControl: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.writeHead(status, { Location: location, 'Cache-Control': cacheControl });
  res.end();
}

/** A link-preview PNG: 304 for a matching If-None-Match, else the image (PNG is compressed already). */
function sendImage(req: IncomingMessage, res: ServerResponse, image: StoredImage, cacheControl = PREVIEW_CACHE_CONTROL): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'image/png');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', image.etag);
  res.setHeader('Last-Modified', new Date(image.dataAt).toUTCString());
  const tags = String(req.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes(image.etag)) {
    res.writeHead(304);
    return void res.end();
  }
  res.setHeader('Content-Length', image.png.length);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : image.png);
}

/**
 * How long an image request waits for its drawing before it gets the page's last image; one for
 * a page never drawn (nothing else to give) waits its turn, up to PREVIEW_FIRST_WAIT_MS, then a retry.
 */
export const PREVIEW_WAIT_MS = 800;
export const PREVIEW_FIRST_WAIT_MS = 10_000;
/** A page's last image while its current one is drawn: no cache keeps it under the new address. */
export const PREVIEW_STALE_CACHE_CONTROL = 'no-store';

/** The chart not-found pages kept per address, and how many renders may wait for their turn. */
const NOT_FOUND_PAGE_LIMIT = 16;
const RENDER_QUEUE = 32;

/**
 * A finished year's chart changes only by a correction or an import of old results. Edge caches
 * keep it an hour, browsers ten minutes: a correction reaches a visitor within 70 minutes at most
 * (docs/server-rendering.md); the service itself looks at such a page again after an hour, and at
 * once after a correction it is told of.
 */
export const FINISHED_YEAR_CACHE_CONTROL = 'public, max-age=600, s-maxage=3600';
export const FINISHED_YEAR_RECHECK_MS = 60 * 60 * 1000;

/** Whether `year` is over in the site's time zone (the snapshot's day). */
function isFinished(year: number, snapshot: Snapshot | null): boolean {
  return snapshot !== null && year < Number(snapshot.todayKey.slice(0, 4));
}

/** A page made for this request alone (not kept): sent as it is, uncompressed (no work per request). */
function sendHtml(req: IncomingMessage, res: ServerResponse, html: string, policy: string, status: 404): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
  const body = Buffer.from(html, 'utf8');
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, policy: string, status: 200 | 404 = 200): void {
  sendStored(req, res, page, { type: 'text/html; charset=utf-8', cacheControl: PAGE_CACHE_CONTROL, status, policy });
}

/** A kept body: 304 for a matching If-None-Match, else brotli, gzip or plain as the client accepts. */
function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: StoredBody,
  options: { type: string; cacheControl: string; status?: 200 | 404; policy?: string },
): void {
  const status = options.status ?? 200;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (options.policy) res.setHeader('Content-Security-Policy', options.policy);
  res.setHeader('Content-Type', options.type);
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('ETag', stored.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  // When the data is from: the last data received, also while the database cannot be reached.
  res.setHeader('Last-Modified', new Date(stored.dataAt).toUTCString());
  const tags = String(req.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''));
  if (status === 200 && tags.includes(stored.etag)) {
    res.writeHead(304);
    return void res.end();
  }
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepted)
    ? ['br', stored.br]
    : /\bgzip\b/.test(accepted)
      ? ['gzip', stored.gzip]
      : // A compact body is kept compressed only.
        [null, stored.body.length > 0 ? stored.body : gunzipSync(stored.gzip)];
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(req.method === 'HEAD' ? undefined : body);
}
