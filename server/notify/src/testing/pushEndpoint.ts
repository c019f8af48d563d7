import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';

/** One request as the fake push service received it. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The status this endpoint answered. */
  status: number;
  at: number;
}

/** Decides the answer for a path: a status, or a function of how many requests that path had. */
export type Behaviour = number | ((attempt: number) => number | { status: number; headers?: Record<string, string> });

export interface PushEndpoint {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  received: ReceivedPush[];
  /** The endpoint URL of a subscription at `path`, answering as `behaviour` says (201 by default). */
  endpoint(path: string, behaviour?: Behaviour): string;
  for(path: string): ReceivedPush[];
  /** Resolves once `count` requests reached `path`; rejects after `timeoutMs`. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/**
 * A stand-in for a browser vendor's push service on 127.0.0.1 and a free port: it records every
 * request and answers 201 Created, or whatever a test sets for a path (410 Gone, 503, ...).
 */
export async function startPushEndpoint(options: { keepBodies?: boolean; lean?: boolean } = {}): Promise<PushEndpoint> {
  const behaviours = new Map<string, Behaviour>();
  const counts = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const server: Server = options.lean
    ? leanServer((path, body) => {
        received.push({
          path,
          headers: {},
          body: received.length % LEAN_SAMPLE === 0 ? Buffer.from(body) : EMPTY,
          status: 201,
          at: Date.now(),
        });
        if (waiters.size > 0) for (const wake of [...waiters]) wake();
      })
    : createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const path = (req.url ?? '/').split('?')[0] ?? '/';
          const attempt = (counts.get(path) ?? 0) + 1;
          counts.set(path, attempt);
          const behaviour = behaviours.get(path) ?? 201;
          const answer = typeof behaviour === 'number' ? behaviour : behaviour(attempt);
          const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
          const body = options.keepBodies === false ? Buffer.alloc(0) : Buffer.concat(chunks);
          received.push({ path, headers: req.headers, body, status, at: Date.now() });
          res.writeHead(status, headers).end();
          for (const wake of [...waiters]) wake();
        });
      });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const forPath = (path: string) => received.filter((r) => r.path === path);
  return {
    url,
    received,
    endpoint(path, behaviour) {
      if (behaviour !== undefined) behaviours.set(path, behaviour);
      return `${url}${path}`;
    },
    for: forPath,
    waitFor(path, count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (forPath(path).length < count) return;
          cleanup();
          resolve(forPath(path));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`push endpoint: ${forPath(path).length} of ${count} request(s) reached ${path} in ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) (server as ReturnType<typeof createServer>).closeAllConnections();
        else for (const socket of leanSockets.get(server) ?? []) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const EMPTY = Buffer.alloc(0);
/** A lean endpoint keeps one body in this many (a sample to decrypt); the rest are counted only. */
const LEAN_SAMPLE = 1000;
const CREATED = 'HTTP/1.1 201 Created\r\ncontent-length: 0\r\nkeep-alive: timeout=60\r\n\r\n';

/**
 * The benches' push service (`lean`): HTTP/1.1 over kept-alive connections, every POST answered
 * 201 Created as FCM does, read with as little work as can be (the bench shares the machine's
 * cores with the service it measures): the request line's path and the Content-Length-delimited
 * body, no header object, no per-request objects of node:http. Answers to requests that arrive
 * together go out in one write.
 */
const leanSockets = new WeakMap<Server, Set<Socket>>();
function leanServer(onRequest: (path: string, body: Buffer) => void): Server {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending: Buffer = EMPTY;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let answers = 0;
      for (;;) {
        const headEnd = data.indexOf('\r\n\r\n');
        if (headEnd < 0) break;
        const head = data.toString('latin1', 0, headEnd);
        const length = Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1] ?? 0);
        const end = headEnd + 4 + length;
        if (data.length < end) break;
        const target = head.slice(head.indexOf(' ') + 1, head.indexOf(' ', head.indexOf(' ') + 1));
        onRequest(target.split('?')[0] ?? '/', data.subarray(headEnd + 4, end));
        answers += 1;
        data = data.subarray(end);
      }
      pending = data.length > 0 ? Buffer.from(data) : EMPTY;
      if (answers > 0) socket.write(answers === 1 ? CREATED : CREATED.repeat(answers));
    });
  });
  leanSockets.set(server, sockets);
  return server;
}
