/**
 * WebSocket messages arrive as a frame count followed by that many frames. The count and the frames come
 * from the client: frames of 190 MB once crashed the server, and unfinished messages were kept without
 * limit. One frame of the SDK is at most 16,384 characters; one message at most 16 MB (Firebase's limit
 * for a write), and all unfinished messages together have a budget too.
 */
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

async function start(args: string[] = []): Promise<ChildServer> {
  const server = await startChildServer({ args });
  servers.push(server);
  return server;
}

interface Attacker {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  answers: unknown[];
}

async function attacker(port: number, ns: string): Promise<Attacker> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?ns=${ns}&v=5`);
  sockets.push(ws);
  const answers: unknown[] = [];
  ws.on('message', (data) => answers.push(JSON.parse(String(data))));
  // The socket may be closed for sending too much: the attacker sees the close, not a send error.
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await within(new Promise((resolve) => ws.once('open', resolve)), 5000, 'websocket open');
  return { ws, closed, answers };
}

function put(r: number, path: string, d: unknown): string {
  return JSON.stringify({ t: 'd', d: { r, a: 'p', b: { p: path, d } } });
}

describe('websocket message size', () => {
  it('closes a socket whose frames exceed what a client ever sends in one frame', async () => {
    const server = await start();
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const a = await attacker(server.port, ns);
    a.ws.send('3');
    a.ws.send('x'.repeat(1024 * 1024));
    const closed = await within(a.closed, 5000, 'attacker close');
    expect(closed.code).toBe(1009);
    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe('05:00 PM');
    expect(server.alive()).toBe(true);
  });

  it('closes a socket announcing more frames than the largest message has, with the reason', async () => {
    const server = await start();
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const a = await attacker(server.port, ns);
    a.ws.send('999999');
    expect(await within(a.closed, 5000, 'attacker close')).toEqual({ code: 1009, reason: 'Message larger than 16777216 bytes' });
    expect(server.alive()).toBe(true);
  });

  it('closes a socket whose counted frames add up to more than the message limit', async () => {
    const server = await start(['--max-message-bytes', '65536']);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const a = await attacker(server.port, ns);
    a.ws.send('5');
    for (let i = 0; i < 5; i++) a.ws.send('x'.repeat(16384));
    expect(await within(a.closed, 5000, 'attacker close')).toEqual({ code: 1009, reason: 'Message larger than 65536 bytes' });
    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe('05:00 PM');
  });

  it('keeps all unfinished messages within one budget and still completes those inside it', async () => {
    // Budget: four messages of 64 KiB. Five clients hold three of four 16 KiB frames each (about 240 KiB).
    const server = await start(['--max-message-bytes', '65536']);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const value = 'v'.repeat(60_000);
    const message = put(1, 'open/big', value);
    const frames = message.match(/[\s\S]{1,16384}/g) as string[];
    expect(frames).toHaveLength(4);
    const holders = await Promise.all(Array.from({ length: 5 }, () => attacker(server.port, ns)));
    for (const h of holders) h.ws.send(String(frames.length));
    for (const h of holders) for (const f of frames.slice(0, 3)) h.ws.send(f);
    const late = await attacker(server.port, ns);
    late.ws.send(String(frames.length));
    late.ws.send(frames[0] as string);
    expect(await within(late.closed, 5000, 'late client close')).toEqual({
      code: 1013,
      reason: 'Server busy: too many large messages in progress',
    });

    for (const h of holders) h.ws.send(frames[3] as string);
    for (const h of holders) {
      await within(
        (async () => {
          while (!h.answers.some((m) => (m as { d?: { r?: number } }).d?.r === 1)) await new Promise((r) => setTimeout(r, 10));
        })(),
        5000,
        'the put answer',
      );
      expect(h.answers).toContainEqual({ t: 'd', d: { r: 1, b: { s: 'ok', d: '' } } });
    }
    expect(await bystanderRead(server.port, ns, 'open/big')).toBe(value);
  });

  it('sixty unfinished large frames leave the server small and serving', async () => {
    const server = await start();
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const many = await Promise.all(Array.from({ length: 60 }, () => attacker(server.port, ns)));
    for (const a of many) {
      a.ws.send('3');
      a.ws.send('y'.repeat(2 * 1024 * 1024));
    }
    const closes = await within(Promise.all(many.map((a) => a.closed)), 5000, 'attackers closed');
    expect(new Set(closes.map((c) => c.code))).toEqual(new Set([1009]));
    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe('05:00 PM');
    expect(server.alive()).toBe(true);
  });
});
