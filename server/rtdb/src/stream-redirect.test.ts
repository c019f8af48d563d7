/**
 * Firebase answers a REST stream request with a 307 to the server that holds the database, which
 * the client follows, cross-origin. With `streamRedirect` the local server does the same (to a
 * second port of its own), so that path is exercised before production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, startTestServer } from './test-support.ts';
import type { RtdbServer } from './server.ts';

let server: RtdbServer;
let stop: () => Promise<void>;
const ns = freshNamespace();

beforeAll(async () => {
  ({ server, stop } = await startTestServer({ streamRedirect: true }));
  await fetch(`${server.url}/live.json?ns=${ns}&auth=owner`, { method: 'PUT', body: JSON.stringify({ n: '42' }) });
});
afterAll(async () => {
  await stop?.();
});

describe('a REST stream request with streamRedirect', () => {
  it('is answered 307 to the same path and query on the second port, with CORS', async () => {
    const res = await fetch(`${server.url}/live.json?ns=${ns}`, {
      headers: { Accept: 'text/event-stream', Origin: 'http://127.0.0.1:5000' },
      redirect: 'manual',
    });
    expect(res.status).toBe(307);
    expect(server.streamPort).toBeGreaterThan(0);
    expect(server.streamPort).not.toBe(server.port);
    expect(res.headers.get('location')).toBe(`http://127.0.0.1:${server.streamPort}/live.json?ns=${ns}`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is streamed where it is sent, with CORS, and a plain read is answered where it was asked', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/live.json?ns=${ns}`, { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(new URL(res.url).port).toBe(String(server.streamPort));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('\n\n')) text += Buffer.from((await reader.read()).value ?? new Uint8Array()).toString('utf8');
    controller.abort();
    expect(text).toBe('event: put\ndata: {"path":"/","data":{"n":"42"}}\n\n');
    const read = await fetch(`${server.url}/live.json?ns=${ns}`, { redirect: 'manual' });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ n: '42' });
  });
});
