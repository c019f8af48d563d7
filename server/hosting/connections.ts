/**
 * What the render and notify services do with connections that do not speak, and how many they
 * hold. Node's own timeouts are not enough on their own: its `headersTimeout` and `requestTimeout`
 * are looked at only every `connectionsCheckingInterval` (30 s by default), and a connection that
 * has not sent a byte may sit there much longer than either says. So:
 *
 * - a new connection whose first request's headers have not all arrived within `firstRequestMs`
 *   (it sent nothing, or trickles them) is closed by a timer of its own;
 * - later requests on a kept-alive connection have `headersMs` for their headers and
 *   `requestMs` for the whole request (Node's timeouts, checked every `checkIntervalMs`);
 * - an idle kept-alive connection is closed after `keepAliveMs` (Node's `keepAliveTimeout`),
 *   which must be longer than the idle timeout of the proxy in front (Google's front end keeps an
 *   idle connection to its backend up to 600 s and asks for backends to keep them longer, 620 s);
 * - at most `maxConnections` are open: at the cap a new connection takes the place of the oldest
 *   one that has no request under way (first one that never sent a whole request, then an idle
 *   kept-alive one); when every one has a request under way, the new one gets a `503` with
 *   `Connection: close` and is closed.
 */
import { readFileSync } from 'node:fs';
import { STATUS_CODES, createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionPolicy {
  /** A new connection's first request must have all its headers within this (ms), else it is closed. */
  firstRequestMs: number;
  /** A later request's headers on a kept-alive connection (Node's headersTimeout, ms). */
  headersMs: number;
  /** A whole request, body included (Node's requestTimeout, ms); at least headersMs. */
  requestMs: number;
  /** An idle kept-alive connection is closed after this (Node's keepAliveTimeout, ms). */
  keepAliveMs: number;
  /** Connections open at once. */
  maxConnections: number;
  /** How often Node looks at its header and request timeouts (ms). */
  checkIntervalMs: number;
}

/** Google's front end (Cloud Run, external Application Load Balancer) keeps idle backend connections 600 s. */
export const FRONT_END_IDLE_MS = 600_000;

/** Descriptors never given to clients: the process's own files, the database's sockets, DNS and the like. */
const RESERVED_DESCRIPTORS = 256;
/** Used when the limit cannot be read: the usual soft limit on Linux. */
const ASSUMED_FILE_LIMIT = 1024;
/** At most this many connections, whatever the descriptor limit: a few KB of memory each, and far above one instance's traffic. */
const DEFAULT_MAX_CONNECTIONS = 5_000;

/** The process's soft limit of open descriptors (`ulimit -n`), from /proc on Linux. */
export function openFileLimit(): number {
  try {
    const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (m) return m[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(m[1]);
  } catch {
    // Not Linux: the common default.
  }
  return ASSUMED_FILE_LIMIT;
}

/**
 * The requested cap, but never so many that fewer than a quarter of the descriptors (at least
 * `minReserve`, 256 here; the local database keeps 64) stay free.
 */
export function connectionCap(
  requested: number = DEFAULT_MAX_CONNECTIONS,
  fileLimit: number = openFileLimit(),
  minReserve: number = RESERVED_DESCRIPTORS,
): number {
  const reserve = Math.max(minReserve, Math.floor(fileLimit / 4));
  return Math.max(1, Math.min(requested, fileLimit - reserve));
}

/**
 * The client an address stands for, wherever a limit counts per client (the local database's
 * share of connections and bytes, the notify service's per-address limits): an IPv4 address as
 * it is (also when written IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address by its /64. One
 * household, phone or server is given a whole /64, so counting its 2^64 addresses one by one
 * would give it an unlimited budget. Something that is no address is its own client, as written.
 */
export function addressBucket(address: string | undefined): string {
  const plain = (address ?? '').replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (!plain.includes(':')) return plain;
  const groups = expandIPv6(plain);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : plain;
}

/** The eight 16-bit groups of an IPv6 address (no leading zeros), or null when it is none. */
function expandIPv6(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const last = tail.length ? tail : head;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(last[last.length - 1] ?? '');
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    last.splice(last.length - 1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16).toString(16));
}

export const DEFAULT_POLICY: Omit<ConnectionPolicy, 'maxConnections'> = {
  firstRequestMs: 10_000,
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: FRONT_END_IDLE_MS + 20_000,
  checkIntervalMs: 1_000,
};

/**
 * The policy from the environment: `HTTP_FIRST_REQUEST_MS`, `HTTP_HEADERS_TIMEOUT_MS`,
 * `HTTP_REQUEST_TIMEOUT_MS`, `HTTP_KEEP_ALIVE_MS`, `HTTP_MAX_CONNECTIONS` (each optional).
 */
export function connectionPolicy(env: Record<string, string | undefined> = process.env): ConnectionPolicy {
  const read = (name: string, fallback: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${name} must be a positive integer, got ${JSON.stringify(text)}`);
    return value;
  };
  const headersMs = read('HTTP_HEADERS_TIMEOUT_MS', DEFAULT_POLICY.headersMs);
  return {
    firstRequestMs: read('HTTP_FIRST_REQUEST_MS', DEFAULT_POLICY.firstRequestMs),
    headersMs,
    requestMs: Math.max(headersMs, read('HTTP_REQUEST_TIMEOUT_MS', DEFAULT_POLICY.requestMs)),
    keepAliveMs: read('HTTP_KEEP_ALIVE_MS', DEFAULT_POLICY.keepAliveMs),
    maxConnections: connectionCap(read('HTTP_MAX_CONNECTIONS', DEFAULT_MAX_CONNECTIONS)),
    checkIntervalMs: DEFAULT_POLICY.checkIntervalMs,
  };
}

/** The refusal at the cap: short, closed, not to be sniffed, and worth retrying a moment later. */
const REFUSAL_TEXT = 'Too many connections; try again shortly.\n';
export const REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: text/plain; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(REFUSAL_TEXT)}`,
  'X-Content-Type-Options: nosniff',
  'Cache-Control: no-store',
  'Retry-After: 5',
  'Connection: close',
  '',
  REFUSAL_TEXT,
].join('\r\n');
/** A refused connection is destroyed this long after its answer went out, whatever the client does. */
const REFUSAL_LINGER_MS = 1_000;

export interface ConnectionGuard {
  /** Connections open now. */
  readonly size: number;
  /** Connections refused (503) and closed for room since the start. */
  readonly refused: number;
  readonly evicted: number;
  /** Whether a request's connection was admitted (a refused one's request is dropped, not answered). */
  admits(req: IncomingMessage): boolean;
}

interface Tracked {
  socket: Socket;
  /** Requests whose headers arrived. */
  requests: number;
  /** Requests whose response has not ended. */
  active: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Applies `policy` to `server` (before it listens). `log` gets at most one line a second about
 * refusals and evictions.
 */
export function guardConnections(server: Server, policy: ConnectionPolicy, log: (line: string) => void = () => {}): ConnectionGuard {
  if (policy.requestMs < policy.headersMs) throw new RangeError('requestMs must be at least headersMs');
  server.headersTimeout = policy.headersMs;
  server.requestTimeout = policy.requestMs;
  server.keepAliveTimeout = policy.keepAliveMs;
  // Read by Node when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = policy.checkIntervalMs;
  // No socket inactivity timeout besides these (Fastify sets one from its own options).
  server.setTimeout(0);

  const open = new Map<Socket, Tracked>();
  let refused = 0;
  let evicted = 0;
  let lastLog = 0;
  const note = (line: string): void => {
    if (Date.now() - lastLog < 1000) return;
    lastLog = Date.now();
    log(line);
  };
  const forget = (t: Tracked): void => {
    if (t.timer !== null) clearTimeout(t.timer);
    t.timer = null;
    open.delete(t.socket);
  };
  const oldestIdle = (): Tracked | null => {
    let fallback: Tracked | null = null;
    for (const t of open.values()) {
      if (t.active > 0) continue;
      if (t.requests === 0) return t;
      fallback ??= t;
    }
    return fallback;
  };

  server.on('connection', (socket: Socket) => {
    if (open.size >= policy.maxConnections) {
      const victim = oldestIdle();
      if (victim === null) {
        refused++;
        note(`refused a connection from ${socket.remoteAddress ?? 'unknown'}: ${policy.maxConnections} connections are open and busy`);
        // Whatever the client sends is not read; the answer goes out and the socket is gone a moment later.
        socket.pause();
        socket.end(REFUSAL);
        setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
        return;
      }
      evicted++;
      forget(victim);
      victim.socket.destroy();
      note(`closed an idle connection from ${victim.socket.remoteAddress ?? 'unknown'} to make room: ${policy.maxConnections} are open`);
    }
    const t: Tracked = { socket, requests: 0, active: 0, timer: null };
    t.timer = setTimeout(() => {
      t.timer = null;
      if (t.requests === 0) socket.destroy();
    }, policy.firstRequestMs);
    t.timer.unref();
    open.set(socket, t);
    socket.once('close', () => {
      if (open.get(socket) === t) forget(t);
    });
  });

  // Node's own answer to a request that timed out or cannot be parsed, with nosniff like every other.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (pending && pending.headersSent) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
  });

  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const t = open.get(req.socket as Socket);
    if (t === undefined) return;
    if (t.timer !== null) clearTimeout(t.timer);
    t.timer = null;
    t.requests++;
    t.active++;
    res.once('close', () => t.active--);
  });

  return {
    get size() {
      return open.size;
    },
    get refused() {
      return refused;
    },
    get evicted() {
      return evicted;
    },
    admits: (req) => open.has(req.socket as Socket),
  };
}

/**
 * An HTTP server with `policy` applied, for `handler` (Fastify's `serverFactory` takes this too).
 * Every response it sends carries `X-Content-Type-Options: nosniff`.
 */
export function createGuardedServer(
  handler: RequestListener,
  policy: ConnectionPolicy,
  log?: (line: string) => void,
): { server: Server; guard: ConnectionGuard } {
  let guard: ConnectionGuard | null = null;
  const server = createServer(
    { headersTimeout: policy.headersMs, requestTimeout: policy.requestMs, connectionsCheckingInterval: policy.checkIntervalMs },
    (req, res) => {
      // A refused connection has had its 503; a request that still came on it is not answered again.
      if (guard !== null && !guard.admits(req)) return void req.socket.destroy();
      res.setHeader('X-Content-Type-Options', 'nosniff');
      handler(req, res);
    },
  );
  guard = guardConnections(server, policy, log);
  return { server, guard };
}
