import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './build.ts';
import { appsForChange, startDevServer, watchAndRebuild, type DevServer } from './dev.ts';

const EVERY_APP = ['shell', 'mf-results', 'mf-chart', 'mf-agents', 'mf-fun', 'mf-admin'];

describe('appsForChange', () => {
  it('rebuilds the app a source file belongs to', () => {
    expect(appsForChange('mf-results/src/widgets/NextGame.tsx')).toEqual(['mf-results']);
    expect(appsForChange('shell/src/routes.ts')).toEqual(['shell']);
    expect(appsForChange('shell/index.html')).toEqual(['shell']);
    expect(appsForChange('mf-admin/vite.config.ts')).toEqual(['mf-admin']);
  });

  it('rebuilds every app for shared/ and the common build settings', () => {
    expect(appsForChange('shared/domain/routes.ts')).toEqual(EVERY_APP);
    expect(appsForChange('shared/ui/Card.tsx')).toEqual(EVERY_APP);
    expect(appsForChange('scripts/federation.ts')).toEqual(EVERY_APP);
    expect(appsForChange('tsconfig.base.json')).toEqual(EVERY_APP);
  });

  it('rebuilds nothing for tests, outputs, other scripts and servers', () => {
    expect(appsForChange('mf-results/src/widgets/NextGame.test.tsx')).toEqual([]);
    expect(appsForChange('shared/domain/routes.test.ts')).toEqual([]);
    expect(appsForChange('mf-chart/dist/remoteEntry.js')).toEqual([]);
    expect(appsForChange('mf-chart/.dist-building-1234/remoteEntry.js')).toEqual([]);
    expect(appsForChange('shell/node_modules/vite/package.json')).toEqual([]);
    expect(appsForChange('mf-chart')).toEqual([]);
    expect(appsForChange('scripts/stack.ts')).toEqual([]);
    expect(appsForChange('server/render/src/app.ts')).toEqual([]);
    expect(appsForChange('README.md')).toEqual([]);
  });

  it('reads Windows separators too', () => {
    expect(appsForChange('mf-fun\\src\\widgets\\SlotMachine.tsx')).toEqual(['mf-fun']);
  });
});

describe('watchAndRebuild', () => {
  it('rebuilds only the remote whose widget changed, once, and every app after a shared change', async () => {
    const root = mkdtempSync(join(tmpdir(), 'satta-dev-'));
    const widget = join(root, 'mf-agents/src/widgets/AgentCards.tsx');
    for (const dir of ['shell/src', 'mf-results/src/widgets', 'mf-agents/src/widgets', 'shared/domain', 'scripts']) {
      mkdirSync(join(root, dir), { recursive: true });
    }
    writeFileSync(widget, 'export default function AgentCards() { return null; }\n');
    writeFileSync(join(root, 'shared/domain/routes.ts'), "export const HOME = '/';\n");

    const builds: App[][] = [];
    let builtOnce: (apps: App[]) => void = () => {};
    const next = () => new Promise<App[]>((ok) => (builtOnce = ok));
    const loop = watchAndRebuild({
      root,
      build: async (apps) => {
        builds.push(apps);
        return apps;
      },
      built: async (apps) => builtOnce(apps),
      log: () => {},
    });
    try {
      let built = next();
      writeFileSync(widget, 'export default function AgentCards() { return "changed"; }\n');
      expect(await built).toEqual(['mf-agents']);

      built = next();
      writeFileSync(join(root, 'shared/domain/routes.ts'), "export const HOME = '/home';\n");
      expect(await built).toEqual(EVERY_APP);
      // One build per change: had the widget's change been built twice, mf-agents would be here twice.
      expect(builds).toEqual([['mf-agents'], EVERY_APP]);
    } finally {
      await loop.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the dev server', () => {
  let site: Server;
  let dev: DevServer;

  beforeAll(async () => {
    // Stands in for the render service.
    site = createServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': '55' });
        return void res.end('<html><head><title>T</title></head><body></body></html>');
      }
      if (req.url === '/sw.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        return void res.end("self.addEventListener('push', () => {});\n");
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`{"path":"${req.url}","encoding":"${req.headers['accept-encoding'] ?? ''}"}`);
    });
    await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
    dev = await startDevServer({ port: 0, target: `http://127.0.0.1:${(site.address() as AddressInfo).port}` });
  });

  afterAll(async () => {
    await dev.close();
    await new Promise((ok) => site.close(ok));
  });

  it('adds the reload script to pages', async () => {
    const response = await fetch(`${dev.url}/`);
    const body = await response.text();
    expect(body).toBe('<html><head><title>T</title><script src="/__dev/reload.js"></script></head><body></body></html>');
    expect(response.headers.get('content-length')).toBe('95');
    const client = await (await fetch(`${dev.url}/__dev/reload.js`)).text();
    expect(client).toContain("new EventSource('/__dev/events').addEventListener('reload', () => location.reload());");
  });

  it('passes everything else through unchanged, uncompressed', async () => {
    const response = await fetch(`${dev.url}/config.json`, { headers: { 'accept-encoding': 'br' } });
    expect(await response.json()).toEqual({ path: '/config.json', encoding: '' });
  });

  it('keeps the service worker out of the way', async () => {
    expect(await (await fetch(`${dev.url}/sw.js`)).text()).toBe(
      '// npm run dev (scripts/dev.ts): every request goes to the network.\n' +
        "self.addEventListener('fetch', (event) => event.stopImmediatePropagation());\n" +
        "self.addEventListener('push', () => {});\n",
    );
  });

  it('tells every open page to reload', async () => {
    const events = await fetch(`${dev.url}/__dev/events`);
    if (!events.body) throw new Error('no event stream');
    const reader = events.body.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toBe(': npm run dev\n\n');
    expect(dev.reload()).toBe(1);
    text = decoder.decode((await reader.read()).value);
    expect(text).toBe('event: reload\ndata: {}\n\n');
    await reader.cancel();
  });
});
