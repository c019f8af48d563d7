import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
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
  /** A bare TCP server where the database would be: it records the first line of each request. */
  async function recorder() {
    const sockets: Socket[] = [];
    const lines: string[] = [];
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.once('data', (chunk) => lines.push(String(chunk).split('\r\n')[0] ?? ''));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    const config = {
      firebase: { apiKey: 'demo-key', projectId: 'demo-connect', databaseURL: `http://127.0.0.1:${port}?ns=demo-connect` },
      emulators: { database: { host: '127.0.0.1', port } },
    };
    const close = async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    };
    return { config, lines, close };
  }

  it("opens the live node's stream at once on a live page, before anything listens", async () => {
    const { config, lines, close } = await recorder();
    const data = new DataService(config, { appName: 'connect', store: memoryStore(), seed: { live: { v: { games: 1 } } } });
    try {
      data.connect();
      await vi.waitFor(() => expect(lines).toEqual(['GET /live.json?ns=demo-connect HTTP/1.1']));
    } finally {
      await data.dispose();
      await close();
    }
  });

  it('opens nothing on a page that follows nothing live (a finished year)', async () => {
    const { config, lines, close } = await recorder();
    const data = new DataService(config, { appName: 'connect-none', store: memoryStore(), seed: { 'year:Gali:2025': {} } });
    try {
      data.connect();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lines).toEqual([]);
    } finally {
      await data.dispose();
      await close();
    }
  });
});
