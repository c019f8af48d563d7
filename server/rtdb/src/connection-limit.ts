/**
 * How many client connections the server accepts. Every TCP connection holds a descriptor, and storage
 * needs descriptors of the same process (a log per namespace, a temporary snapshot file and its
 * directory at each compaction): clients must never be able to take the last ones.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:net';

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

/**
 * Caps the server's TCP connections (WebSocket, long-poll and REST alike): Node closes a connection
 * over the cap as soon as it is accepted. Accepting can still fail when the process runs out of
 * descriptors for other reasons; that is a client-caused, passing condition, not a reason to exit.
 */
export function limitConnections(server: Server, max: number, log: (line: string) => void): void {
  server.maxConnections = max;
  let lastDropLog = 0;
  server.on('drop', (data) => {
    // One line per second at most: a flood of refused connections must not flood the log too.
    if (Date.now() - lastDropLog < 1000) return;
    lastDropLog = Date.now();
    log(`refused a connection from ${data?.remoteAddress ?? 'unknown'}: ${max} connections are open`);
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    log(`accepting a connection failed: ${err.code ?? err.message}`);
  });
}
