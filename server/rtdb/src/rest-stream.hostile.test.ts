/**
 * What a REST stream may cost the server: nothing once its client has gone (no listener or timer left
 * behind), one connection out of the server's cap while it lasts, and a bounded amount of memory when
 * its client stops reading.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotText, SNAPSHOT_FILE } from './storage.ts';
import { freshNamespace, SseClient, startTestServer, unsignedJwt, until, ownerWrite } from './test-support.ts';
import type { RtdbServer } from './server.ts';

let server: RtdbServer;
let dataDir: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ server, dataDir, stop } = await startTestServer({ maxConnectionsPerAddress: 400 }));
});

afterAll(async () => {
  await stop();
});

const write = (ns: string, path: string, value: unknown) => ownerWrite(server.url, 'PUT', ns, path, value);

describe('streams whose clients go away', () => {
  it('leave nothing behind: 200 streams opened and aborted, and 50 aborted before their answer', async () => {
    const ns = freshNamespace();
    const url = `${server.url}/room.json?ns=${ns}`;
    await write(ns, 'room', { a: 1 });
    const baseline = server.streamCount();

    const streams = await Promise.all(Array.from({ length: 200 }, () => SseClient.open(url)));
    await Promise.all(streams.map((s) => s.waitForEvents(1)));
    expect(server.streamCount()).toBe(baseline + 200);
    for (const s of streams) s.abort();

    // Clients that leave while the server is still answering: it must not start a stream for them.
    const early = Array.from({ length: 50 }, () => {
      const controller = new AbortController();
      const answer = fetch(url, { headers: { Accept: 'text/event-stream' }, signal: controller.signal }).catch(() => null);
      setImmediate(() => controller.abort());
      return answer;
    });
    await Promise.all(early);

    await until(() => server.streamCount() === baseline, 5000, 'every aborted stream to be released');
    // A request answered now comes after the server has seen the aborted connections close.
    const after = await SseClient.open(url);
    await write(ns, 'room/b', 2);
    expect(await after.waitForEvents(2)).toEqual([
      { event: 'put', data: { path: '/', data: { a: 1 } } },
      { event: 'put', data: { path: '/b', data: 2 } },
    ]);
    expect(server.streamCount()).toBe(baseline + 1);
    after.abort();
    await until(() => server.streamCount() === baseline, 5000, 'the last stream to be released');
  });

  it('leave nothing behind when they go while the server loads their namespace', async () => {
    // A namespace with much data that is not loaded yet: the first request for it waits while it loads.
    const ns = freshNamespace();
    const rows = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, { name: `row ${i}`, at: i }]));
    mkdirSync(join(dataDir, ns));
    writeFileSync(join(dataDir, ns, SNAPSHOT_FILE), snapshotText(0, JSON.stringify({ rows })));
    const baseline = server.streamCount();

    const gone = connect(server.port, '127.0.0.1');
    gone.write(`GET /rows/k1.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nExpect: 100-continue\r\n\r\n`);
    // Node answers `100 Continue` as it hands the request to the server: the client leaves right then.
    await new Promise((resolve) => gone.once('data', resolve));
    gone.resetAndDestroy();

    // This request waits for the same load, so the server has handled the gone client's request before it.
    const stream = await SseClient.open(`${server.url}/rows/k1.json?ns=${ns}`);
    expect(await stream.waitForEvents(1)).toEqual([{ event: 'put', data: { path: '/', data: { name: 'row 1', at: 1 } } }]);
    await until(() => server.streamCount() === baseline + 1, 5000, 'only the live stream to be left');
    stream.abort();
  });

  it('end when the server shuts down', async () => {
    const own = await startTestServer();
    const stream = await SseClient.open(`${own.server.url}/room.json?ns=${freshNamespace()}`);
    await stream.waitForEvents(1);
    await own.stop();
    await stream.waitForEnd();
    expect(own.server.streamCount()).toBe(0);
  });
});

describe('streams and connections', () => {
  it('a stream pipelined behind another on the same connection is refused, not started', async () => {
    const ns = freshNamespace();
    const baseline = server.streamCount();
    const request = (params: string): string =>
      `GET /room.json?ns=${ns}${params} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`;
    // The first stream ends on its own (its token expires), which lets the answers queued behind it out.
    const token = unsignedJwt({ sub: 'u1', exp: Math.ceil(Date.now() / 1000) + 1 });
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write(request(`&auth=${token}`) + request('').repeat(3));
    await until(() => server.streamCount() === baseline + 1, 5000, 'the first stream');
    await until(() => (received.match(/HTTP\/1\.1 400 /g) ?? []).length === 3, 5000, 'three refusals');
    expect(received).toContain('event: auth_revoked\ndata: "credential is no longer valid"\n\n');
    expect(received).toContain('{"error":"A stream cannot be pipelined behind another request"}');
    expect(server.streamCount()).toBe(baseline);
    socket.destroy();
  });

  it('each stream holds one of the server’s connections; beyond the cap the next is refused', async () => {
    const limited = await startTestServer({ maxConnections: 6, maxConnectionsPerAddress: 100 });
    const url = `${limited.server.url}/room.json?ns=${freshNamespace()}`;
    const held: SseClient[] = [];
    try {
      for (let i = 0; i < 6; i++) held.push(await SseClient.open(url));
      await Promise.all(held.map((s) => s.waitForEvents(1)));
      expect(limited.server.streamCount()).toBe(6);

      await expect(SseClient.open(url)).rejects.toThrow();
      expect(limited.server.streamCount()).toBe(6);

      (held.shift() as SseClient).abort();
      await until(() => limited.server.streamCount() === 5, 5000, 'the aborted stream to be released');
      const again = await SseClient.open(url);
      held.push(again);
      expect(await again.waitForEvents(1)).toEqual([{ event: 'put', data: { path: '/', data: null } }]);
    } finally {
      for (const s of held) s.abort();
      await limited.stop();
    }
  });
});

describe('a client that does not read', () => {
  it('loses its stream once over 1 MiB beyond its largest event waits, while a reading client keeps its own', async () => {
    const ns = freshNamespace();
    const baseline = server.streamCount();
    // A raw socket that sends its request and never reads: TCP backpressure reaches the server.
    const slow: Socket = connect(server.port, '127.0.0.1');
    slow.write(`GET /room.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    await until(() => server.streamCount() === baseline + 1, 5000, 'the slow stream');
    const reader = await SseClient.open(`${server.url}/room.json?ns=${ns}`);
    await reader.waitForEvents(1);
    expect(server.streamCount()).toBe(baseline + 2);

    // Kernel buffers take a few MiB first; then the server's own buffer passes the bound.
    const value = 'x'.repeat(256 * 1024);
    let writes = 0;
    while (server.streamCount() === baseline + 2 && writes < 100) await write(ns, 'room', `${writes++}${value}`);
    expect(server.streamCount()).toBe(baseline + 1);
    expect(writes).toBeLessThan(100);

    await reader.waitUntil(() => reader.events.length === writes + 1, `all ${writes} writes`, 10_000);
    expect(reader.events.at(-1)).toEqual({ event: 'put', data: { path: '/', data: `${writes - 1}${value}` } });
    reader.abort();

    // The slow client finds its connection closed, with less than it was sent.
    let received = 0;
    slow.on('data', (chunk: Buffer) => (received += chunk.length));
    await new Promise<void>((resolve) => slow.on('close', () => resolve()));
    expect(received).toBeLessThan(writes * value.length);
  });

  it('is not confused with a client that reads a location larger than the bound', async () => {
    const ns = freshNamespace();
    const big = 'y'.repeat(3 * 1024 * 1024);
    await write(ns, 'room', { big });
    const stream = await SseClient.open(`${server.url}/room.json?ns=${ns}`);
    await write(ns, 'room/small', 1);
    expect(await stream.waitForEvents(2, 10_000)).toEqual([
      { event: 'put', data: { path: '/', data: { big } } },
      { event: 'put', data: { path: '/small', data: 1 } },
    ]);
    expect(stream.ended).toBe(false);
    stream.abort();
  });
});
