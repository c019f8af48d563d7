import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import type { RuntimeConfig } from '../../shared/data/config.ts';
import { SECURITY_HEADERS, cacheControl, contentSecurityPolicy, inlineScriptHashes } from './headers.ts';

/**
 * A small static server standing in for Firebase Hosting on one machine: several folders
 * mounted at URL prefixes, history fallback to the root mount's index.html for client routes,
 * CORS so a remote can be served to a shell on another origin, and /config.json from memory.
 * Every response carries the security headers of headers.ts, with a CSP built from that config.
 */
export interface HostingOptions {
  host?: string;
  port: number;
  /** URL prefix -> folder; '/' is the shell and gets the history fallback. */
  mounts: Record<string, string>;
  /** Served at /config.json when given (runtime configuration of the local stack); the CSP
   * allows the origins it names. */
  config?: RuntimeConfig;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface HostingHandler {
  /** Answers one request as the static host does (the render service passes non-pages here). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The Content-Security-Policy of a page with these inline script hashes. */
  policy(scriptHashes?: readonly string[]): string;
}

export function createHostingHandler(options: Omit<HostingOptions, 'port' | 'host'>): HostingHandler {
  const mounts = Object.entries(options.mounts)
    .map(([prefix, dir]) => [prefix.replace(/\/+$/, ''), resolve(dir)] as const)
    .sort((a, b) => b[0].length - a[0].length);
  const configBody = options.config === undefined ? undefined : JSON.stringify(options.config);
  // Pages get the same policy plus the hashes of their own inline scripts (see sendFile).
  const policy = (scriptHashes: readonly string[] = []) => contentSecurityPolicy(options.config, scriptHashes);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', policy());
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return res.end();
    }
    const pathname = decodePath(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname === null) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      return res.end('Bad request');
    }
    // Dotfiles and dot-folders (.build-stamp, .vite/manifest.json, .env, .git) are build or tool
    // state, never part of the site; firebase.json leaves them out of a deploy the same way.
    if (pathname.split('/').some((segment) => segment.startsWith('.'))) return notFound(res);
    if (pathname === '/config.json' && configBody !== undefined) {
      return send(req, res, Buffer.from(configBody), '.json', 'no-cache');
    }
    for (const [prefix, dir] of mounts) {
      if (prefix !== '' && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) continue;
      const rel = normalize(pathname.slice(prefix.length) || '/');
      const file = join(dir, rel);
      if (file !== dir && !file.startsWith(dir + sep)) break;
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isFile()) return sendFile(req, res, file, pathname);
      if (stat?.isDirectory()) {
        const index = join(file, 'index.html');
        if (await fs.stat(index).catch(() => null)) return sendFile(req, res, index, pathname);
      }
      // Client routes of the shell fall back to index.html; a missing asset is a plain 404.
      if (prefix === '' && !extname(rel)) return sendFile(req, res, join(dir, 'index.html'), pathname);
      break;
    }
    notFound(res);
  }

  async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, urlPath: string) {
    const ext = extname(file);
    res.setHeader('Cache-Control', cacheControl(urlPath));
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    if (ext === '.html') {
      // Read whole (pages are small) to allow exactly the inline scripts this page has.
      const html = await fs.readFile(file);
      res.setHeader('Content-Security-Policy', policy(inlineScriptHashes(html.toString('utf8'))));
      return sendBody(req, res, html);
    }
    if (req.method === 'HEAD') {
      res.writeHead(200);
      return res.end();
    }
    // The file can vanish between stat and read (an app being rebuilt): fail that one response
    // instead of crashing the server with an unhandled stream error.
    const stream = createReadStream(file).on('error', (error) => {
      console.error(`hosting: could not read ${file}:`, error.message);
      res.destroy();
    });
    if (COMPRESSIBLE.has(ext) && acceptsGzip(req)) {
      res.writeHead(200, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      stream.pipe(createGzip()).pipe(res);
    } else {
      res.writeHead(200);
      stream.pipe(res);
    }
  }

  return { handle: async (req, res) => void (await handle(req, res)), policy };
}

export async function startHosting(options: HostingOptions): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const { handle } = createHostingHandler(options);
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('hosting:', error);
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
    port,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** The decoded path, or null for a malformed percent-escape (`/%zz`, a cut UTF-8 sequence). */
function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('Not found');
}

function sendBody(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  if (req.method === 'HEAD') {
    res.writeHead(200);
    return res.end();
  }
  if (acceptsGzip(req)) {
    res.writeHead(200, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    return res.end(gzipSync(body));
  }
  res.writeHead(200);
  res.end(body);
}

function send(req: IncomingMessage, res: ServerResponse, body: Buffer, ext: string, cache: string) {
  res.writeHead(200, { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': cache });
  res.end(req.method === 'HEAD' ? undefined : body);
}
