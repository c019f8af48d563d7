import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionCap, connectionPolicy, createGuardedServer, type ConnectionGuard, type ConnectionPolicy } from './connections.ts';

/**
 * The connection policy of the render and notify services (connections.ts), on a server of its
 * own on 127.0.0.1 with short timeouts: what is asserted is that a connection is closed (or
 * answered), never how fast.
 */
const SHORT: ConnectionPolicy = {
  firstRequestMs: 200,
  headersMs: 200,
  requestMs: 400,
  keepAliveMs: 200,
  maxConnections: 100,
  checkIntervalMs: 50,
};

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
});

/** A server whose requests wait for `hold` (when given) before their answer. */
async function start(policy: ConnectionPolicy, hold?: Promise<void>): Promise<{ port: number; guard: ConnectionGuard }> {
  const { server, guard } = createGuardedServer((_req, res) => {
    void (hold ?? Promise.resolve()).then(() => res.end('ok'));
  }, policy);
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, guard };
}

interface Client {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves when the server has closed the connection, with what it sent. */
  closed: Promise<string>;
}

async function client(port: number): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<string>((ok) => socket.once('close', () => ok(text)));
  await new Promise<void>((ok, fail) => {
    socket.once('connect', ok);
    socket.once('error', fail);
  });
  return { socket, received: () => text, closed };
}

const answers = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

describe('connections that do not speak', () => {
  it('closes a connection that sends nothing', async () => {
    const { port } = await start(SHORT);
    const silent = await client(port);
    await silent.closed;
    expect(silent.socket.destroyed).toBe(true);
  });

  it('closes a connection whose first request trickles its headers and never ends them', async () => {
    const { port } = await start(SHORT);
    const slow = await client(port);
    slow.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slow.socket.write('X-Drip: 1\r\n'), 40);
    try {
      const sent = await slow.closed;
      expect(answers(sent).filter((s) => s === 200)).toEqual([]);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a kept-alive connection once idle, after answering its request', async () => {
    const { port } = await start(SHORT);
    const kept = await client(port);
    kept.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answers(await kept.closed)).toEqual([200]);
  });

  it("closes a kept-alive connection whose second request's headers do not all arrive", async () => {
    const { port } = await start({ ...SHORT, keepAliveMs: 5_000 });
    const kept = await client(port);
    kept.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!kept.received().includes('\r\n\r\nok')) await new Promise((ok) => setTimeout(ok, 20));
    kept.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => kept.socket.write('X-Drip: 1\r\n'), 40);
    try {
      expect(answers(await kept.closed)).toEqual([200, 408]);
    } finally {
      clearInterval(drip);
    }
  });

  it('keeps a connection that asks in time, and answers it', async () => {
    const { port } = await start(SHORT);
    const prompt = await client(port);
    prompt.socket.end('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answers(await prompt.closed)).toEqual([200]);
  });
});

describe('the connection cap', () => {
  it('a new connection takes the place of the oldest silent one', async () => {
    const { port, guard } = await start({ ...SHORT, firstRequestMs: 60_000, maxConnections: 3 });
    const silent = await Promise.all([client(port), client(port), client(port)]);
    const visitor = await client(port);
    visitor.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answers(await visitor.closed)).toEqual([200]);
    await silent[0]?.closed;
    expect({ oldestClosed: silent[0]?.socket.destroyed, evicted: guard.evicted >= 1 }).toEqual({ oldestClosed: true, evicted: true });
  });

  it('when every connection has a request under way, a new one is refused with a 503 and closed', async () => {
    let release = () => {};
    const hold = new Promise<void>((ok) => (release = ok));
    const { port, guard } = await start({ ...SHORT, requestMs: 60_000, maxConnections: 2 }, hold);
    const busy = await Promise.all([client(port), client(port)]);
    for (const b of busy) b.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    // Both requests have reached the server.
    while (guard.size < 2) await new Promise((ok) => setTimeout(ok, 20));
    await new Promise((ok) => setTimeout(ok, 50));
    const refused = await client(port);
    refused.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await refused.closed;
    expect(answers(text)).toEqual([503]);
    expect(text).toMatch(/\r\nConnection: close\r\n/);
    expect(text).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(text.endsWith('Too many connections; try again shortly.\n')).toBe(true);
    expect(guard.refused).toBe(1);
    release();
    for (const b of busy) b.socket.end();
  });
});

describe('the policy', () => {
  it('keeps idle connections longer than Google’s front end (600 s) by default', () => {
    const policy = connectionPolicy({});
    expect(policy).toMatchObject({ firstRequestMs: 10_000, headersMs: 10_000, keepAliveMs: 620_000 });
    expect(policy.keepAliveMs).toBeGreaterThan(600_000);
  });

  it('is read from the environment', () => {
    expect(connectionPolicy({ HTTP_FIRST_REQUEST_MS: '500', HTTP_MAX_CONNECTIONS: '50', HTTP_KEEP_ALIVE_MS: '700000' })).toMatchObject({
      firstRequestMs: 500,
      maxConnections: 50,
      keepAliveMs: 700_000,
    });
    expect(() => connectionPolicy({ HTTP_MAX_CONNECTIONS: 'lots' })).toThrow('HTTP_MAX_CONNECTIONS must be a positive integer, got "lots"');
  });

  it('never caps above what leaves a quarter of the descriptors free', () => {
    expect(connectionCap(5_000, 20_000)).toBe(5_000);
    expect(connectionCap(5_000, 1_024)).toBe(768);
    expect(connectionCap(50_000, 20_000)).toBe(15_000);
  });
});
