import { createServer, type Socket } from 'node:net';

export interface Tarpit {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 and a free port that accepts TCP connections and never says a word: the
 * worst push endpoint (or database) there is, since nothing fails until a timeout says so.
 */
export async function startTarpit(): Promise<Tarpit> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
