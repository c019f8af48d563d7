/**
 * How many client connections the server accepts, and which ones it closes to make room. Every TCP
 * connection holds a descriptor, and storage needs descriptors of the same process (a log per namespace,
 * a temporary snapshot file and its directory at each compaction): clients must never be able to take
 * the last ones. Nor may connections that send nothing take every slot from the clients that do.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** A few hundred: far more than one site's visitors need from one machine, far below usual limits. */
export const DEFAULT_MAX_CONNECTIONS = 400;
/** Descriptors never given to clients: storage, the process's own (stdio, event loop, pipes), DNS and the like. */
const MIN_RESERVED_DESCRIPTORS = 64;
/** Used when the limit cannot be read: the usual soft limit on Linux. */
const ASSUMED_FILE_LIMIT = 1024;

/** The process's soft limit of open descriptors (`ulimit -n`), from /proc on Linux. */
export function openFileLimit(): number {
  try {
    const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (m) return m[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(m[1]);
  } catch {
    // Not Linux: fall back to the common default.
  }
  return ASSUMED_FILE_LIMIT;
}

/**
 * The connections to accept: the requested number, but never more than leaves a quarter of the
 * descriptors (at least 64) in reserve.
 */
export function connectionLimit(requested: number = DEFAULT_MAX_CONNECTIONS, fileLimit: number = openFileLimit()): number {
  const reserve = Math.max(MIN_RESERVED_DESCRIPTORS, Math.floor(fileLimit / 4));
  return Math.max(1, Math.min(requested, fileLimit - reserve));
}

export interface ConnectionGuardOptions {
  /** Connections open at once (connectionLimit). */
  max: number;
  /** A connection that has sent no byte at all by then is closed. */
  silentTimeoutMs: number;
  /** A WebSocket upgrade whose handshake the server has not completed by then (from its request) is closed. */
  upgradeTimeoutMs: number;
  log(line: string): void;
}

export interface ConnectionGuard {
  /** The socket's WebSocket handshake is complete: it is a client's connection now, never timed out or closed for room. */
  established(socket: Duplex): void;
  /** Connections open now. */
  readonly size: number;
}

interface Tracked {
  socket: Socket;
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
 */
export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const { max, log } = options;
  // In order of acceptance: the first idle one found is the oldest.
  const open = new Map<Socket, Tracked>();
  let lastRoomLog = 0;
  let lastRefusalLog = 0;

  const clearTimer = (t: Tracked): void => {
    if (t.timer !== null) clearTimeout(t.timer);
    t.timer = null;
  };
  const forget = (t: Tracked): void => {
    clearTimer(t);
    open.delete(t.socket);
  };
  const idle = (t: Tracked): boolean => t.active === 0 && !t.upgrading && !t.established;
  const oldestIdle = (): Tracked | null => {
    let fallback: Tracked | null = null;
    for (const t of open.values()) {
      if (!idle(t)) continue;
      if (t.requests === 0) return t;
      fallback ??= t;
    }
    return fallback;
  };

  server.on('connection', (socket: Socket) => {
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
    const t: Tracked = { socket, requests: 0, active: 0, upgrading: false, established: false, timer: null };
    t.timer = setTimeout(() => {
      t.timer = null;
      if (socket.bytesRead === 0) socket.destroy();
    }, options.silentTimeoutMs);
    t.timer.unref();
    open.set(socket, t);
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
    get size() {
      return open.size;
    },
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
