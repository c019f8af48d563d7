import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { SECURITY_HEADERS } from '../../hosting/headers.ts';
import { PREVIEW_CACHE_CONTROL } from './linkPreview.ts';
import type { StoredBody, StoredPage } from './pageCache.ts';
import type { StoredImage } from './previewImages.ts';

/*
 * How the render service writes an answer: every one with the static host's security headers, a
 * kept body as the client accepts it (brotli, gzip, plain) with its ETag (304 on If-None-Match),
 * nothing but the headers for HEAD.
 */

const secured = (res: ServerResponse) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
};

/** Whether the request's If-None-Match names `etag`. */
const matches = (req: IncomingMessage, etag: string) =>
  String(req.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .includes(etag);

export function sendHealth(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function sendText(req: IncomingMessage, res: ServerResponse, text: string, type: string, cacheControl: string): void {
  secured(res);
  const body = Buffer.from(text);
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function sendRedirect(res: ServerResponse, status: 301 | 302, location: string, cacheControl: string): void {
  secured(res);
  res.writeHead(status, { Location: location, 'Cache-Control': cacheControl });
  res.end();
}

/** Nothing to give yet (a link preview never drawn, the queue full): a retry later. */
export function sendRetryLater(res: ServerResponse): void {
  secured(res);
  res.writeHead(503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
  res.end();
}

/** A link-preview PNG: 304 for a matching If-None-Match, else the image (PNG is compressed already). */
export function sendImage(req: IncomingMessage, res: ServerResponse, image: StoredImage, cacheControl = PREVIEW_CACHE_CONTROL): void {
  secured(res);
  res.setHeader('Content-Type', 'image/png');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', image.etag);
  res.setHeader('Last-Modified', new Date(image.dataAt).toUTCString());
  if (matches(req, image.etag)) {
    res.writeHead(304);
    return void res.end();
  }
  res.setHeader('Content-Length', image.png.length);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : image.png);
}

/** A page made for this request alone (not kept, the unknown game's with its slug): sent as it is, uncompressed. */
export function sendHtml(req: IncomingMessage, res: ServerResponse, html: string, page: StoredPage, policy: string): void {
  secured(res);
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', page.plan.cacheControl);
  const body = Buffer.from(html, 'utf8');
  res.setHeader('Content-Length', body.length);
  res.writeHead(page.plan.status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A kept page, with the status and Cache-Control of its plan. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, policy: string): void {
  const { status, cacheControl } = page.plan;
  sendStored(req, res, page, { type: 'text/html; charset=utf-8', cacheControl, status, policy });
}

/** A kept body: 304 for a matching If-None-Match, else brotli, gzip or plain as the client accepts. */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: StoredBody,
  options: { type: string; cacheControl: string; status?: 200 | 404; policy?: string },
): void {
  const status = options.status ?? 200;
  secured(res);
  if (options.policy) res.setHeader('Content-Security-Policy', options.policy);
  res.setHeader('Content-Type', options.type);
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('ETag', stored.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  // When the data is from: the last data received, also while the database cannot be reached.
  res.setHeader('Last-Modified', new Date(stored.dataAt).toUTCString());
  if (status === 200 && matches(req, stored.etag)) {
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
