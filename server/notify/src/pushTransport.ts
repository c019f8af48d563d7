import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { Agent, errors, type Dispatcher } from 'undici';
import { RefusedAddressError, guardedLookup, isAllowedAddress, type Resolve } from './addressPolicy.ts';

/** One encrypted push request as web-push prepares it (RFC 8030 + RFC 8291 + RFC 8292). */
export interface PushRequest {
  endpoint: string;
  /** `endpoint` parsed, when the caller has it already (a fan-out parses each endpoint once). */
  url?: URL;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export interface PushResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The first few KB only: push services explain refusals in short bodies. */
  body: string;
}

/** Sends one request; aborting `signal` destroys it (the fan-out's timeouts and deadline). */
export type Transport = (request: PushRequest, signal: AbortSignal) => Promise<PushResponse>;

export interface TransportOptions {
  maxSockets: number;
  /** A connection (name lookup, TCP and TLS) not made within this fails the request. */
  connectTimeoutMs: number;
  /** Kept-alive sockets idle this long are closed. */
  idleTimeoutMs: number;
  /** Loopback addresses are reachable (the local emulator mode); never in production. */
  allowLoopback: boolean;
  /** Name resolution; the system resolver unless a test stands in for DNS. */
  resolve?: Resolve;
}

/**
 * POSTs push requests over kept-alive connections: undici's pool per push service origin
 * (`maxSockets` connections each), reused by every message to that service. A fan-out to
 * 100,000 subscribers of one push service makes a handful of connections, once. undici, rather
 * than node:http, because a request costs the event loop about half the CPU (no URL-to-options
 * conversion, no per-request agent bookkeeping; measured 112 against 256 µs on this machine),
 * and the event loop's share is what is left once the encryption runs on worker threads.
 *
 * The endpoint policy decides beforehand whether plain http (a local fake push service) is
 * allowed at all; the address is checked here, where the connection is made: names through the
 * sockets' lookup, literal addresses (which sockets do not look up) before connecting.
 */
export function httpTransport(options: TransportOptions): { send: Transport; close(): void } {
  const lookup = guardedLookup(options.allowLoopback, options.resolve);
  const agent = new Agent({
    connections: options.maxSockets,
    // The lookup, TCP and TLS within connectTimeoutMs; the answer is bounded by the caller's signal.
    connect: { lookup, timeout: options.connectTimeoutMs },
    keepAliveTimeout: options.idleTimeoutMs,
    keepAliveMaxTimeout: options.idleTimeoutMs,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  /** Host names already checked: a literal address's verdict (null: a name, checked where it connects). */
  const checked = new Map<string, string | null>();
  const send: Transport = async (request, signal) => {
    const url = request.url ?? new URL(request.endpoint);
    let refused = checked.get(url.hostname);
    if (refused === undefined) {
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      refused = isIP(literal) && !isAllowedAddress(literal, options.allowLoopback) ? literal : null;
      if (checked.size >= 1_000) checked.clear();
      checked.set(url.hostname, refused);
    }
    if (refused !== null) throw new RefusedAddressError(url.hostname, refused);
    const headers: Record<string, string> = {};
    // undici counts the body's length itself.
    for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    let response: Dispatcher.ResponseData;
    try {
      response = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers,
        body: request.body ?? undefined,
        signal,
      });
    } catch (error) {
      if (error instanceof errors.ConnectTimeoutError)
        throw new Error(`no connection to ${url.host} within ${options.connectTimeoutMs} ms`);
      throw error;
    }
    // The first few KB only: push services explain refusals in short bodies. An acceptance's
    // body (empty from FCM and Mozilla) is not read at all.
    let body = '';
    if (response.statusCode >= 200 && response.statusCode < 300) await response.body.dump();
    else for await (const chunk of response.body as AsyncIterable<Buffer>) if (body.length < 4096) body += chunk.toString('utf8');
    return { statusCode: response.statusCode, headers: response.headers as IncomingHttpHeaders, body: body.slice(0, 4096) };
  };
  return {
    send,
    close() {
      void agent.destroy().catch(() => undefined);
    },
  };
}
