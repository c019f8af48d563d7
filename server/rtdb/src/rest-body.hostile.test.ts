/**
 * Large REST bodies: ten anonymous 250 MB PUTs were once each refused with 401 only after 21-49 s of
 * reading, with 3.3 GB of memory in use. A write the rules deny whatever it holds is now refused before
 * its body is read, and a body over the limit as soon as its Content-Length or the part received says
 * so; either way the connection closes and the rest of the body is never read.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from './bystander.ts';
import { freshNamespace, ownerWrite, removeDir, startTestServer, tempDir, unsignedJwt, writeRules } from './test-support.ts';
import type { RtdbServer } from './server.ts';

const RULES = {
  rules: {
    secret: { '.read': true, '.write': 'auth != null && auth.token.admin === true' },
    numbers: { '.read': true, $n: { '.write': 'newData.isNumber()' } },
    open: { '.read': true, '.write': true },
  },
};

const MB = 1000 * 1000;

let server: RtdbServer;
let stop: () => Promise<void>;
/** A second server whose body limit is 1 MiB, so a body over it costs the test little. */
let small: RtdbServer;
let stopSmall: () => Promise<void>;
let rulesDir: string;

beforeAll(async () => {
  rulesDir = tempDir('rules');
  const rulesFile = writeRules(rulesDir, RULES);
  ({ server, stop } = await startTestServer({ rulesFile }));
  ({ server: small, stop: stopSmall } = await startTestServer({ rulesFile, maxBodyBytes: 1024 * 1024 }));
});

afterAll(async () => {
  await stop();
  await stopSmall();
  removeDir(rulesDir);
});

interface Answer {
  status: number;
  body: string;
  /** Body bytes written to the socket when the answer's first byte arrived. */
  sentBeforeAnswer: number;
}

/**
 * Sends `head`, then body bytes (`chunked` adds the chunk framing) in 64 KiB pieces while the socket
 * takes them, up to `total`, stopping as soon as an answer arrives. Resolves once the server has
 * closed the connection, with the answer.
 */
function send(port: number, head: string, total: number, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const piece = Buffer.alloc(64 * 1024, '1');
    let sent = 0;
    let sentBeforeAnswer = -1;
    let received = '';
    const pump = (): void => {
      while (sentBeforeAnswer < 0 && sent < total) {
        const n = Math.min(piece.length, total - sent);
        sent += n;
        const bytes = chunked
          ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), piece.subarray(0, n), Buffer.from('\r\n')])
          : piece.subarray(0, n);
        if (!socket.write(bytes)) return void socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (chunk: Buffer) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      received += chunk.toString();
    });
    // Writing after the server closed its side fails (EPIPE, ECONNRESET): expected, the answer is in.
    socket.on('error', () => {});
    socket.on('close', () => {
      const m = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (!m) return reject(new Error(`no answer; received ${JSON.stringify(received)}`));
      resolve({ status: Number(m[1]), body: received.slice(received.indexOf('\r\n\r\n') + 4), sentBeforeAnswer });
    });
  });
}

