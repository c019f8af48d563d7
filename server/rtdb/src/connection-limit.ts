/**
 * How many client connections the server accepts, and which ones it closes to make room. Every TCP
 * connection holds a descriptor, and storage needs descriptors of the same process (a log per namespace,
 * a temporary snapshot file and its directory at each compaction): clients must never be able to take
 * the last ones. Nor may connections that send nothing take every slot from the clients that do, nor
 * one address take more than its share.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { addressBucket, connectionCap, openFileLimit } from '../../hosting/connections.ts';

/** A few hundred: far more than one site's visitors need from one machine, far below usual limits. */
export const DEFAULT_MAX_CONNECTIONS = 400;
/** Descriptors never given to clients: storage, the process's own (stdio, event loop, pipes), DNS and the like. */
const MIN_RESERVED_DESCRIPTORS = 64;

export { openFileLimit };

/**
 * The connections to accept: the requested number, but never more than leaves a quarter of the
 * descriptors (at least 64) in reserve (server/hosting/connections.ts, shared with the services).
 */
export function connectionLimit(requested: number = DEFAULT_MAX_CONNECTIONS, fileLimit: number = openFileLimit()): number {
  return connectionCap(requested, fileLimit, MIN_RESERVED_DESCRIPTORS);
}

/** The share of the connection slots one address may hold by default: a quarter. */
export const DEFAULT_ADDRESS_SHARE = 0.25;

/** Connections one address may hold: its share of `max` (at least one); `requested` at or above `max` leaves the cap alone. */
export function perAddressLimit(max: number, requested?: number): number {
  return Math.max(1, requested ?? Math.floor(max * DEFAULT_ADDRESS_SHARE));
}

/**
 * The client a connection's address stands for: an IPv4 address (also IPv4-mapped) is one, and a
 * whole IPv6 /64 is one (addressBucket of server/hosting/connections.ts, which the notify
 * service's per-address limits use too).
 */
export const addressKey = (address: string | undefined): string => addressBucket(address);

