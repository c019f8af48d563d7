/**
 * The REST API: GET/PUT/PATCH/POST/DELETE on `/<path>.json`, with the same rules, the same durability
 * and the same live notifications as the wire protocol (REST writes reach WebSocket listeners). A GET
 * that accepts `text/event-stream` becomes a stream of the location's changes (rest-stream.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyCredential } from './auth.ts';
import { InvalidDataError, parsePath, parseWritePath, pathToString, type DbPath } from './path.ts';
import { nextPushId } from './push-id.ts';
import { neededIndex, parseRestQuery } from './query.ts';
import type { ClientBudgets } from './message-budget.ts';
import { renderedBytes } from './render-cache.ts';
import type { RestStreams } from './rest-stream.ts';
import type { Render } from './rest-stream-events.ts';
import { ANONYMOUS, type Principal, type WriteScope } from './rules.ts';
import { getChild, toJSON, type DbNode } from './tree.ts';
import { UnknownNamespaceError, type Namespaces } from './namespaces.ts';
import type { Namespace, WriteOutcome } from './namespace.ts';
import { URL_PARAM } from './wire-names.ts';

export interface RestContext {
  namespaces: Namespaces;
  projectId: string;
  defaultNamespace: string;
  streams: RestStreams;
  /** Largest request body accepted (DEFAULT_MAX_BODY_BYTES unless configured). */
  maxBodyBytes: number;
  /** Bytes held for each client that does not read its answers (message-budget.ts). */
  clients: ClientBudgets;
  reportError(line: string): void;
}

/**
 * Firebase's documented limit on "Size of a single write request sent to the database" is 256 MB from
 * the REST API (16 MB from the SDKs, see message-budget.ts):
 * https://firebase.google.com/docs/database/usage/limits (Writes). Read as decimal megabytes, so that
 * this server never accepts a REST write Firebase would refuse.
 */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1000 * 1000;

const BODY_TOO_LARGE = 'Request body too large';
const BODY_INCOMPLETE = 'Request body incomplete';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long a connection answered before its body arrived stays half-closed, unread, before it is destroyed. */
const LINGER_MS = 1000;

/**
 * Closes the connection once `res` is sent, reading nothing more of the request's body. Node ends a
 * `Connection: close` response's connection with `destroySoon`, which destroys it as soon as the
 * answer is out: a client still sending its body then often sees its next write fail (the reset that
 * a close with unread data sends) before it reads the answer. So the connection is only half-closed
 * after the answer and read no more (TCP stops the client once the buffers are full), and destroyed a
 * moment later: time for the client to read the answer, at the cost of one connection (which the
 * connection cap may close for room meanwhile) and kernel buffers, never of reading the body.
 */
function closeAfter(res: ServerResponse): void {
  const socket = res.socket;
  if (socket === null) return;
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
  };
  res.once('finish', () => setTimeout(() => socket.destroy(), LINGER_MS).unref());
}

/**
 * Answers the request. An answer given before the request's body has all arrived (a refusal) closes the
 * connection once sent (`closeAfter`): the rest of the body is never read, into memory or to skip it.
 */
function send(res: ServerResponse, status: number, body: unknown, pretty: boolean, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body, null, pretty ? 2 : undefined);
  const unread = !res.req.complete;
  if (unread) closeAfter(res);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Length': String(Buffer.byteLength(text)),
    ...(unread ? { Connection: 'close' } : {}),
    ...headers,
  });
  res.end(text);
}

/** What a client that leaves its answers unread is told once it holds its budget. */
export const UNREAD_ANSWERS = 'Too much unread data for this client: read the earlier answers first';

/**
 * A read's answer, held for its client until the network takes it: a client already holding its
 * budget in answers and streams it does not read gets a short 503 instead, and the connection closes.
 */
function sendRead(res: ServerResponse, text: Buffer, pretty: boolean, headers: Record<string, string>, clients: ClientBudgets): void {
  const bytes = text.length;
  if (!clients.fits(res, bytes)) return send(res, 503, { error: UNREAD_ANSWERS }, pretty, { 'Retry-After': '5', Connection: 'close' });
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Length': String(bytes),
    ...headers,
  });
  res.end(text);
  clients.hold(res, () => res.writableLength);
}

/**
 * The request body as JSON. A body over `maxBytes` is refused as soon as its Content-Length or the part
 * received says so, and no more of it is read (the answer then closes the connection, see `send`).
 */
