import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';

/**
 * A small static server standing in for Firebase Hosting on one machine: several folders
 * mounted at URL prefixes, history fallback to the root mount's index.html for client routes,
 * CORS so a remote can be served to a shell on another origin, and /config.json from memory.
 */
export interface HostingOptions {
  host?: string;
  port: number;
  /** URL prefix -> folder; '/' is the shell and gets the history fallback. */
  mounts: Record<string, string>;
  /** Served at /config.json when given (runtime configuration of the local stack). */
  config?: unknown;
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

export async function startHosting(options: HostingOptions): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const mounts = Object.entries(options.mounts)
    .map(([prefix, dir]) => [prefix.replace(/\/+$/, ''), resolve(dir)] as const)
    .sort((a, b) => b[0].length - a[0].length);
  const configBody = options.config === undefined ? undefined : JSON.stringify(options.config);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('hosting:', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return res.end();
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname === '/config.json' && configBody !== undefined) {
      return send(req, res, Buffer.from(configBody), '.json', 'no-cache');
    }
    for (const [prefix, dir] of mounts) {
      if (prefix !== '' && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) continue;
      const rel = normalize(pathname.slice(prefix.length) || '/');
      const file = join(dir, rel);
      if (file !== dir && !file.startsWith(dir + sep)) break;
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isFile()) return sendFile(req, res, file);
      if (stat?.isDirectory()) {
        const index = join(file, 'index.html');
        if (await fs.stat(index).catch(() => null)) return sendFile(req, res, index);
      }
      // Client routes of the shell fall back to index.html; a missing asset is a plain 404.
      if (prefix === '' && !extname(rel)) return sendFile(req, res, join(dir, 'index.html'));
      break;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host ?? '127.0.0.1', () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    }),
  };
}

function cacheControl(file: string): string {
  // Hashed build assets are immutable; entry points must always be revalidated.
  return /[-.][A-Za-z0-9_]{8,}\.(js|css|woff2?)$/.test(file) && !file.endsWith('remoteEntry.js')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string) {
  const ext = extname(file);
  res.setHeader('Cache-Control', cacheControl(file));
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  if (req.method === 'HEAD') {
    res.writeHead(200);
    return res.end();
  }
  const compressible = ['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map'].includes(ext);
  // The file can vanish between stat and read (an app being rebuilt): fail that one response
  // instead of crashing the server with an unhandled stream error.
  const stream = createReadStream(file).on('error', (error) => {
    console.error(`hosting: could not read ${file}:`, error.message);
    res.destroy();
  });
  if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.writeHead(200, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    stream.pipe(createGzip()).pipe(res);
  } else {
    res.writeHead(200);
    stream.pipe(res);
  }
}

function send(req: IncomingMessage, res: ServerResponse, body: Buffer, ext: string, cache: string) {
  res.writeHead(200, { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': cache });
  res.end(req.method === 'HEAD' ? undefined : body);
}
