/**
 * The server: one HTTP port carrying the REST API (with its event streams), the WebSocket endpoint `/.ws`
 * and long-polling `/.lp`, over the namespaces of one data directory.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { Connection } from './connection.ts';
import { connectionLimit, guardConnections, logAcceptErrors, perAddressLimit, type ConnectionGuard } from './connection-limit.ts';
import { lockDataDir } from './lock.ts';
import { LongPollSessions } from './long-poll.ts';
import { ClientBudgets, DEFAULT_MAX_CLIENT_BUFFER_BYTES, DEFAULT_MAX_MESSAGE_BYTES, MessageBudget } from './message-budget.ts';
import { Namespaces, UnknownNamespaceError, type NamespaceNames } from './namespaces.ts';
import { control } from './protocol.ts';
import { CONTROL, URL_PARAM } from './wire-names.ts';
import { verifyCredential } from './auth.ts';
import { DEFAULT_MAX_BODY_BYTES, handleRest } from './rest.ts';
import { RestStreams } from './rest-stream.ts';
import { ANONYMOUS, checkRules, loadRulesFile, OPEN_RULES, type Principal, type RulesJson } from './rules.ts';
import { ensureDir } from './storage.ts';
import { MAX_FRAME_BYTES, wsTransport } from './ws-transport.ts';
import { DEFAULT_PROJECT_ID, defaultNamespaceOf } from './defaults.ts';

export interface RtdbOptions {
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Directory holding one subdirectory per namespace. */
  dataDir: string;
  /** Rules JSON file (`database.rules.json`); `rules` takes the parsed object instead. Default: open rules. */
  rulesFile?: string;
  rules?: RulesJson;
  /** Project id that ID tokens must name as audience. Default `demo-satta`. */
  projectId?: string;
  /** Namespace for requests without `?ns=`. Default `<projectId>-default-rtdb`. */
  defaultNamespace?: string;
  /** Namespaces that exist besides the default one (an admin credential creates others); checked on each request. */
  namespaces?: NamespaceNames;
  /** Log size (bytes) at which a namespace is compacted into a new snapshot. Default 8 MiB. */
  compactBytes?: number;
  /**
   * Largest message a client may send over WebSocket or long-polling, in bytes; all messages still
   * arriving in pieces may hold four times this together. Default 16 MiB, Firebase's limit for one write.
   */
  maxMessageBytes?: number;
  /**
   * Client connections (TCP) accepted at once; long-poll sessions are capped at the same number. Default
   * 400, and never so many that fewer than a quarter of the process's descriptors stay for storage.
   */
  maxConnections?: number;
  /**
   * Connections one client may hold at once, WebSockets, REST streams, long-polls and requests alike:
   * one IPv4 address, or one IPv6 /64, is one client. Past it, the client's own oldest idle connection
   * makes room, or the new one is answered 503 and closed, so that no client takes every slot. Default
   * a quarter of `maxConnections`.
   */
  maxConnectionsPerAddress?: number;
  /**
   * Bytes the server may hold, for one client (as above) that does not read, in answers to its REST
   * reads and events of its REST streams not yet taken by the network. A read whose answer would pass
   * it is answered 503 instead, and a stream that would pass it is closed. Default 8 MiB.
   */
  maxClientBufferBytes?: number;
  /**
   * A connection that has sent nothing at all by then is closed. Default 2 s. (At the connection cap, a
   * new connection closes the oldest one that has no request in progress, whatever its age.)
   */
  silentConnectionTimeoutMs?: number;
  /** A request whose headers have not all arrived by then (from its first byte) is answered 408 and closed. Default 5 s. */
  headersTimeoutMs?: number;
  /**
   * A request whose body has not all arrived by then (from its first byte) is answered 408 and closed.
   * Default 60 s; at least `headersTimeoutMs`. Answers take as long as they need: REST streams, held
   * long-polls and WebSockets are not bound by any of these timeouts.
   */
  requestTimeoutMs?: number;
  /** A WebSocket upgrade request the server has not completed the handshake of by then is closed. Default 10 s. */
  upgradeTimeoutMs?: number;
  /**
   * Largest REST request body (a PUT, PATCH or POST), in bytes: a larger one is answered 413 as soon as
   * its Content-Length, or the part of it received, says so. Default 256 MB, Firebase's limit for one
   * write over REST.
   */
  maxBodyBytes?: number;
  /** Interval of `keep-alive` events on REST event streams. Default 30 s, as Firebase. */
  streamKeepAliveMs?: number;
  /**
   * Bytes a REST event stream may have waiting for a client that does not read, beyond its largest event
   * (which may be as large as the data, as a REST read): a stream over this is closed rather than
   * buffered. Default 1 MiB.
   */
  maxStreamBufferBytes?: number;
  /**
   * Answer REST stream requests as Firebase does: a `307` to another host (here: a second port of
   * this server, `streamPort`), which the client follows, cross-origin, with CORS. Off by default
   * (the local site's streams go straight to the port); the end-to-end suite turns it on.
   */
  streamRedirect?: boolean;
  /** Diagnostics (rejected tokens, failed onDisconnect writes) and internal errors. Default: internal errors to stderr. */
  log?: (line: string) => void;
  /**
   * A log write or fsync failed: memory is ahead of the disk, so the server stops serving. The CLI
   * exits; by default the error is thrown from the event loop.
   */
  onFatal?: (err: Error) => void;
}

