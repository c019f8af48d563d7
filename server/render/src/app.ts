import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '@satta/shared/data';
import { SECURITY_HEADERS, inlineScriptHashes } from '../../hosting/headers.ts';
import { createHostingHandler } from '../../hosting/serve.ts';
import { PageCache, type StoredPage } from './pageCache.ts';
import { renderPage } from './renderPage.tsx';
import { RemoteWidgets } from './widgets.ts';
import type { ShellServerBundle } from './bundles.ts';
import type { Snapshot } from './snapshot.ts';

/** The routes rendered on the server: the public pages. /signin and /dashboard stay client-only. */
export const PAGE_ROUTES = ['/', '/chart', '/contact', '/lucky-number'] as const;

/** Edge caches keep a page 10 s and may serve it 60 s more while fetching the next one. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

export interface RenderOptions {
  host?: string;
  port: number;
  /** As the static host: URL prefix -> folder; '/' is the built shell (with its server/ bundle). */
  mounts: Record<string, string>;
  config: RuntimeConfig;
  /** The site's public origin, where remotes on its own paths are fetched when not mounted. */
  site?: string;
  /** The in-memory data: the live listeners, or a fixed source in tests. */
  data: { snapshot: Snapshot | null };
}

export interface RenderServer {
  url: string;
  port: number;
  pages: PageCache;
  close(): Promise<void>;
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
  const timezone = options.config.timezone ?? 'Asia/Kolkata';
  const pages = new PageCache((route, snapshot) =>
    renderPage({ template, shell, widgets: remotes.lookup, url: route, snapshot, timezone }),
  );

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname.replace(/(.)\/+$/, '$1');
    const route = (PAGE_ROUTES as readonly string[]).includes(pathname) && (req.method === 'GET' || req.method === 'HEAD') ? pathname : null;
    const page = route === null ? null : pages.get(route, options.data.snapshot);
    // No data yet (a cold start without the database): the static shell, which loads it itself.
    const answer = page ? Promise.resolve(sendPage(req, res, page, hosting.policy(inlineScriptHashes(page.body.toString('utf8'))))) : hosting.handle(req, res);
    answer.catch((error: unknown) => {
      console.error('render:', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host ?? '127.0.0.1', () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    pages,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, policy: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
  res.setHeader('ETag', page.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  // When the data is from: the last data received, also while the database cannot be reached.
  res.setHeader('Last-Modified', new Date(page.dataAt).toUTCString());
  const tags = String(req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes(page.etag)) {
    res.writeHead(304);
    return void res.end();
  }
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepted) ? ['br', page.br] : /\bgzip\b/.test(accepted) ? ['gzip', page.gzip] : [null, page.body];
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : body);
}
