/**
 * One WebSocket may ask for far more than it reads. An anonymous socket sending 3,000 `get`s of a
 * 180 KB node (183 KB sent) once made the server produce 594 MB of answers for it, and a bystander's
 * read waited 16 s; sockets that never read kept the server busy after they had gone (about 1 s of
 * CPU per second for 6 s after 20 of them were terminated). The server now reads a socket's requests
 * only while that socket takes its answers, one message per turn of the event loop, cuts a socket
 * whose unread answers pass a bound, and drops a socket's session and unread requests once it has gone.
 *
 * What the server spends is counted (its CPU time, its memory), not timed: the machine running the
 * tests may be busy with other work, so a bystander's read is only checked to be answered.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { adminPut, bystanderRead, within } from './bystander.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { freshNamespace } from './test-support.ts';

const servers: ChildServer[] = [];
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

/** The server process's resident memory, in MB. */
function rssMb(server: ChildServer): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** CPU time the server process has used so far (user and system), in ms (/proc, clock ticks of 10 ms). */
function cpuMs(server: ChildServer): number {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time, in ms, the server uses over the next second. */
async function cpuOverOneSecond(server: ChildServer): Promise<number> {
  const before = cpuMs(server);
  await new Promise((r) => setTimeout(r, 1000));
  return cpuMs(server) - before;
}

/** About 180 KB: 26 games with a year of results each. */
function bigNode(): Record<string, unknown> {
  const games: Record<string, unknown> = {};
  for (let g = 0; g < 26; g++) {
    const days: Record<string, string> = {};
    for (let d = 0; d < 365; d++) days[`2026-${String(1 + (d % 12)).padStart(2, '0')}-${String(d).padStart(3, '0')}`] = `${d % 100}`;
    games[`game${g}`] = { time: '05:00 PM', sattaname: 'गली', days };
  }
  return games;
}

/** A socket that sends requests and never reads what comes back. */
function greedySocket(port: number, ns: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?ns=${ns}&v=5`);
  sockets.push(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.pause();
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

function sendGets(ws: WebSocket, count: number, path: string): void {
  for (let r = 1; r <= count; r++) ws.send(JSON.stringify({ t: 'd', d: { r, a: 'g', b: { p: path, q: {} } } }));
}

/** A new client reads a small value next to the large node: it is answered (within 5 s, however busy the machine). */
async function bystanderAnswered(server: ChildServer, ns: string): Promise<void> {
  expect(await bystanderRead(server.port, ns, 'sattanamee/game0/time', 5000)).toBe('05:00 PM');
}

describe('a socket that asks more than it reads', () => {
  it('3,000 gets of a 180 KB node: the server holds a few MB for it, stops working for it, and a bystander is answered', async () => {
    const server = await startChildServer();
    servers.push(server);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee', bigNode());
    await bystanderAnswered(server, ns);
    const before = rssMb(server);

    const greedy = await greedySocket(server.port, ns);
    sendGets(greedy, 3000, 'sattanamee');
    await new Promise((r) => setTimeout(r, 2000));

    // The socket is still there and still unread: the server has answered what fits and waits, idle.
    // Answering all 3,000 would take it seconds of CPU.
    expect(await cpuOverOneSecond(server)).toBeLessThan(100);
    expect(rssMb(server) - before).toBeLessThan(40);
    await bystanderAnswered(server, ns);
    expect(server.alive()).toBe(true);
  });

  it('1,000 listens of a 180 KB node from a socket that does not read: the same bound', async () => {
    const server = await startChildServer();
    servers.push(server);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee', bigNode());
    await bystanderAnswered(server, ns);
    const before = rssMb(server);

    const greedy = await greedySocket(server.port, ns);
    // Each a query of its own (limitToFirst 100 + i), so each gets the whole node in its first answer.
    for (let r = 1; r <= 1000; r++)
      greedy.send(JSON.stringify({ t: 'd', d: { r, a: 'q', b: { p: 'sattanamee', q: { l: 100 + r }, t: r, h: '' } } }));
    await new Promise((r) => setTimeout(r, 2000));

    expect(await cpuOverOneSecond(server)).toBeLessThan(100);
    expect(rssMb(server) - before).toBeLessThan(40);
    await bystanderAnswered(server, ns);
  });

  it('20 sockets that never read: once they have gone, the server does no more work for them', async () => {
    const server = await startChildServer();
    servers.push(server);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee', bigNode());
    await bystanderAnswered(server, ns);
    const before = rssMb(server);

    const greedy = await Promise.all(Array.from({ length: 20 }, () => greedySocket(server.port, ns)));
    for (const ws of greedy) sendGets(ws, 300, 'sattanamee');
    await new Promise((r) => setTimeout(r, 1000));
    expect(rssMb(server) - before).toBeLessThan(60);
    for (const ws of greedy) ws.terminate();

    // From half a second after they have gone the server is idle: no backlog is left behind. The
    // requests they had sent and it had not answered (some 5,900 reads of 180 KB) once kept it busy
    // at about 1 s of CPU per second for more than 6 s.
    await new Promise((r) => setTimeout(r, 500));
    expect(await cpuOverOneSecond(server)).toBeLessThan(100);
    await bystanderAnswered(server, ns);
  });

  it('a socket that reads gets every answer, however many it asked for', async () => {
    const server = await startChildServer();
    servers.push(server);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee', bigNode());
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/.ws?ns=${ns}&v=5`);
    sockets.push(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    // Answers longer than one frame come as a count, then the frames: count the answers by request number.
    const answered = new Set<number>();
    let frames = 0;
    let pieces: string[] = [];
    ws.on('message', (data) => {
      const text = String(data);
      if (frames === 0 && /^\d{1,6}$/.test(text)) {
        frames = Number(text);
        return;
      }
      if (frames > 0) {
        pieces.push(text);
        if (pieces.length < frames) return;
        frames = 0;
        const whole = JSON.parse(pieces.join('')) as { d: { r?: number; b?: { s?: string } } };
        pieces = [];
        if (whole.d.b?.s === 'ok' && whole.d.r !== undefined) answered.add(whole.d.r);
        return;
      }
      const msg = JSON.parse(text) as { d: { r?: number; b?: { s?: string } } };
      if (msg.d.b?.s === 'ok' && msg.d.r !== undefined) answered.add(msg.d.r);
    });
    sendGets(ws, 300, 'sattanamee');
    await within(
      (async () => {
        while (answered.size < 300) await new Promise((r) => setTimeout(r, 20));
      })(),
      30_000,
      'all 300 answers',
    );
    expect(answered.size).toBe(300);
  });
});
