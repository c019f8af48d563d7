import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DataService, homeWindowStart } from './service.ts';
import { memoryStore } from './cache.ts';

describe('homeWindowStart', () => {
  it.each([
    ['2026-11-21', '2026-11-01'],
    ['2026-11-02', '2026-11-01'],
    ['2026-11-01', '2026-10-31'],
    ['2026-01-01', '2025-12-31'],
    ['2028-03-01', '2028-02-29'],
  ])('on %s the home page reads from %s', (today, from) => {
    expect(homeWindowStart(today)).toBe(from);
  });
});

describe('connect', () => {
  it("opens the database connection at once, before anything listens: the SDK's first request reaches the server", async () => {
    // A bare TCP server where the database would be: it only records the first line it is sent.
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket));
    const firstLine = new Promise<string>((resolve) => {
      server.on('connection', (socket) => socket.once('data', (chunk) => resolve(String(chunk).split('\r\n')[0] ?? '')));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    const data = new DataService(
      {
        firebase: { apiKey: 'demo-key', projectId: 'demo-connect', databaseURL: `http://127.0.0.1:${port}?ns=demo-connect` },
        emulators: { database: { host: '127.0.0.1', port } },
      },
      { appName: 'connect', store: memoryStore() },
    );
    try {
      data.connect();
      expect(await firstLine).toMatch(/^GET \/\.ws\?.*ns=demo-connect/);
    } finally {
      await data.dispose();
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    }
  });
});
