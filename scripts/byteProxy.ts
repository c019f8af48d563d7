import { createServer, connect, type Socket } from 'node:net';

/** A TCP proxy on 127.0.0.1 that counts the bytes the server sends back to clients. */
export async function startByteProxy(
  targetPort: number,
): Promise<{ port: number; bytesToClient(): number; reset(): void; close(): Promise<void> }> {
  let toClient = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      toClient += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    bytesToClient: () => toClient,
    reset: () => {
      toClient = 0;
    },
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}
