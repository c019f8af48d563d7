import { createServer, type IncomingHttpHeaders } from 'node:http';

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
export async function startPushEndpoint(options: { keepBodies?: boolean } = {}): Promise<PushEndpoint> {
  const behaviours = new Map<string, Behaviour>();
  const counts = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
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
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
