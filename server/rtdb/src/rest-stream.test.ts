/**
 * REST streaming as Firebase documents it: `GET /<path>.json` with `Accept: text/event-stream` answers
 * with Server-Sent Events, a `put` of the current data, then a `put` or `patch` for each change. These
 * tests read the streams as a client does and assert the literal events it sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, SseClient, startTestServer, type SseEvent, ownerWrite } from './test-support.ts';
import type { RtdbServer } from './server.ts';

let server: RtdbServer;
let stop: () => Promise<void>;
const streams: SseClient[] = [];

beforeAll(async () => {
  ({ server, stop } = await startTestServer());
});

afterAll(async () => {
  for (const s of streams.splice(0)) s.abort();
  await stop();
});

const write = (method: string, ns: string, path: string, body?: unknown) => ownerWrite(server.url, method, ns, path, body);

async function open(ns: string, path: string, params: Record<string, string> = {}): Promise<SseClient> {
  const query = new URLSearchParams({ ns, ...params });
  const stream = await SseClient.open(`${server.url}/${path}.json?${query}`);
  streams.push(stream);
  return stream;
}

function put(path: string, data: unknown): SseEvent {
  return { event: 'put', data: { path, data } };
}

function patch(path: string, data: unknown): SseEvent {
  return { event: 'patch', data: { path, data } };
}

describe('REST streaming', () => {
  it('answers 200 text/event-stream and first puts the data at the location', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'room', { a: 1 });
    const stream = await open(ns, 'room');
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache');
    await stream.waitForEvents(1);
    expect(stream.text).toBe('event: put\ndata: {"path":"/","data":{"a":1}}\n\n');

    const empty = await open(ns, 'nothing/here');
    await empty.waitForEvents(1);
    expect(empty.text).toBe('event: put\ndata: {"path":"/","data":null}\n\n');
  });

  it('sends each write as one put or patch of what changed under the location', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'room', { a: 1, b: { c: 2 } });
    const stream = await open(ns, 'room');
    await stream.waitForEvents(1);

    await write('PUT', ns, 'room/b/d', 3);
    await write('PATCH', ns, 'room', { a: 5, x: 1 });
    await write('PUT', ns, 'elsewhere/y', 1);
    await write('PATCH', ns, '', { 'room/b/c': null, 'room/b/d': null });
    await write('PATCH', ns, '', { 'room/x': 2, other: 1 });
    await write('PUT', ns, 'room/a/z', 'q');
    await write('PATCH', ns, 'room/a', { z: 'r', w: 1 });
    await write('PUT', ns, '', { room: { n: 1 } });
    await write('DELETE', ns, 'room');
    await write('PUT', ns, 'room/new', 1);

    expect(await stream.waitForEvents(10)).toEqual([
      put('/', { a: 1, b: { c: 2 } }),
      put('/b/d', 3),
      patch('/', { a: 5, x: 1 }),
      // The write elsewhere sends nothing; the update that empties `b` removes `b` itself.
      put('/b', null),
      // Of an update above the location, only the part inside it.
      put('/x', 2),
      // `a` was a primitive: it is replaced whole, so a client never has to turn a value into an object.
      put('/a', { z: 'q' }),
      patch('/a', { z: 'r', w: 1 }),
      // A write above the location replaces all of it; so does deleting the location.
      put('/', { n: 1 }),
      put('/', null),
      put('/', { new: 1 }),
    ]);
  });

  it('streams a query: its result first, then the children that enter, leave or change', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'list', { a: 1, b: 2, c: 3, d: 4 });
    const last2 = await open(ns, 'list', { orderBy: '"$key"', limitToLast: '2' });
    const range = await open(ns, 'list', { orderBy: '"$key"', startAt: '"b"', endAt: '"c"' });
    const one = await open(ns, 'list', { orderBy: '"$key"', equalTo: '"a"' });

    await write('PUT', ns, 'list/e', 5);
    await write('PUT', ns, 'list/a', 10);
    await write('PUT', ns, 'list/bb', 22);
    await write('PUT', ns, 'list/d', 40);
    await write('DELETE', ns, 'list/e');
    await write('DELETE', ns, 'list');

    expect(await last2.waitForEvents(5)).toEqual([
      put('/', { c: 3, d: 4 }),
      patch('/', { c: null, e: 5 }),
      patch('/', { d: 40 }),
      patch('/', { e: null, c: 3 }),
      put('/', null),
    ]);
    expect(await range.waitForEvents(3)).toEqual([put('/', { b: 2, c: 3 }), patch('/', { bb: 22 }), put('/', null)]);
    expect(await one.waitForEvents(3)).toEqual([put('/', { a: 1 }), patch('/', { a: 10 }), put('/', null)]);
  });

  it('keeps the formats of REST reads: arrays, format=export, print=pretty', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'room', { list: ['x', 'y'], p: { '.value': 1, '.priority': 2 } });
    const plain = await open(ns, 'room');
    const exported = await open(ns, 'room', { format: 'export' });
    const pretty = await open(ns, 'room/list', { print: 'pretty' });

    expect(await plain.waitForEvents(1)).toEqual([put('/', { list: ['x', 'y'], p: 1 })]);
    expect(await exported.waitForEvents(1)).toEqual([put('/', { list: { 0: 'x', 1: 'y' }, p: { '.value': 1, '.priority': 2 } })]);
    await pretty.waitForEvents(1);
    expect(pretty.text).toBe(
      'event: put\ndata: {\ndata:   "path": "/",\ndata:   "data": [\ndata:     "x",\ndata:     "y"\ndata:   ]\ndata: }\n\n',
    );
    expect(pretty.events).toEqual([put('/', ['x', 'y'])]);
  });

  it('a GET without Accept: text/event-stream is the plain REST read', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'room', { a: 1 });
    const res = await fetch(`${server.url}/room.json?ns=${ns}`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ a: 1 });
  });

  it('refuses what cannot be streamed as the REST read would, with JSON errors', async () => {
    const ns = freshNamespace();
    const shallow = await open(ns, 'room', { shallow: 'true' });
    expect(shallow.response.status).toBe(400);
    expect(await shallow.response.json()).toEqual({ error: 'shallow cannot be streamed' });
    const badQuery = await open(ns, 'room', { limitToFirst: '2' });
    expect(badQuery.response.status).toBe(400);
    const unknown = await SseClient.open(`${server.url}/room.json?ns=nosuchdatabase`);
    expect(unknown.response.status).toBe(404);
  });
});

describe('keep-alive', () => {
  it('sends `keep-alive` with null data at the configured interval', async () => {
    const quick = await startTestServer({ streamKeepAliveMs: 50 });
    try {
      const ns = freshNamespace();
      const stream = await SseClient.open(`${quick.server.url}/room.json?ns=${ns}`);
      await stream.waitForEvents(3);
      const expected = 'event: put\ndata: {"path":"/","data":null}\n\nevent: keep-alive\ndata: null\n\nevent: keep-alive\ndata: null\n\n';
      // More keep-alives may have arrived in the same read.
      expect(stream.text.slice(0, expected.length)).toBe(expected);
      stream.abort();
    } finally {
      await quick.stop();
    }
  });
});
