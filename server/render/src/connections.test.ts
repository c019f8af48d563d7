import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRender, type RenderServer } from './app.ts';
import { TEST_CONFIG } from './testSupport.ts';

/*
 * The render service's connections (server/hosting/connections.ts) and the headers of its health
 * answers, on 127.0.0.1 with short timeouts. No page is rendered: a stand-in shell (a template
 * and an empty server bundle) is all it needs, and there is no data, so nothing is built.
 */
let dir: string;
let server: RenderServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'render-connections-'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'server/widgets.mjs'), 'export const pageHead = () => "";\n');
  server = await startRender({
    port: 0,
    mounts: { '/': dir },
    config: { ...TEST_CONFIG, remotes: {} },
    data: { snapshot: null },
    connections: { firstRequestMs: 200, headersMs: 200, requestMs: 400, keepAliveMs: 300, maxConnections: 50, checkIntervalMs: 50 },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw connection to the service: what it received by the time the service closed it. */
function rawClient(send?: (write: (text: string) => void) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.once('connect', () => send?.((t) => socket.write(t)));
    socket.once('close', () => resolve(text));
  });
}

describe('render service: connections that do not speak', () => {
  it('closes a connection that sends nothing', async () => {
    expect(await rawClient()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a connection that trickles its headers', async () => {
    let drip: NodeJS.Timeout | undefined;
    const text = await rawClient((write) => {
      write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      drip = setInterval(() => write('X-Drip: 1\r\n'), 40);
    });
    clearInterval(drip);
    expect(text).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers a request, then closes the kept-alive connection once idle', async () => {
    const text = await rawClient((write) => write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('render service: nosniff', () => {
  it('on /healthz, /readyz and what the static host answers', async () => {
    for (const path of ['/healthz', '/readyz', '/config.json', '/missing.js']) {
      const response = await fetch(`${server.url}${path}`);
      expect({ path, nosniff: response.headers.get('x-content-type-options') }).toEqual({ path, nosniff: 'nosniff' });
    }
  });
});
