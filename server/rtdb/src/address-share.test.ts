import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { addressKey, perAddressLimit } from './connection-limit.ts';
import { freshNamespace, ownerWrite, startTestServer, until } from './test-support.ts';

/*
 * No address takes more than its share of the connection slots (streams, WebSockets, requests
 * alike; an IPv6 /64 counts as one address), and no client makes the server hold more than its
 * budget in answers and stream events it does not read. A second address is 127.0.0.2 (Linux
 * routes all of 127.0.0.0/8 to loopback); every server is on 127.0.0.1 and stopped at the end.
 */
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Raw {
  socket: Socket;
  received(): string;
  closed: Promise<string>;
}

/** A raw connection from `from` that sends `request` and reads what comes (or, with `read: false`, nothing). */
function raw(port: number, from: string, request: string, read = true): Raw {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  cleanups.push(() => socket.destroy());
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1', 0, Math.min(chunk.length, 4096))));
  socket.on('error', () => {});
  if (!read) socket.once('data', () => socket.pause());
  const closed = new Promise<string>((ok) => socket.once('close', () => ok(text)));
  socket.once('connect', () => socket.write(request));
  return { socket, received: () => text, closed };
}

const stream = (ns: string, path = 'room') => `GET /${path}.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`;
const read = (ns: string, path = 'room') => `GET /${path}.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

async function server(options: Parameters<typeof startTestServer>[0]) {
  const started = await startTestServer(options);
  cleanups.push(() => started.stop());
  return started.server;
}

describe('the address', () => {
  it('an IPv4 address is one client, written plainly or IPv4-mapped; a whole IPv6 /64 is one', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('may hold a quarter of the slots by default', () => {
    expect(perAddressLimit(400)).toBe(100);
    expect(perAddressLimit(400, 50)).toBe(50);
    expect(perAddressLimit(2)).toBe(1);
  });
});

describe('the share of one address', () => {
  it('streams: past its share an address is answered 503, while a second address gets its stream', async () => {
    const rtdb = await server({ maxConnections: 12, maxConnectionsPerAddress: 3 });
    const ns = freshNamespace();
    await ownerWrite(rtdb.url, 'PUT', ns, 'room', { time: '05:00 PM' });
    const held = [1, 2, 3].map(() => raw(rtdb.port, '127.0.0.1', stream(ns)));
    await until(() => rtdb.streamCount() === 3, 5000, 'three streams');

    const over = raw(rtdb.port, '127.0.0.1', stream(ns));
    const refused = await over.closed;
    expect(status(refused)).toBe(503);
    expect(refused).toContain('{"error":"Too many connections from this address; close some and try again."}');
    expect(rtdb.streamCount()).toBe(3);

    const second = raw(rtdb.port, '127.0.0.2', stream(ns));
    await until(() => second.received().includes('event: put'), 5000, 'the second address’s stream');
    expect(status(second.received())).toBe(200);
    expect(rtdb.streamCount()).toBe(4);
    expect(held.every((h) => status(h.received()) === 200)).toBe(true);
  });

  it('WebSockets alike: handshaken sockets that send nothing take no more than the share', async () => {
    const rtdb = await server({ maxConnections: 12, maxConnectionsPerAddress: 3 });
    const ns = freshNamespace();
    const open = (from: string) =>
      new Promise<number | 'open'>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${rtdb.port}/.ws?ns=${ns}&v=5`, { localAddress: from });
        cleanups.push(() => ws.terminate());
        ws.on('error', () => {});
        ws.once('open', () => resolve('open'));
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('close', () => resolve(0));
      });
    const first = [await open('127.0.0.1'), await open('127.0.0.1'), await open('127.0.0.1')];
    expect(first).toEqual(['open', 'open', 'open']);
    expect(await open('127.0.0.1')).toBe(503);
    expect(await open('127.0.0.2')).toBe('open');
  });

  it("an address's idle connection makes room for its own new one", async () => {
    const rtdb = await server({ maxConnections: 12, maxConnectionsPerAddress: 2, silentConnectionTimeoutMs: 60_000 });
    const ns = freshNamespace();
    const silent = connect({ port: rtdb.port, host: '127.0.0.1', localAddress: '127.0.0.1' });
    cleanups.push(() => silent.destroy());
    silent.on('error', () => {});
    const silentClosed = new Promise<void>((ok) => silent.once('close', () => ok()));
    await new Promise<void>((ok) => silent.once('connect', () => ok()));
    const busy = raw(rtdb.port, '127.0.0.1', stream(ns));
    await until(() => rtdb.streamCount() === 1, 5000, 'the stream');
    const next = raw(rtdb.port, '127.0.0.1', `GET /room.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(status(await next.closed)).toBe(200);
    await silentClosed;
    expect(status(busy.received())).toBe(200);
  });
});

describe('what one client that does not read may make the server hold', () => {
  const big = 'x'.repeat(8 * 1024 * 1024);

  it('REST reads: once its unread answers hold the budget, the next read is answered 503; another client reads', async () => {
    const rtdb = await server({ maxClientBufferBytes: 1024 * 1024, maxConnectionsPerAddress: 50 });
    const ns = freshNamespace();
    await ownerWrite(rtdb.url, 'PUT', ns, 'room', { big });
    // Its answer is more than kernel buffers take: the rest waits in the server for a read that never comes.
    const unread = raw(rtdb.port, '127.0.0.1', read(ns), false);
    await until(() => status(unread.received()) === 200, 5000, 'the first answer to start');

    const next = raw(rtdb.port, '127.0.0.1', read(ns));
    const refused = await next.closed;
    expect(status(refused)).toBe(503);
    expect(refused).toContain('{"error":"Too much unread data for this client: read the earlier answers first"}');

    const other = raw(rtdb.port, '127.0.0.2', read(ns, 'room/none'));
    await until(() => other.received().includes('\r\n\r\nnull'), 5000, 'the other client’s answer');
    expect(status(other.received())).toBe(200);
  });

  it('streams: once its unread streams hold the budget, the next stream is answered 503; another client streams', async () => {
    const rtdb = await server({ maxClientBufferBytes: 1024 * 1024, maxConnectionsPerAddress: 50 });
    const ns = freshNamespace();
    await ownerWrite(rtdb.url, 'PUT', ns, 'room', { big });
    const unread = raw(rtdb.port, '127.0.0.1', stream(ns), false);
    await until(() => status(unread.received()) === 200, 5000, 'the first stream to start');

    const next = raw(rtdb.port, '127.0.0.1', stream(ns));
    const refused = await next.closed;
    expect(status(refused)).toBe(503);
    expect(refused).toContain('{"error":"Too much unread data for this client: read the earlier answers and streams first"}');
    expect(rtdb.streamCount()).toBe(1);

    const other = raw(rtdb.port, '127.0.0.2', stream(ns, 'room/none'));
    await until(() => other.received().includes('event: put'), 5000, 'the other client’s stream');
    expect(rtdb.streamCount()).toBe(2);
  });
});