const put = (ns: string, path: string, headers: string): string =>
  `PUT /${path}.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

describe('a write the rules deny whatever it holds', () => {
  it('anonymous PUT of 250 MB to an admin-only path: 401 after a few KB, and the connection closes', async () => {
    const ns = freshNamespace();
    await ownerWrite(server.url, 'PUT', ns, 'secret/pin', '0042');
    const answer = await within(send(server.port, put(ns, 'secret/pin', `Content-Length: ${250 * MB}\r\n`), 4096), 5000, 'the answer');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Permission denied' });
    // Answered after at most 4 KB of the 250 MB: counted in bytes, not timed, as the machine may be busy.
    expect(answer.sentBeforeAnswer).toBeLessThanOrEqual(4096);
    expect(await (await fetch(`${server.url}/secret/pin.json?ns=${ns}`)).json()).toBe('0042');
  });

  it('also with chunked encoding, for a signed-in user without the claim, and for PATCH and POST', async () => {
    const ns = freshNamespace();
    const token = unsignedJwt({ sub: 'u1' });
    const heads = [
      put(ns, 'secret/pin', 'Transfer-Encoding: chunked\r\n'),
      put(ns, 'secret/pin', `Authorization: Bearer ${token}\r\nContent-Length: ${250 * MB}\r\n`),
      `PATCH /secret.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${250 * MB}\r\n\r\n`,
      `POST /secret/list.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${250 * MB}\r\n\r\n`,
    ];
    for (const head of heads) {
      const answer = await within(send(server.port, head, 4096, head.includes('chunked')), 5000, head);
      expect({ head, status: answer.status, body: answer.body }).toEqual({ head, status: 401, body: '{"error":"Permission denied"}' });
      expect(answer.sentBeforeAnswer).toBeLessThanOrEqual(4096);
    }
    expect(await (await fetch(`${server.url}/secret.json?ns=${ns}`)).json()).toBeNull();
  });

  it('a rule that depends on the new data is decided on the whole body', async () => {
    const ns = freshNamespace();
    // The body arrives in two parts: a decision before the second part could only be a guess.
    const twoParts = (value: string): Promise<{ status: number; text: string }> =>
      new Promise((resolve, reject) => {
        const req = request(
          `${server.url}/numbers/n.json?ns=${ns}`,
          { method: 'PUT', agent: false, headers: { 'Content-Length': String(value.length) } },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write(value.slice(0, 1));
        setImmediate(() => req.end(value.slice(1)));
      });
    expect(await twoParts('42')).toEqual({ status: 200, text: '42' });
    expect(await twoParts('"x"')).toEqual({ status: 401, text: '{"error":"Permission denied"}' });
    expect(await (await fetch(`${server.url}/numbers/n.json?ns=${ns}`)).json()).toBe(42);
  });
});

describe('a body over the limit', () => {
  it('is refused by its Content-Length (Firebase’s 256 MB for one REST write), even for the admin, before any of it is sent', async () => {
    const ns = freshNamespace();
    const answer = await within(
      send(server.port, put(ns, 'open/x', `Authorization: Bearer owner\r\nContent-Length: ${300 * MB}\r\n`), 0),
      5000,
      'the answer',
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request body too large' });
    expect(answer.sentBeforeAnswer).toBe(0);
  });

  it('sent chunked, without a length, is refused as it passes the limit: before the rest is sent, and not stored', async () => {
    const ns = freshNamespace();
    const total = 256 * 1024 * 1024;
    const answer = await within(send(small.port, put(ns, 'open/x', 'Transfer-Encoding: chunked\r\n'), total, true), 5000, 'the answer');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request body too large' });
    // What was written beyond the 1 MiB limit is at most what socket buffers take (a few MiB), far from all of it.
    expect(answer.sentBeforeAnswer).toBeGreaterThan(1024 * 1024);
    expect(answer.sentBeforeAnswer).toBeLessThan(total / 4);
    expect(await (await fetch(`${small.url}/open/x.json?ns=${ns}`)).json()).toBeNull();
  });
});

describe('legitimate writes', () => {
  it('the admin’s writes, with a length or chunked, and an open path’s anonymous writes still work', async () => {
    const ns = freshNamespace();
    await ownerWrite(server.url, 'PUT', ns, 'secret/pin', '0042');
    await ownerWrite(server.url, 'PATCH', ns, 'secret', { other: 1 });
    await ownerWrite(server.url, 'POST', ns, 'secret/list', 'first');
    // 900 KB sent in pieces without a length: under the small server's limit of 1 MiB.
    const big = 'y'.repeat(900_000);
    const chunked = await fetch(`${small.url}/secret/big.json?ns=${ns}&auth=owner`, {
      method: 'PUT',
      body: new ReadableStream({
        start(controller) {
          const text = new TextEncoder().encode(JSON.stringify(big));
          for (let i = 0; i < text.length; i += 64 * 1024) controller.enqueue(text.subarray(i, i + 64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(await (await fetch(`${small.url}/secret/big.json?ns=${ns}`)).json()).toBe(big);
    expect((await fetch(`${server.url}/open/a.json?ns=${ns}`, { method: 'PUT', body: '{"b":1}' })).status).toBe(200);
    const secret = (await (await fetch(`${server.url}/secret.json?ns=${ns}`)).json()) as Record<string, unknown>;
    expect(secret.pin).toBe('0042');
    expect(secret.other).toBe(1);
    expect(Object.values(secret.list as object)).toEqual(['first']);
  });
});
