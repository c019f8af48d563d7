import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { RefusedAddressError, guardedLookup, isAllowedAddress, type Resolve } from './addressPolicy.ts';

/** One encrypted push request as web-push prepares it (RFC 8030 + RFC 8291 + RFC 8292). */
export interface PushRequest {
  endpoint: string;
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
 * POSTs push requests over kept-alive connections. web-push's own sender speaks https only and
 * opens a connection per message; a fan-out to thousands of subscribers on the same push
 * service reuses a handful of sockets instead. The endpoint policy decides beforehand whether
 * plain http (a local fake push service) is allowed at all; the address is checked here, where
 * the connection is made: names through the sockets' lookup, literal addresses (which sockets
 * do not look up) before connecting.
 */
export function httpTransport(options: TransportOptions): { send: Transport; close(): void } {
  const lookup = guardedLookup(options.allowLoopback, options.resolve);
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, timeout: options.idleTimeoutMs, lookup };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  const send: Transport = (request, signal) =>
    new Promise((resolve, reject) => {
      const url = new URL(request.endpoint);
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(literal) && !isAllowedAddress(literal, options.allowLoopback)) {
        reject(new RefusedAddressError(url.hostname, literal));
        return;
      }
      const secure = url.protocol === 'https:';
      const client = secure ? https : http;
      const req = client.request(
        url,
        { method: 'POST', headers: request.headers, agent: secure ? agents.https : agents.http, lookup, signal },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (body.length < 4096) body += chunk;
          });
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: body.slice(0, 4096) }));
          res.on('error', reject);
        },
      );
      // A host that accepts no connection (or never finishes TLS) fails fast; the answer itself
      // is bounded by the caller's signal.
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(
          () => req.destroy(new Error(`no connection to ${url.host} within ${options.connectTimeoutMs} ms`)),
          options.connectTimeoutMs,
        );
        socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      req.on('error', reject);
      req.end(request.body ?? undefined);
    });
  return {
    send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