function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.reject(new HttpError(413, BODY_TOO_LARGE));
  // Not read yet, so destroyed means the client went away before the end of its body.
  if (req.destroyed) return Promise.reject(new HttpError(400, BODY_INCOMPLETE));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        req.pause();
        chunks.length = 0;
        reject(new HttpError(413, BODY_TOO_LARGE));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      const text = Buffer.concat(chunks, size).toString('utf8');
      chunks.length = 0;
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value."));
      }
    };
    // The client went away before the end of its body: nobody is left to answer.
    const onClose = (): void => {
      stop();
      reject(new HttpError(400, BODY_INCOMPLETE));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}

function dbPathOf(pathname: string): string {
  if (!pathname.endsWith('.json')) throw new HttpError(404, 'Not found: REST paths end in .json');
  try {
    return pathname
      .slice(0, -'.json'.length)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    throw new HttpError(400, 'Invalid path encoding');
  }
}

/**
 * Clients that can only POST name the real method in `x-http-method-override`. Firebase honours it on
 * POST alone: on a GET it would make any link or image tag on any site (CORS allows every origin) a write.
 */
function methodOf(req: IncomingMessage, params: URLSearchParams): string {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'POST') return method;
  return String(req.headers['x-http-method-override'] ?? params.get('x-http-method-override') ?? method).toUpperCase();
}

function credentialOf(req: IncomingMessage, params: URLSearchParams): string | null {
  const fromQuery = params.get('auth') ?? params.get('access_token');
  if (fromQuery !== null) return fromQuery;
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^(?:Bearer|Firebase)\s+(.+)$/i.exec(header.trim());
  return match ? (match[1] as string) : null;
}

