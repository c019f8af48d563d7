import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { Agent, errors, type Dispatcher } from 'undici';
import { RefusedAddressError, guardedLookup, isAllowedAddress, type Resolve } from './addressPolicy.ts';

/** One encrypted push request as web-push prepares it (RFC 8030 + RFC 8291 + RFC 8292). */
export interface PushRequest {
  endpoint: string;
  /** `endpoint` parsed, when the caller has it already (a fan-out parses each endpoint once). */
  url?: URL;
  /**
   * `endpoint`'s origin and path, when the caller has them already: a fan-out sends 100,000
   * requests to one origin and keeps each path as a slice of its endpoint, not a URL object.
   */
  target?: { origin: string; path: string };
  /** Names and values (a fan-out makes one object per push service and shares it). */
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export interface PushResponse {
  statusCode: number;
  /** The answer's headers (lowercase names); empty for a 2xx, whose headers nothing reads. */
  headers: IncomingHttpHeaders;
  /** The first few KB only: push services explain refusals in short bodies. */
  body: string;
}

/**
 * Stops a request: an AbortSignal, or, cheaper, a handle the transport fills in with `abort` (a
 * fan-out's 100,000 requests do not each need an AbortController and its listeners).
 */
export interface Cancel {
  abort?: (reason: Error) => void;
}

/** Sends one request; aborting `signal` (or calling the handle's `abort`) destroys it (the fan-out's timeouts and deadline). */
export type Transport = (request: PushRequest, signal: AbortSignal | Cancel) => Promise<PushResponse>;

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

/** An origin's host name (without brackets' port), or with `port` its host and port. */
function hostOf(origin: string, port = false): string {
  const host = origin.slice(origin.indexOf('//') + 2);
  if (port) return host;
  const bracket = host.lastIndexOf(']');
  const colon = host.lastIndexOf(':');
  return colon > bracket ? host.slice(0, colon) : host;
}

/**
 * The request's headers as undici takes them, without Content-Length (undici counts the body).
 * Kept per headers object: a fan-out gives every request to one push service the same object
 * (a headers object is not changed once sent).
 */
const flattened = new WeakMap<object, string[]>();
function flatHeaders(headers: PushRequest['headers']): string[] {
  let flat = flattened.get(headers);
  if (flat) return flat;
  flat = [];
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'content-length') flat.push(name, String(value));
  flattened.set(headers, flat);
  return flat;
}

/** Raw answer headers ([name, value, …] as bytes) as an object of lowercase names. */
function headerObject(raw: Buffer[]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = String(raw[i]).toLowerCase();
    const value = String(raw[i + 1]);
    const had = headers[name];
    headers[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return headers;
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
  const send: Transport = (request, signal) =>
    new Promise<PushResponse>((resolve, reject) => {
      let origin: string;
      let path: string;
      let hostname: string;
      if (request.target) {
        ({ origin, path } = request.target);
        hostname = hostOf(origin);
      } else {
        const url = request.url ?? new URL(request.endpoint);
        origin = url.origin;
        path = `${url.pathname}${url.search}`;
        hostname = url.hostname;
      }
      let refused = checked.get(hostname);
      if (refused === undefined) {
        const literal = hostname.replace(/^\[|\]$/g, '');
        refused = isIP(literal) && !isAllowedAddress(literal, options.allowLoopback) ? literal : null;
        if (checked.size >= 1_000) checked.clear();
        checked.set(hostname, refused);
      }
      if (refused !== null) {
        reject(new RefusedAddressError(hostname, refused));
        return;
      }
      let settled = false;
      /** undici's abort of this request, once it has a connection. */
      let abortRequest: ((reason: Error) => void) | null = null;
      let stopped: Error | null = null;
      let onAbortSignal: (() => void) | null = null;
      const settle = () => {
        settled = true;
        if (onAbortSignal) (signal as AbortSignal).removeEventListener('abort', onAbortSignal);
      };
      const fail = (error: Error) => {
        if (settled) return;
        settle();
        reject(
          error instanceof errors.ConnectTimeoutError
            ? new Error(`no connection to ${hostOf(origin, true)} within ${options.connectTimeoutMs} ms`)
            : error,
        );
      };
      const stop = (reason: Error) => {
        if (settled || stopped) return;
        stopped = reason;
        // Not connected yet: undici aborts it when it gets one (onConnect); the caller hears now.
        if (abortRequest) abortRequest(reason);
        fail(reason);
      };
      if (signal instanceof AbortSignal) {
        if (signal.aborted) {
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          return;
        }
        onAbortSignal = () => stop(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        signal.addEventListener('abort', onAbortSignal, { once: true });
      } else signal.abort = stop;
      let statusCode = 0;
      let headers: IncomingHttpHeaders = {};
      let body = '';
      /*
       * undici's dispatch with a handler of our own rather than agent.request: no response stream,
       * no AbortSignal and no header object for an acceptance, which is nearly every answer
       * (a third less of the event loop's time per request).
       */
      const handler: Dispatcher.DispatchHandlers = {
        onConnect(abort) {
          abortRequest = abort as (reason: Error) => void;
          if (stopped) abort(stopped);
        },
        onHeaders(status, raw) {
          statusCode = status;
          if (status < 200 || status >= 300) headers = headerObject(raw as unknown as Buffer[]);
          return true;
        },
        onData(chunk) {
          // The first few KB only: push services explain refusals in short bodies. An acceptance's
          // body (empty from FCM and Mozilla) is not decoded at all.
          if ((statusCode < 200 || statusCode >= 300) && body.length < 4096) body += chunk.toString('utf8');
          return true;
        },
        onComplete() {
          if (settled) return;
          settle();
          resolve({ statusCode, headers, body: body.slice(0, 4096) });
        },
        onError: fail,
      };
      try {
        // undici counts the body's length itself.
        agent.dispatch({ origin, path, method: 'POST', headers: flatHeaders(request.headers), body: request.body ?? null }, handler);
      } catch (error) {
        fail(error as Error);
      }
    });
  return {
    send,
    close() {
      void agent.destroy().catch(() => undefined);
    },
  };
}
