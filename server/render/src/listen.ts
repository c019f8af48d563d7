import type { IncomingMessage, ServerResponse } from 'node:http';
import { connectionPolicy, createGuardedServer, type ConnectionPolicy } from '../../hosting/connections.ts';
import { logRequest, logsRequests } from '../../log/log.ts';

/** A listening server of the render service, and how it stops. */
export interface Listening {
  url: string;
  port: number;
  /** Whether it is stopping (drain called): each answer closes its connection. */
  readonly draining: boolean;
  /** Stops at once, dropping the connections (tests). */
  close(): Promise<void>;
  /** Refuses new connections, lets the requests under way finish, drops what is left after `graceMs`. */
  drain(graceMs: number): Promise<void>;
}

/**
 * `answer` behind the connection guards of server/hosting/connections.ts (connections that do
 * not speak, the cap), each request logged when logging is on and a failure answered 500,
 * listening on `host:port` (127.0.0.1 unless told; port 0: a free one).
 */
export async function listen(
  answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  options: { host?: string; port: number; connections?: ConnectionPolicy },
): Promise<Listening> {
  const { server } = createGuardedServer(
    (req, res) => {
      if (logsRequests()) logWhenDone(req, res);
      answer(req, res).catch((error: unknown) => {
        console.error('render:', error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    },
    options.connections ?? connectionPolicy(),
    (line) => console.warn(`render: ${line}`),
  );
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  let draining = false;
  return {
    url: `http://${host}:${port}`,
    port,
    get draining() {
      return draining;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
    drain: (graceMs) =>
      new Promise<void>((ok) => {
        draining = true;
        // A kept-alive connection is closed as soon as it has no request under way.
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(force);
          ok();
        });
        server.closeIdleConnections();
      }),
  };
}

function logWhenDone(req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  res.once('finish', () =>
    logRequest('render', {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      status: res.statusCode,
      ms: performance.now() - started,
      headers: req.headers,
      remoteIp: req.socket.remoteAddress,
      responseSize: Number(res.getHeader('content-length') ?? 0) || undefined,
    }),
  );
}