/** The answer to a connection over its address's share: short, closed, and it says why. */
const SHARE_REFUSAL_TEXT = '{"error":"Too many connections from this address; close some and try again."}';
const SHARE_REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(SHARE_REFUSAL_TEXT)}`,
  'X-Content-Type-Options: nosniff',
  'Access-Control-Allow-Origin: *',
  'Retry-After: 5',
  'Connection: close',
  '',
  SHARE_REFUSAL_TEXT,
].join('\r\n');
/** A refused connection is destroyed this long after its answer, whatever its client does. */
const REFUSAL_LINGER_MS = 1000;

export interface ConnectionGuardOptions {
  /** Connections open at once (connectionLimit). */
  max: number;
  /** Connections one address (an IPv6 /64 as one) may hold at once (perAddressLimit). Default: `max`. */
  maxPerAddress?: number;
  /** A connection that has sent no byte at all by then is closed. */
  silentTimeoutMs: number;
  /** A WebSocket upgrade whose handshake the server has not completed by then (from its request) is closed. */
  upgradeTimeoutMs: number;
  log(line: string): void;
}

export interface ConnectionGuard {
  /** The socket's WebSocket handshake is complete: it is a client's connection now, never timed out or closed for room. */
  established(socket: Duplex): void;
  /** Whether the socket was accepted (a refused one's request is dropped, not answered). */
  admitted(socket: Duplex): boolean;
  /** Connections open now. */
  readonly size: number;
  /** Connections open now from the address (key) of `address`. */
  from(address: string | undefined): number;
}

interface Tracked {
  socket: Socket;
  /** The address it counts against (addressKey). */
  key: string;
  /** Requests whose headers arrived (upgrades included). */
  requests: number;
  /** Requests whose headers arrived and whose response has not ended: REST answers and streams, long-polls. */
  active: number;
  /** Upgrade headers arrived, handshake not complete yet. */
  upgrading: boolean;
  /** A WebSocket. */
  established: boolean;
  timer: NodeJS.Timeout | null;
}

/**
 * Caps the server's TCP connections (WebSocket, long-poll and REST alike) and keeps room for clients
 * that talk. Node's `headersTimeout`/`requestTimeout` close a connection whose request takes too long to
 * arrive; this closes, sooner, one that sends nothing at all, and an upgrade the server did not complete.
 *
 * At the cap, a new connection takes the place of the oldest one that is between requests: first one
 * that never sent a whole request, else an idle keep-alive connection. A connection with a request in
 * progress (an answer being computed, a REST stream, a held long-poll) and a WebSocket are never closed
 * for room; when every connection is one of those, the new one is refused.
 *
 * Before that, no address (an IPv6 /64 as one) holds more than `maxPerAddress` of them: past its
 * share, the address's own oldest idle connection makes room, or the new one is answered 503 and
 * closed. So one client cannot take every slot, however many streams or WebSockets it holds open.
 */
export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const { max, log } = options;
  const maxPerAddress = options.maxPerAddress ?? max;
  // In order of acceptance: the first idle one found is the oldest.
  const open = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();
  let lastShareLog = 0;
  let lastRoomLog = 0;
  let lastRefusalLog = 0;

  const clearTimer = (t: Tracked): void => {
    if (t.timer !== null) clearTimeout(t.timer);
    t.timer = null;
  };
  const forget = (t: Tracked): void => {
    clearTimer(t);
    if (!open.delete(t.socket)) return;
    const left = (perAddress.get(t.key) ?? 1) - 1;
    if (left > 0) perAddress.set(t.key, left);
    else perAddress.delete(t.key);
  };
  const idle = (t: Tracked): boolean => t.active === 0 && !t.upgrading && !t.established;
  /**
   * The oldest idle connection: one that never sent a whole request first, else a kept-alive one.
   * Of one address (`key`), simply its oldest idle one: a client opening several connections at
   * once must not lose the newest before it has had time to send its request.
   */
  const oldestIdle = (key?: string): Tracked | null => {
    let fallback: Tracked | null = null;
    for (const t of open.values()) {
      if (!idle(t)) continue;
      if (key !== undefined) {
        if (t.key === key) return t;
        continue;
      }
      if (t.requests === 0) return t;
      fallback ??= t;
    }
    return fallback;
  };

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    // Its address's share first: past it, the address's own oldest idle connection makes room, or it is refused.
    if ((perAddress.get(key) ?? 0) >= maxPerAddress) {
      const own = oldestIdle(key);
      if (own === null) {
        socket.end(SHARE_REFUSAL);
        setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
        if (Date.now() - lastShareLog >= 1000) {
          lastShareLog = Date.now();
          log(`refused a connection from ${key}: its ${maxPerAddress} connections are open and busy`);
        }
        return;
      }
      forget(own);
      own.socket.destroy();
    }
    if (open.size >= max) {
      const victim = oldestIdle();
      if (victim === null) {
        socket.destroy();
        // One line per second at most: a flood of refused connections must not flood the log too.
        if (Date.now() - lastRefusalLog >= 1000) {
          lastRefusalLog = Date.now();
          log(`refused a connection from ${socket.remoteAddress ?? 'unknown'}: ${max} connections are open and busy`);
        }
        return;
      }
      forget(victim);
      victim.socket.destroy();
      if (Date.now() - lastRoomLog >= 1000) {
        lastRoomLog = Date.now();
        log(`closed an idle connection from ${victim.socket.remoteAddress ?? 'unknown'} to make room: ${max} connections are open`);
      }
    }
    const t: Tracked = { socket, key, requests: 0, active: 0, upgrading: false, established: false, timer: null };
    t.timer = setTimeout(() => {
      t.timer = null;
      if (socket.bytesRead === 0) socket.destroy();
    }, options.silentTimeoutMs);
    t.timer.unref();
    open.set(socket, t);
    perAddress.set(key, (perAddress.get(key) ?? 0) + 1);
    socket.once('close', () => {
      if (open.get(socket) === t) forget(t);
    });
  });

  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const t = open.get(req.socket as Socket);
    if (t === undefined) return;
    clearTimer(t);
    t.requests++;
    t.active++;
    res.once('close', () => t.active--);
  });

  server.prependListener('upgrade', (req: IncomingMessage) => {
    const t = open.get(req.socket as Socket);
    if (t === undefined || t.established) return;
    clearTimer(t);
    t.requests++;
    t.upgrading = true;
    t.timer = setTimeout(() => {
      t.timer = null;
      t.socket.destroy();
    }, options.upgradeTimeoutMs);
    t.timer.unref();
  });

  return {
    established(socket) {
      const t = open.get(socket as Socket);
      if (t === undefined) return;
      clearTimer(t);
      t.upgrading = false;
      t.established = true;
    },
    admitted: (socket) => open.has(socket as Socket),
    get size() {
      return open.size;
    },
    from: (address) => perAddress.get(addressKey(address)) ?? 0,
  };
}

/**
 * Accepting can still fail when the process runs out of descriptors for other reasons; that is a
 * client-caused, passing condition, not a reason to exit. (Installed once listening: a failure to
 * listen is the caller's to report.)
 */
export function logAcceptErrors(server: Server, log: (line: string) => void): void {
  server.on('error', (err: NodeJS.ErrnoException) => {
    log(`accepting a connection failed: ${err.code ?? err.message}`);
  });
}
