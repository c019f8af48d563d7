import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '@satta/shared/data';
import { DEFAULT_TIMEZONE } from '@satta/shared/domain/siteTime';
import { inlineScriptHashes } from '../../hosting/headers.ts';
import type { ConnectionPolicy } from '../../hosting/connections.ts';
import { createHostingHandler } from '../../hosting/serve.ts';
import type { ShellServerBundle } from './bundles.ts';
import type { ChartDecisions } from './chartDecision.ts';
import { FeedStore } from './feedStore.ts';
import { holdings, holdingsLine, type Holdings } from './holdings.ts';
import { RenderHandlers } from './handlers.ts';
import { listen, type Listening } from './listen.ts';
import type { PageCache } from './pageCache.ts';
import { Prewarmer } from './prewarm.ts';
import { PreviewImages } from './previewImages.ts';
import { RemoteChecks } from './remoteChecks.ts';
import type { RenderData } from './renderData.ts';
import { renderPage } from './renderPage.tsx';
import { SitePages } from './sitePages.ts';
import { RemoteWidgets } from './widgets.ts';

export { PAGE_ROUTES } from './routing.ts';
export { FINISHED_YEAR_CACHE_CONTROL, PAGE_CACHE_CONTROL } from './plan.ts';
export { FINISHED_YEAR_RECHECK_MS } from './finishedYears.ts';
export { HEALTH_PATH, PREVIEW_FIRST_WAIT_MS, PREVIEW_STALE_CACHE_CONTROL, PREVIEW_WAIT_MS, READY_PATH } from './handlers.ts';
export type { RenderData } from './renderData.ts';

/*
 * The render service put together (issue 38, point 3): the shell's template and server bundle,
 * the remotes' server bundles, the site's pages (sitePages.ts: each request sorted once, each
 * page planned once and kept with its plan), the handlers that answer from them (handlers.ts),
 * the warm loop (prewarm.ts), the check for redeployed remotes (remoteChecks.ts) and the guarded
 * server (listen.ts).
 */

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
  /** How often (ms) a line of what the service holds is logged (0 or absent: never); see holdings(). */
  memoryLogMs?: number;
  /** SVG -> PNG of the link-preview images (default: resvg off the event loop); tests count the renders. */
  drawPreview?: (svg: string) => Promise<Buffer>;
}

export interface RenderServer {
  url: string;
  port: number;
  pages: PageCache;
  /** The charts of finished years, kept compactly (their compressed bytes). */
  finishedYears: PageCache;
  /** The link-preview images (`/og/...`), each rendered once per page and data. */
  previews: PreviewImages;
  /** mf-chart's decisions about the chart addresses, each made once per change of its facts. */
  decisions: ChartDecisions;
  /** What the service holds now: each store's count and bytes, and the process's memory. */
  holdings(): Holdings;
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
  let listening: Listening | null = null;
  // The site's public origin; without one (a local run) the service's own URL, once it listens.
  const origin = () => (options.site ?? listening?.url ?? '').replace(/\/+$/, '');
  const timezone = options.config.timezone ?? DEFAULT_TIMEZONE;
  const previews = new PreviewImages({ timezone, ...(options.drawPreview ? { draw: options.drawPreview } : {}) });
  const site = new SitePages({
    data: options.data,
    render: (plan, snapshot) =>
      renderPage({ template, shell, widgets: remotes.lookup, url: plan.url, head: plan.head, snapshot, config: options.config }),
    pageHead: shell.pageHead,
    // A chart address is what mf-chart decides (its server bundle's decideChartPage), for its page,
    // its head and its link preview alike; without a loaded mf-chart the static host answers it.
    decider: () => remotes.chartDecider(),
    origin,
    previews,
    isStatic: (pathname) => staticPath(options.mounts, pathname),
    ...(options.pageLimit === undefined ? {} : { pageLimit: options.pageLimit }),
    ...(options.finishedYearRecheckMs === undefined ? {} : { finishedYearRecheckMs: options.finishedYearRecheckMs }),
  });
  const handlers = new RenderHandlers({
    data: options.data,
    site,
    previews,
    feeds: new FeedStore(origin),
    hosting,
    origin,
    // Every page's Content-Security-Policy allows the inline scripts of the shell's template, the
    // only ones the service writes, and nothing found in a rendered page: if escaping ever failed
    // and a widget's output held a <script>, the browser would refuse to run it.
    pagePolicy: hosting.policy(inlineScriptHashes(template)),
    draining: () => listening?.draining ?? false,
  });
  const remoteChecks = new RemoteChecks(remotes, () => site.invalidate(), options.remoteCheckMs);
  const server = await listen((req, res) => handlers.answer(req, res), options);
  listening = server;
  // Once the service knows its own URL (the origin of a local run's pages).
  const prewarm = new Prewarmer(options.data, (route, snapshot) => site.warm(route, snapshot), options.prerenderMs);
  const held = () => {
    const loadedYears = (options.data as { loadedYears?: number }).loadedYears;
    return holdings({
      pages: { count: site.pages.size, bytes: site.pages.bytes },
      finishedYears: { count: site.finishedYears.pages.size, bytes: site.finishedYears.pages.bytes },
      previews: previews.held,
      ...(loadedYears === undefined ? {} : { liveYears: { count: loadedYears, bytes: 0 } }),
    });
  };
  const memoryLog = options.memoryLogMs ? setInterval(() => console.log(holdingsLine(held())), options.memoryLogMs) : null;
  memoryLog?.unref();
  const stopTimers = () => {
    remoteChecks.stop();
    prewarm.stop();
    if (memoryLog) clearInterval(memoryLog);
  };
  return {
    url: server.url,
    port: server.port,
    pages: site.pages,
    finishedYears: site.finishedYears.pages,
    previews,
    decisions: site.decisions,
    holdings: held,
    checkRemotes: () => remoteChecks.check(),
    close: () => (stopTimers(), server.close()),
    drain: (graceMs) => (stopTimers(), server.drain(graceMs)),
  };
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