/** `?shallow=true`: object children become `true`, primitive children keep their value. */
function shallow(node: DbNode): unknown {
  if (node === null || node.kind === 'leaf') return toJSON(node, false);
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.children) {
    Object.defineProperty(out, key, {
      value: child !== null && child.kind === 'leaf' ? child.value : true,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * Firebase answers REST reads with arrays where the children look like one (integer keys, at
 * least half of 0..max present), as the SDK does for `val()`; stored data stays keyed objects.
 */
export function withArrays(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withArrays(v)] as const);
  let max = -1;
  const arrayLike = entries.every(([k]) => {
    if (!/^(0|[1-9][0-9]{0,9})$/.test(k)) return false;
    max = Math.max(max, Number(k));
    return true;
  });
  if (arrayLike && entries.length > 0 && max < 2 * entries.length) {
    const out: unknown[] = new Array<unknown>(max + 1).fill(null);
    for (const [k, v] of entries) out[Number(k)] = v;
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Which of renderOf's renderings a request's answer is in (the same data gives the same text). */
function renderKeyOf(params: URLSearchParams): string {
  return params.get('format') === 'export' ? 'export' : 'rest';
}

/** JSON of read data: REST arrays, or with `format=export` the stored form with priorities. */
function renderOf(params: URLSearchParams): Render {
  if (params.get('format') === 'export') return (node) => toJSON(node, true);
  return (node) => withArrays(toJSON(node, false));
}

function wantsStream(req: IncomingMessage): boolean {
  return /\btext\/event-stream\b/i.test(req.headers.accept ?? '');
}

function failure(outcome: WriteOutcome): HttpError {
  if (outcome.status === 'permission_denied') return new HttpError(401, 'Permission denied');
  return new HttpError(400, outcome.message);
}

export async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL, ctx: RestContext): Promise<void> {
  const params = url.searchParams;
  const pretty = params.get('print') === 'pretty';
  try {
    const method = methodOf(req, params);
    const rawPath = dbPathOf(url.pathname);
    let principal: Principal = ANONYMOUS;
    let expires: number | null = null;
    const credential = credentialOf(req, params);
    if (credential !== null) {
      const check = verifyCredential(credential, ctx.projectId, Date.now());
      if (!check.ok) throw new HttpError(401, check.reason);
      principal = check.principal;
      expires = check.expires;
    }
    const ns = await ctx.namespaces.get(params.get(URL_PARAM.NAMESPACE) ?? ctx.defaultNamespace, principal);
    const silent = params.get('print') === 'silent';
    const wantsEtag = String(req.headers['x-firebase-etag'] ?? '') === 'true';

    if (method === 'GET') {
      const path = parsePath(rawPath);
      const query = parseRestQuery(params);
      const index = query === null ? null : neededIndex(query);
      if (index !== null && !ns.hasIndex(path, index)) {
        // As Firebase answers: a REST query ordered by a child (or value) needs `.indexOn` in the rules.
        throw new HttpError(400, `Index not defined, add ".indexOn": "${index}", for path "/${pathToString(path)}", to the rules`);
      }
      const streaming = wantsStream(req);
      // A shallow view has no events that would keep it up to date.
      if (streaming && params.get('shallow') === 'true') throw new HttpError(400, 'shallow cannot be streamed');
      const read = ns.read(principal, path, query);
      if (read.status !== 'ok') throw new HttpError(401, 'Permission denied');
      const render = renderOf(params);
      if (streaming) {
        // Pipelined behind a response still going out on its connection (a stream, say), a stream could not
        // start, and would only pile up; an answer keeps Node's own bound on queued responses working.
        if (res.socket === null) throw new HttpError(400, 'A stream cannot be pipelined behind another request');
        return ctx.streams.start(
          res,
          { ns, principal, expires, path, query, render, renderKey: renderKeyOf(params), pretty },
          read.node,
          read.seq,
        );
      }
      const etag = wantsEtag ? { ETag: ns.hashAt(path) || 'null_etag' } : undefined;
      await ns.whenDurable(read.seq);
      if (silent) return send(res, 204, undefined, false, etag);
      const text =
        params.get('shallow') === 'true'
          ? Buffer.from(JSON.stringify(shallow(read.node)))
          : renderedBytes(read.node, `read ${renderKeyOf(params)} ${pretty}`, () =>
              JSON.stringify(render(read.node), null, pretty ? 2 : undefined),
            );
      return sendRead(res, text, pretty, etag ?? {}, ctx.clients);
    }

    let outcome: WriteOutcome;
    let answer: unknown;
    let path: DbPath;
    switch (method) {
      case 'PUT': {
        const target = parseWritePath(rawPath);
        path = target.path;
        // A priority for a node that does not exist is ignored, whoever sends it: only a real write can be refused.
        if (!target.priority || getChild(ns.data, path) !== null) refuseEarly(ns, principal, path, 'node');
        const body = await readJson(req, ctx.maxBodyBytes);
        checkIfMatch(req, ns.hashAt(path));
        outcome = ns.set(principal, path, body, { priorityOnly: target.priority });
        answer = outcome.value ?? null;
        break;
      }
      case 'PATCH': {
        path = parsePath(rawPath);
        refuseEarly(ns, principal, path, 'subtree');
        outcome = ns.update(principal, path, await readJson(req, ctx.maxBodyBytes));
        answer = outcome.value ?? null;
        break;
      }
      case 'POST': {
        const parent = parsePath(rawPath);
        // The new child's name is not known yet: any child's rules may be the ones that apply.
        refuseEarly(ns, principal, parent, 'subtree');
        const body = await readJson(req, ctx.maxBodyBytes);
        const name = nextPushId(ns.now());
        path = [...parent, name];
        outcome = ns.set(principal, path, body);
        answer = { name };
        break;
      }
      case 'DELETE': {
        path = parsePath(rawPath);
        checkIfMatch(req, ns.hashAt(path));
        outcome = ns.set(principal, path, null);
        answer = null;
        break;
      }
      default:
        throw new HttpError(405, `Method ${method} not supported`);
    }
    if (outcome.status !== 'ok') throw failure(outcome);
    await ns.whenDurable(outcome.seq);
    const etag = wantsEtag ? { ETag: ns.hashAt(path) || 'null_etag' } : undefined;
    return silent ? send(res, 204, undefined, false, etag) : send(res, 200, answer, pretty, etag);
  } catch (err) {
    if (err instanceof HttpError) return send(res, err.status, { error: err.message }, pretty);
    if (err instanceof UnknownNamespaceError) return send(res, 404, { error: err.message }, pretty);
    if (err instanceof InvalidDataError) return send(res, 400, { error: err.message }, pretty);
    ctx.reportError(`REST ${req.method} ${url.pathname} failed: ${(err as Error).stack ?? String(err)}`);
    return send(res, 500, { error: 'Internal server error' }, pretty);
  }
}

/**
 * Refuses a write before its body is read when the rules deny it whatever the body holds: no `.write`
 * rule that could grant it can pass for this caller (each is false, or depends only on what is known
 * already: auth, the current data, the path, the time). Rules that depend on the new data wait for it.
 */
function refuseEarly(ns: Namespace, principal: Principal, path: DbPath, scope: WriteScope): void {
  if (!ns.mayWrite(principal, path, scope)) throw new HttpError(401, 'Permission denied');
}

/** `if-match` makes a REST write conditional on the current data's ETag (the node hash). */
function checkIfMatch(req: IncomingMessage, currentHash: string): void {
  const expected = req.headers['if-match'];
  if (expected === undefined) return;
  const current = currentHash || 'null_etag';
  if (expected !== current) throw new HttpError(412, 'Precondition failed: the data changed (ETag mismatch)');
}
