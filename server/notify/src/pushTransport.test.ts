import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RefusedAddressError, type Resolve } from './addressPolicy.ts';
import { httpTransport } from './pushTransport.ts';
import { startTarpit, type Tarpit } from './testing/tarpit.ts';

/** Something listening on 127.0.0.1 that counts who connects (and answers 201 if spoken HTTP to). */
async function listen(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server: Server = createHttpServer((_req, res) => res.writeHead(201).end());
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** DNS as an attacker who controls a name would answer it: with this machine's address. */
const rebinding: Resolve = (hostname, callback) =>
  hostname === 'localhost'
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(null, [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);

const OPTIONS = { maxSockets: 2, connectTimeoutMs: 5_000, idleTimeoutMs: 5_000 };
const request = (endpoint: string) => ({ endpoint, headers: { TTL: 60 }, body: Buffer.from('x') });

let target: Awaited<ReturnType<typeof listen>> | undefined;
let tarpit: Tarpit | undefined;
let close: (() => void) | undefined;
afterEach(async () => {
  close?.();
  await target?.close();
  await tarpit?.close();
  target = undefined;
  tarpit = undefined;
});

describe('push transport: the address it connects to', () => {
  it.each([
    ['a name that resolves to 127.0.0.1', (port: number) => `https://rebind.example:${port}/push`, rebinding],
    ['localhost through the system resolver', (port: number) => `https://localhost:${port}/push`, undefined],
    ['an IPv4-mapped loopback literal', (port: number) => `https://[::ffff:127.0.0.1]:${port}/push`, undefined],
    ['a loopback literal over http', (port: number) => `http://127.0.0.1:${port}/push`, undefined],
  ])('refuses %s in production and never connects', async (_name, endpoint, resolve) => {
    target = await listen();
    const transport = httpTransport({ ...OPTIONS, allowLoopback: false, ...(resolve ? { resolve } : {}) });
    close = transport.close;
    await expect(transport.send(request(endpoint(target.port)), new AbortController().signal)).rejects.toBeInstanceOf(RefusedAddressError);
    expect(target.connections()).toBe(0);
  });

  it('reaches loopback in the local emulator mode, by name and by address', async () => {
    target = await listen();
    const transport = httpTransport({ ...OPTIONS, allowLoopback: true });
    close = transport.close;
    expect((await transport.send(request(`http://localhost:${target.port}/push`), new AbortController().signal)).statusCode).toBe(201);
    expect((await transport.send(request(`http://127.0.0.1:${target.port}/push`), new AbortController().signal)).statusCode).toBe(201);
    expect(target.connections()).toBeGreaterThan(0);
  });
});

describe('push transport: bounded waits', () => {
  it('fails a connection whose TLS handshake never completes after the connect timeout', async () => {
    tarpit = await startTarpit();
    const transport = httpTransport({ ...OPTIONS, connectTimeoutMs: 300, allowLoopback: true });
    close = transport.close;
    await expect(transport.send(request(`https://localhost:${tarpit.port}/push`), new AbortController().signal)).rejects.toThrow(
      `no connection to localhost:${tarpit.port} within 300 ms`,
    );
  });

  it('gives up a request that gets no answer when its signal is aborted', async () => {
    tarpit = await startTarpit();
    const transport = httpTransport({ ...OPTIONS, allowLoopback: true });
    close = transport.close;
    const controller = new AbortController();
    const sent = transport.send(request(`${tarpit.url}/push`), controller.signal);
    while (tarpit.connections() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('deadline'));
    await expect(sent).rejects.toThrow();
  });
});

describe('push transport: answers', () => {
  it("gives a refusal's status, headers and body, and an acceptance's status", async () => {
    let calls = 0;
    const server = createHttpServer((req, res) => {
      calls += 1;
      req.resume();
      req.on('end', () => {
        if (calls === 1) res.writeHead(201).end();
        else res.writeHead(429, { 'Retry-After': '7', 'Content-Type': 'text/plain' }).end('slow down');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const transport = httpTransport({ ...OPTIONS, allowLoopback: true });
    close = () => {
      transport.close();
      server.close();
    };
    const endpoint = `http://127.0.0.1:${port}/fcm/send/abc?x=1`;
    const target = { origin: `http://127.0.0.1:${port}`, path: '/fcm/send/abc?x=1' };
    expect(await transport.send({ endpoint, target, headers: { TTL: 60 }, body: Buffer.from('x') }, {})).toEqual({
      statusCode: 201,
      headers: {},
      body: '',
    });
    const refused = await transport.send({ endpoint, target, headers: { TTL: 60 }, body: Buffer.from('x') }, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.body).toBe('slow down');
  });

  it('gives up a request that gets no answer when its cancel handle is called', async () => {
    tarpit = await startTarpit();
    const transport = httpTransport({ ...OPTIONS, allowLoopback: true });
    close = transport.close;
    const cancel: { abort?: (reason: Error) => void } = {};
    const sent = transport.send(request(`${tarpit.url}/push`), cancel);
    while (tarpit.connections() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cancel.abort).toBeTypeOf('function');
    cancel.abort?.(new Error('deadline'));
    await expect(sent).rejects.toThrow('deadline');
  });
});
