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

export type Transport = (request: PushRequest) => Promise<PushResponse>;

export interface TransportOptions {
  maxSockets: number;
  timeoutMs: number;
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
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, timeout: options.timeoutMs, lookup };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  const send: Transport = (request) =>
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
        { method: 'POST', headers: request.headers, agent: secure ? agents.https : agents.http, timeout: options.timeoutMs, lookup },
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
      req.on('timeout', () => req.destroy(new Error(`push request timed out after ${options.timeoutMs} ms`)));
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