export interface RtdbServer {
  port: number;
  url: string;
  host: string;
  defaultNamespace: string;
  /** With `streamRedirect`: the second port that stream requests are sent to. */
  streamPort?: number;
  /** REST event streams open now (tests use it to see that none outlives its client). */
  streamCount(): number;
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Expose-Headers': 'ETag',
  'Access-Control-Max-Age': '86400',
};

/** The Node SDK (firebase-admin too) also sends its credential with the upgrade, before the socket's auth request. */
function upgradePrincipal(req: IncomingMessage, projectId: string): Principal {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization?.trim() ?? '');
  if (match === null) return ANONYMOUS;
  const check = verifyCredential(match[1] as string, projectId, Date.now());
  return check.ok ? check.principal : ANONYMOUS;
}

const DEFAULT_SILENT_CONNECTION_TIMEOUT_MS = 2_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 5_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
const DEFAULT_UPGRADE_TIMEOUT_MS = 10_000;

function positive(name: string, value: number): number {
  if (!(Number.isSafeInteger(value) && value > 0)) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startRtdb(options: RtdbOptions): Promise<RtdbServer> {
  const host = options.host ?? '127.0.0.1';
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const defaultNamespace = options.defaultNamespace ?? defaultNamespaceOf(projectId);
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? (() => {});
  // Bugs are shown even without a diagnostics log.
  const reportError = options.log ?? ((line: string) => process.stderr.write(`rtdb: ${line}\n`));
  const rules = options.rules
    ? checkRules(options.rules, 'given as option')
    : options.rulesFile
      ? loadRulesFile(options.rulesFile)
      : OPEN_RULES;

  let failed: Error | null = null;
  let closing: Promise<void> | null = null;
  // Live client sessions, so shutdown can drop them without running their onDisconnect operations.
  const sessions = new Set<Connection>();
  const track = (conn: Connection): (() => void) => {
    sessions.add(conn);
    return () => sessions.delete(conn);
  };
  const maxConnections = connectionLimit(options.maxConnections);
  const maxPerAddress = perAddressLimit(
    maxConnections,
    options.maxConnectionsPerAddress === undefined ? undefined : positive('maxConnectionsPerAddress', options.maxConnectionsPerAddress),
  );
  const clientBudgets = new ClientBudgets(
    positive('maxClientBufferBytes', options.maxClientBufferBytes ?? DEFAULT_MAX_CLIENT_BUFFER_BYTES),
  );
  const silentTimeoutMs = positive('silentConnectionTimeoutMs', options.silentConnectionTimeoutMs ?? DEFAULT_SILENT_CONNECTION_TIMEOUT_MS);
  const headersTimeoutMs = positive('headersTimeoutMs', options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeoutMs = positive('requestTimeoutMs', options.requestTimeoutMs ?? Math.max(DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs));
  if (requestTimeoutMs < headersTimeoutMs)
    throw new RangeError(`requestTimeoutMs (${requestTimeoutMs}) must be at least headersTimeoutMs (${headersTimeoutMs})`);
  const upgradeTimeoutMs = positive('upgradeTimeoutMs', options.upgradeTimeoutMs ?? DEFAULT_UPGRADE_TIMEOUT_MS);
  const maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const budget = new MessageBudget(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  // One message per turn of the event loop and socket (allowSynchronousEvents: false): a socket that
  // sends a burst of requests takes its turns with everyone else instead of holding the loop.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_FRAME_BYTES, allowSynchronousEvents: false });
  const dropAllClients = (): void => {
    for (const conn of sessions) conn.shutdown();
    sessions.clear();
    longPoll.closeAll();
    streams.closeAll();
    for (const ws of wss.clients) ws.terminate();
  };
  const onFatal = (err: Error): void => {
    failed = err;
    dropAllClients();
    if (options.onFatal) options.onFatal(err);
    else throw err;
  };
  const configured: NamespaceNames = { has: (name) => name === defaultNamespace || (options.namespaces?.has(name) ?? false) };
  const namespaces = new Namespaces(
    dataDir,
    rules,
    { compactBytes: options.compactBytes ?? 8 * 1024 * 1024, onFatal, reportError },
    configured,
  );
  const newSessionId = (): string => randomBytes(12).toString('base64url');
  const longPoll = new LongPollSessions({
    namespaces,
    projectId,
    defaultNamespace,
    log,
    reportError,
    newSessionId,
    track,
    budget,
    maxSessions: maxConnections,
  });
  // Each stream holds its own TCP connection for its whole life, so the connection cap counts streams too.
  const streams = new RestStreams({
    keepAliveMs: options.streamKeepAliveMs ?? 30_000,
    maxBufferedBytes: options.maxStreamBufferBytes ?? 1024 * 1024,
    clients: clientBudgets,
  });

  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => (markReady = r));

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    await ready;
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (failed) {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'Server stopped: storage failure' }));
      return;
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type, Authorization');
      res.writeHead(204);
      res.end();
      return;
    }
    if (url.pathname === '/.lp') return longPoll.handle(req, res, url);
    if (streamHost !== null && req.socket.localPort !== streamHost.port && String(req.headers.accept ?? '').includes('text/event-stream')) {
      // As Firebase sends a stream to the server that holds the database: the same path and query there.
      res.writeHead(307, { Location: `http://${urlHost(host)}:${streamHost.port}${req.url ?? '/'}`, 'Content-Length': 0 });
      return void res.end();
    }
    return handleRest(req, res, url, {
      namespaces,
      projectId,
      defaultNamespace,
      streams,
      maxBodyBytes,
      clients: clientBudgets,
      reportError,
    });
  };

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    await ready;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/.ws' || failed || closing) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    let ns;
    try {
      ns = await namespaces.get(url.searchParams.get(URL_PARAM.NAMESPACE) ?? defaultNamespace, upgradePrincipal(req, projectId));
    } catch (err) {
      // As Firebase does for a database that does not exist: a shutdown message, so the SDK stops retrying.
      if (err instanceof UnknownNamespaceError) {
        wss.handleUpgrade(req, socket, head, (ws) => {
          guard.established(socket);
          ws.send(JSON.stringify(control(CONTROL.SHUTDOWN, err.message)));
          ws.close();
        });
        return;
      }
      socket.end(`HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n${(err as Error).message}`);
      return;
    }
    const namespace = ns;
    if (closing) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      guard.established(socket);
      let route: { onEnvelope(e: unknown): void; onClose(): void } | null = null;
      const transport = wsTransport(
        ws,
        socket,
        {
          onMessage: (envelope) => route?.onEnvelope(envelope),
          onClose: () => route?.onClose(),
          onError: (err) => log(`websocket on ${namespace.name}: ${err.message}`),
        },
        budget,
      );
      // A socket naming a long-polling session is that session moving to WebSocket, not a new client.
      const upgrading = url.searchParams.get(URL_PARAM.TRANSPORT_SESSION);
      const adopted = upgrading === null ? null : longPoll.adopt(upgrading, transport);
      if (adopted) {
        route = adopted;
        return;
      }
      const conn = new Connection(transport, namespace, {
        projectId,
        host: req.headers.host ?? `${urlHost(host)}:${port}`,
        sessionId: newSessionId(),
        log,
        reportError,
      });
      const untrack = track(conn);
      route = {
        onEnvelope: (envelope) => conn.receive(envelope),
        onClose: () => {
          untrack();
          conn.disconnected();
        },
      };
      conn.start();
    });
  };

  // Node checks its header and request timeouts every `connectionsCheckingInterval`: often enough that
  // a connection outlives its timeout by a fraction of it at most.
  const serve = (): { server: Server; guard: ConnectionGuard } => {
    const created: Server = createServer(
      {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1000, Math.max(25, Math.floor(headersTimeoutMs / 4))),
      },
      (req, res) => {
        // A connection refused for its address's share has had its answer; a request that came on it anyway is dropped.
        if (!guard.admitted(req.socket)) return void req.socket.destroy();
        onRequest(req, res).catch((err: unknown) => {
          reportError(`request failed: ${(err as Error).stack ?? String(err)}`);
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
      },
    );
    const guard = guardConnections(created, { max: maxConnections, maxPerAddress, silentTimeoutMs, upgradeTimeoutMs, log });
    return { server: created, guard };
  };
  const { server, guard } = serve();
  // The second port of `streamRedirect`: the same handlers, where a stream request is served.
  let streamHost: { server: Server; port: number } | null = null;
  if (options.streamRedirect) {
    const { server: second } = serve();
    await new Promise<void>((ok, fail) => {
      second.once('error', fail);
      second.listen(0, host, () => ok());
    });
    streamHost = { server: second, port: (second.address() as AddressInfo).port };
  }
  server.on('upgrade', (req, socket, head) => {
    if (!guard.admitted(socket)) return void socket.destroy();
    onUpgrade(req, socket, head).catch((err: unknown) => {
      reportError(`upgrade failed: ${(err as Error).stack ?? String(err)}`);
      socket.destroy();
    });
  });

  await new Promise<void>((resolveListen, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') reject(new PortInUseError(`port ${options.port ?? 0} on ${host} is already in use`));
      else reject(err);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolveListen();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(options.port ?? 0, host);
  });
  const port = (server.address() as AddressInfo).port;
  logAcceptErrors(server, log);

  let unlock: (() => void) | null = null;
  try {
    await ensureDir(dataDir);
    unlock = lockDataDir(dataDir);
    await namespaces.loadExisting();
  } catch (err) {
    // Requests that arrived meanwhile are answered 503 by the handlers once `ready` settles.
    failed = err as Error;
    markReady();
    unlock?.();
    await namespaces.closeAll().catch(() => {});
    const closed = new Promise<void>((r) => server.close(() => r()));
    server.closeAllConnections();
    await closed;
    throw err;
  }
  markReady();

  const close = (): Promise<void> => {
    closing ??= (async () => {
      const stopped = new Promise<void>((r) => server.close(() => r()));
      const streamStopped = new Promise<void>((r) => (streamHost ? streamHost.server.close(() => r()) : r()));
      dropAllClients();
      server.closeAllConnections();
      streamHost?.server.closeAllConnections();
      await Promise.all([stopped, streamStopped]);
      await namespaces.closeAll();
      unlock?.();
    })();
    return closing;
  };

  return {
    port,
    host,
    url: `http://${urlHost(host)}:${port}`,
    defaultNamespace,
    ...(streamHost ? { streamPort: streamHost.port } : {}),
    streamCount: () => streams.size,
    close,
  };
}
