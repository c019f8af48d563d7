import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { DEFAULT_PUSH_HOSTS, createEndpointPolicy } from './endpointPolicy.ts';
import { createRateLimiter } from './rateLimit.ts';

/*
 * The notify service's connections (server/hosting/connections.ts) and its nosniff header, on a
 * real server on 127.0.0.1 with short timeouts; every backend is faked.
 */
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listening(limit = 60): Promise<number> {
  app = buildApp({
    allowedOrigins: ['*'],
    rateLimiter: createRateLimiter({ limit, windowMs: 60_000 }),
    trustProxyHops: 0,
    endpointPolicy: createEndpointPolicy({ pushHosts: DEFAULT_PUSH_HOSTS, allowLocal: false }),
    vapidPublicKey: 'BPublicKey',
    checkAdmin: async () => ({ ok: false, status: 401, error: 'Sign in as the admin.', code: 'token-missing' }),
    saveSubscription: async () => ({ key: 'k', created: true, games: null }),
    setGames: async (_endpoint, games) => ({ games }),
    knownGames: () => ['Gali'],
    sendTest: async () => ({ total: 0, sent: 0, gone: 0, failed: 0, skipped: 0, unfinished: 0, ms: 0 }),
    sendTestDeadlineMs: 25_000,
    watching: () => ({ day: '2026-11-21', games: [] }),
    notReady: () => 'not watching the results yet',
    connections: { firstRequestMs: 200, headersMs: 200, requestMs: 400, keepAliveMs: 300, maxConnections: 50, checkIntervalMs: 50 },
    log: () => undefined,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function rawClient(port: number, send?: (write: (text: string) => void) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.once('connect', () => send?.((t) => socket.write(t)));
    socket.once('close', () => resolve(text));
  });
}

describe('notify service: connections that do not speak', () => {
  it('closes a connection that sends nothing', async () => {
    const port = await listening();
    expect(await rawClient(port)).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a connection that trickles its headers', async () => {
    const port = await listening();
    let drip: NodeJS.Timeout | undefined;
    const text = await rawClient(port, (write) => {
      write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      drip = setInterval(() => write('X-Drip: 1\r\n'), 40);
    });
    clearInterval(drip);
    expect(text).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers a request, then closes the kept-alive connection once idle', async () => {
    const port = await listening();
    const text = await rawClient(port, (write) => write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('notify service: nosniff on every response', () => {
  it('health, errors, refusals and preflights alike', async () => {
    const port = await listening(3);
    const base = `http://127.0.0.1:${port}`;
    const seen: Array<[string, number, string | null]> = [];
    const ask = async (method: string, path: string, body?: string) => {
      const response = await fetch(`${base}${path}`, {
        method,
        ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain' } }),
      });
      seen.push([`${method} ${path}`, response.status, response.headers.get('x-content-type-options')]);
    };
    await ask('GET', '/healthz');
    await ask('GET', '/readyz');
    await ask('GET', '/health');
    await ask('OPTIONS', '/subscriptions');
    await ask('POST', '/subscriptions', 'x');
    await ask('GET', '/nowhere');
    await ask('GET', '/send-test');
    await ask('GET', '/vapid-public-key');
    expect(seen).toEqual([
      ['GET /healthz', 200, 'nosniff'],
      ['GET /readyz', 503, 'nosniff'],
      ['GET /health', 200, 'nosniff'],
      ['OPTIONS /subscriptions', 204, 'nosniff'],
      ['POST /subscriptions', 415, 'nosniff'],
      ['GET /nowhere', 404, 'nosniff'],
      ['GET /send-test', 429, 'nosniff'],
      ['GET /vapid-public-key', 429, 'nosniff'],
    ]);
  });
});
