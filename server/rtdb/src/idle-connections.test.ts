/**
 * Connections that send nothing: 1,000 of them once held 397 of the 400 connection slots for over 75 s,
 * and every other client was refused meanwhile. A connection that sends nothing, or not its whole
 * request head, is now closed after a timeout, and at the cap a new connection takes the place of the
 * oldest one with no request in progress; connections that carry something (a WebSocket, a REST
 * stream, a held long-poll) are never closed for that.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { deleteApp } from 'firebase/app';
import { onValue, ref } from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import { within } from './bystander.ts';
import { guardConnections } from './connection-limit.ts';
import { freshNamespace, ownerWrite, sdkClient, SseClient, startTestServer, until } from './test-support.ts';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP connection that sends `bytes` (nothing by default) and then nothing more; `closedAt` once the server closed it. */
interface Idle {
  socket: Socket;
  openedAt: number;
  closedAt: number | null;
  received: string;
}

async function idleSockets(port: number, count: number, bytes = ''): Promise<Idle[]> {
  const idle = Array.from({ length: count }, () => {
    const socket = connect(port, '127.0.0.1');
    const entry: Idle = { socket, openedAt: performance.now(), closedAt: null, received: '' };
    socket.on('data', (chunk: Buffer) => (entry.received += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => (entry.closedAt = performance.now()));
    cleanups.push(() => void socket.destroy());
    return entry;
  });
  await Promise.all(
    idle.map(
      (entry) =>
        new Promise<void>((resolve) => {
          entry.socket.once('connect', () => {
            entry.openedAt = performance.now();
            if (bytes !== '') entry.socket.write(bytes);
            resolve();
          });
          entry.socket.once('close', () => resolve());
        }),
    ),
  );
  return idle;
}

interface Exchange {
  /** The server has the request: Node answers `100 Continue` as it hands a request to the server. */
  handed: Promise<void>;
  answer: Promise<{ status: number; text: string }>;
}

/** One GET on a connection of its own. */
function exchange(url: string): Exchange {
  let handed: () => void = () => {};
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { agent: false, headers: { Expect: '100-continue' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('continue', () => handed());
    req.on('error', reject);
    req.end();
  });
  return { handed: new Promise((resolve) => (handed = resolve)), answer };
}

const get = (url: string): Promise<{ status: number; text: string }> => exchange(url).answer;

describe('idle connections', () => {
  it('cannot lock a bystander out, and are closed, while a WebSocket, a REST stream and a long-poll stay', async () => {
    const TIMEOUT_MS = 2000;
    const { server, stop } = await startTestServer({
      maxConnections: 20,
      maxConnectionsPerAddress: 20,
      silentConnectionTimeoutMs: TIMEOUT_MS,
      headersTimeoutMs: TIMEOUT_MS,
      requestTimeoutMs: TIMEOUT_MS,
      upgradeTimeoutMs: TIMEOUT_MS,
    });
    cleanups.push(stop);
    const ns = freshNamespace();
    await ownerWrite(server.url, 'PUT', ns, 'room', { time: '05:00 PM' });

    // Long-lived connections, opened before the attack.
    const stream = await SseClient.open(`${server.url}/room.json?ns=${ns}`);
    cleanups.push(() => stream.abort());
    await stream.waitForEvents(1);
    const visitor = sdkClient(server.port, ns);
    cleanups.push(() => deleteApp(visitor.app));
    const seen: unknown[] = [];
    const connected: boolean[] = [];
    onValue(ref(visitor.db, 'room/time'), (snap) => void seen.push(snap.val()));
    onValue(ref(visitor.db, '.info/connected'), (snap) => void connected.push(snap.val() as boolean));
    await until(() => seen.includes('05:00 PM'), 5000, 'the visitor’s first value');
    const start = await get(`${server.url}/.lp?start=t&ser=1&cb=1&v=5&ns=${ns}`);
    const session = /pLPCommand1\('start','([^']+)','([^']+)'\)/.exec(start.text);
    if (!session) throw new Error(`no long-poll session in ${start.text}`);
    const poll = (ser: number): Exchange => exchange(`${server.url}/.lp?id=${session[1]}&pw=${session[2]}&ser=${ser}`);
    const held = poll(2);
    await within(held.handed, 5000, 'the poll to reach the server');
    const pollAnswered = held.answer.then(() => true);

    // More connections that send nothing than the server takes.
    const idle = await idleSockets(server.port, 30);

    const before = performance.now();
    const read = await within(get(`${server.url}/room/time.json?ns=${ns}`), 5000, 'the bystander’s read');
    expect(read).toEqual({ status: 200, text: '"05:00 PM"' });
    expect(performance.now() - before).toBeLessThan(1000);

    await until(() => idle.every((s) => s.closedAt !== null), 15_000, 'every idle connection to be closed by the server');
    // Some made room, the rest waited for the timeout (the server's clock starts when it accepts, after the client's).
    const lasted = idle.map((s) => (s.closedAt as number) - s.openedAt);
    expect(Math.max(...lasted)).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);

    // Past every timeout, the long-lived connections are all still there.
    expect(await Promise.race([pollAnswered, Promise.resolve(false)])).toBe(false);
    expect(stream.ended).toBe(false);
    expect(server.streamCount()).toBe(1);
    await ownerWrite(server.url, 'PUT', ns, 'room/time', '06:00 PM');
    expect(await stream.waitForEvents(2)).toEqual([
      { event: 'put', data: { path: '/', data: { time: '05:00 PM' } } },
      { event: 'put', data: { path: '/time', data: '06:00 PM' } },
    ]);
    await until(() => seen.includes('06:00 PM'), 5000, 'the visitor’s live update');
    // `.info/connected` starts false; once true it never went back.
    expect(connected.slice(connected.indexOf(true))).toEqual([true]);
    // A newer poll sends the held one back, answered: it was held all along.
    const next = poll(3);
    expect((await within(held.answer, 5000, 'the held poll')).status).toBe(200);
    void next.answer.catch(() => {});
  });

  it('one that sends nothing is closed after the silent timeout, one that stops mid-head after the headers timeout (408)', async () => {
    const { server, stop } = await startTestServer({ silentConnectionTimeoutMs: 300, headersTimeoutMs: 1500, requestTimeoutMs: 1500 });
    cleanups.push(stop);
    const [silent] = await idleSockets(server.port, 1);
    const [slow] = await idleSockets(server.port, 1, 'GET /.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await until(() => silent?.closedAt != null && slow?.closedAt != null, 10_000, 'both to be closed');
    const lasted = (s: Idle | undefined): number => (s?.closedAt as number) - (s?.openedAt as number);
    expect(lasted(silent)).toBeGreaterThanOrEqual(300 - 100);
    expect(lasted(slow)).toBeGreaterThanOrEqual(1500 - 100);
    expect(silent?.received).toBe('');
    expect(slow?.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a WebSocket upgrade whose handshake is not completed in time is closed; a completed one is not', async () => {
    const server = createServer();
    // The silent timeout as short as the upgrade's: a socket that sent its upgrade request is no
    // longer silent, and only the upgrade's own timeout may close it.
    const guard = guardConnections(server, { max: 10, silentTimeoutMs: 300, upgradeTimeoutMs: 300, log: () => {} });
    const upgraded: Duplex[] = [];
    server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
      upgraded.push(socket);
      // Stands in for a completed handshake; the other request is left waiting.
      if (req.url === '/done') {
        socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
        guard.established(socket);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Upgraded sockets are the handler's, not the HTTP server's, to close.
          for (const socket of upgraded) socket.destroy();
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const upgrade = (path: string): string =>
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`;
    const [done] = await idleSockets(port, 1, upgrade('/done'));
    const [stuck] = await idleSockets(port, 1, upgrade('/stuck'));
    await until(() => stuck?.closedAt != null, 5000, 'the stuck upgrade to be closed');
    expect((stuck?.closedAt as number) - (stuck?.openedAt as number)).toBeGreaterThanOrEqual(300 - 100);
    // Opened before the stuck one, so past its timeout as well.
    expect(done?.received).toMatch(/^HTTP\/1\.1 101 /);
    expect(done?.closedAt).toBeNull();
    expect(guard.size).toBe(1);
  });
});
