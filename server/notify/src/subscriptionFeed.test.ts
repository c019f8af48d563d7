import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionFeed } from './subscriptionFeed.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A stand-in for the database's REST stream: `script` writes the events, in whatever chunks. */
async function streamServer(script: (res: ServerResponse, attempt: number) => void): Promise<{ url: string; auth: string[] }> {
  const auth: string[] = [];
  let attempt = 0;
  server = createServer((req, res) => {
    auth.push(req.headers.authorization ?? '');
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    script(res, (attempt += 1));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webPushSubscriptions.json`, auth };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

describe('subscription feed (REST streaming)', () => {
  it('reads Hindi text whose bytes are cut mid-character across pieces, and a delimiter cut between two pieces', async () => {
    const bytes = Buffer.from(
      event('put', { path: '/', data: { k1: { endpoint: 'https://push.example/1', games: { 'गली दिसावर': true } } } }) +
        event('put', { path: '/k1/games', data: { फरीदाबाद: true } }),
    );
    const { url } = await streamServer((res) => {
      // 5-byte pieces: every Devanagari character (3 bytes) is cut somewhere; so is each \n\n.
      for (let i = 0; i < bytes.length; i += 5) res.write(bytes.subarray(i, i + 5));
    });
    const resets: unknown[] = [];
    const changes: [string[], unknown][] = [];
    const feed = subscriptionFeed({
      url,
      token: async () => 'tok',
      handlers: { reset: (entries) => resets.push(entries), change: (path, value) => changes.push([path, value]) },
      log: () => undefined,
    });
    try {
      await vi.waitFor(() => expect(changes).toHaveLength(1));
      expect(resets).toEqual([{ k1: { endpoint: 'https://push.example/1', games: { 'गली दिसावर': true } } }]);
      expect(changes).toEqual([[['k1', 'games'], { फरीदाबाद: true }]]);
    } finally {
      feed.stop();
    }
  });

  it('reads the list from the first put, though it arrives in pieces, then each change, put or patch', async () => {
    const big = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, { endpoint: `https://push.example/${i}` }]));
    const text =
      event('put', { path: '/', data: big }) +
      event('keep-alive', null) +
      event('put', { path: '/k1', data: null }) +
      event('put', { path: '/k2/games', data: { Gali: true } }) +
      event('patch', { path: '/', data: { k3: { endpoint: 'x' }, 'k4/games': false } });
    const { url, auth } = await streamServer((res) => {
      // Cut mid-line and mid-delimiter.
      for (let i = 0; i < text.length; i += 997) res.write(text.slice(i, i + 997));
    });
    const resets: number[] = [];
    const changes: [string[], unknown][] = [];
    const feed = subscriptionFeed({
      url,
      token: async () => 'tok',
      handlers: {
        reset: (entries) => resets.push(Object.keys(entries ?? {}).length),
        change: (path, value) => changes.push([path, value]),
      },
      log: () => undefined,
    });
    try {
      await vi.waitFor(() => expect(changes).toHaveLength(4));
      expect(resets).toEqual([2_000]);
      expect(changes).toEqual([
        [['k1'], null],
        [['k2', 'games'], { Gali: true }],
        [['k3'], { endpoint: 'x' }],
        [['k4', 'games'], false],
      ]);
      expect(auth).toEqual(['Bearer tok']);
    } finally {
      feed.stop();
    }
  });

  it('opens the stream again with a fresh token when the token expires, and takes the list afresh', async () => {
    let tokens = 0;
    const { url, auth } = await streamServer((res, attempt) => {
      res.write(event('put', { path: '/', data: { [`k${attempt}`]: {} } }));
      if (attempt === 1) res.end(event('auth_revoked', 'credential is no longer valid'));
    });
    const resets: string[][] = [];
    const lines: string[] = [];
    const feed = subscriptionFeed({
      url,
      token: async () => `tok${(tokens += 1)}`,
      handlers: { reset: (entries) => resets.push(Object.keys(entries ?? {})), change: () => undefined },
      retryMs: 10,
      log: (line) => lines.push(line),
    });
    try {
      await vi.waitFor(() => expect(resets).toEqual([['k1'], ['k2']]));
      expect(auth).toEqual(['Bearer tok1', 'Bearer tok2']);
      expect(lines[0]).toMatch(/^notify: the subscription stream stopped \(the stream ended: auth_revoked/);
    } finally {
      feed.stop();
    }
  });
});

describe('subscription feed behind a redirect', () => {
  it('follows a 307 to another origin with its credentials, as Firebase may send a stream', async () => {
    const target = await streamServer((res) =>
      res.write(event('put', { path: '/', data: { k1: { endpoint: 'https://push.example/1' } } })),
    );
    const redirect = createServer((req, res) => {
      res.writeHead(307, { Location: target.url });
      res.end();
    });
    await new Promise<void>((resolve) => redirect.listen(0, '127.0.0.1', resolve));
    const address = redirect.address();
    const resets: number[] = [];
    const feed = subscriptionFeed({
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webPushSubscriptions.json`,
      token: async () => 'tok',
      handlers: { reset: (entries) => resets.push(Object.keys(entries ?? {}).length), change: () => undefined },
      log: () => undefined,
    });
    try {
      await vi.waitFor(() => expect(resets).toEqual([1]));
      expect(target.auth).toEqual(['Bearer tok']);
    } finally {
      feed.stop();
      redirect.closeAllConnections();
      await new Promise((resolve) => redirect.close(resolve));
    }
  });
});
