/**
 * The browser build of the SDK in Chromium, over each transport it may pick: WebSocket; long-polling
 * upgraded to WebSocket (what a browser does after a WebSocket of its failed once); long-polling only.
 * Needs Chromium (CHROME_PATH or /usr/bin/chromium): skipped on a developer machine without it, failed
 * in CI (CI set), where a missing browser must not pass for a tested browser build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freshNamespace, startTestServer } from './test-support.ts';
import type { RtdbServer } from './server.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FIREBASE = fileURLToPath(new URL('../../../node_modules/firebase/', import.meta.url));
const missing = [CHROME, `${FIREBASE}firebase-database.js`].filter((file) => !existsSync(file));
const inCI = (process.env.CI ?? '') !== '' && process.env.CI !== 'false';

// The CDN builds import the app module by its gstatic URL; the import map serves the local copy instead.
const PAGE = `<!doctype html>
<script type="importmap">{"imports":{"https://www.gstatic.com/firebasejs/${JSON.parse(readFileSync(`${FIREBASE}package.json`, 'utf8')).version}/firebase-app.js":"/firebase-app.js"}}</script>
<script type="module">
import { initializeApp } from '/firebase-app.js';
import * as db from '/firebase-database.js';
window.sdk = { initializeApp, ...db };
</script>`;

let rtdb: RtdbServer;
let stopRtdb: () => Promise<void>;
let web: Server;
let webUrl: string;
let browser: Browser;

describe.skipIf(missing.length > 0 && !inCI)('browser SDK', () => {
  beforeAll(async () => {
    if (missing.length > 0)
      throw new Error(`The browser SDK test cannot run in CI: ${missing.join(' and ')} not found (install Chromium or set CHROME_PATH)`);
    ({ server: rtdb, stop: stopRtdb } = await startTestServer());
    const files: Record<string, Buffer> = {
      '/firebase-app.js': readFileSync(`${FIREBASE}firebase-app.js`),
      '/firebase-database.js': readFileSync(`${FIREBASE}firebase-database.js`),
    };
    web = createServer((req, res) => {
      const file = files[req.url ?? ''];
      res.writeHead(200, { 'Content-Type': file ? 'text/javascript' : 'text/html' });
      res.end(file ?? PAGE);
    });
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: CHROME,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (web ? web.close(() => r()) : r()));
    await stopRtdb?.();
  });

  const modes = [
    { mode: 'websocket', previousFailure: false, forcePolling: false, staysOnPolling: false },
    { mode: 'long-polling, then upgraded to websocket', previousFailure: true, forcePolling: false, staysOnPolling: false },
    { mode: 'long-polling only', previousFailure: true, forcePolling: true, staysOnPolling: true },
  ];

  for (const { mode, previousFailure, forcePolling, staysOnPolling } of modes) {
    it(`works over ${mode}`, async () => {
      const ns = freshNamespace();
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(webUrl);
      await page.waitForFunction(() => 'sdk' in window);
      const result = await page.evaluate(
        async ({ port, ns, previousFailure, forcePolling }) => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK namespace object put on window by the page
          const sdk = (window as any).sdk;
          // How the SDK remembers a failed WebSocket; with it set, it connects by long-polling first.
          if (previousFailure) localStorage.setItem('firebase:previous_websocket_failure', 'true');
          if (forcePolling) sdk.forceLongPolling();
          const app = sdk.initializeApp({ projectId: 'demo-satta', databaseURL: `http://127.0.0.1:${port}?ns=${ns}` });
          const db = sdk.getDatabase(app);
          sdk.connectDatabaseEmulator(db, '127.0.0.1', port);
          const seen: unknown[] = [];
          (window as unknown as { seen: unknown[] }).seen = seen;
          sdk.onValue(sdk.ref(db, 'live'), (s: { val(): unknown }) => seen.push(s.val()));
          await sdk.set(sdk.ref(db, 'fromPage'), { text: 'नमस्ते', n: 1 });
          await sdk.onDisconnect(sdk.ref(db, 'presence')).set('offline');
          const big = 'z'.repeat(5000);
          await sdk.set(sdk.ref(db, 'big'), big);
          const q = sdk.query(sdk.ref(db, 'days'), sdk.orderByKey(), sdk.startAt('b'));
          await sdk.set(sdk.ref(db, 'days'), { a: 1, b: 2, c: 3 });
          const window_ = (await sdk.get(q)).val();
          return { bigBack: (await sdk.get(sdk.ref(db, 'big'))).val() === big, window_ };
        },
        { port: rtdb.port, ns, previousFailure, forcePolling },
      );
      expect(result).toEqual({ bigBack: true, window_: { b: 2, c: 3 } });
      await fetch(`${rtdb.url}/live.json?ns=${ns}`, { method: 'PUT', body: '"from rest"' });
      await page.waitForFunction(() => (window as unknown as { seen: unknown[] }).seen.includes('from rest'));
      const flag = async (): Promise<string | null> => page.evaluate(() => localStorage.getItem('firebase:previous_websocket_failure'));
      if (staysOnPolling) expect(await flag()).toBe('true');
      // A healthy WebSocket clears the failure mark: proof the upgrade happened.
      else await eventually(async () => (await flag()) === null, 'websocket upgrade');
      expect(await (await fetch(`${rtdb.url}/fromPage.json?ns=${ns}`)).json()).toEqual({ text: 'नमस्ते', n: 1 });
      await context.close();
      await eventually(
        async () => (await (await fetch(`${rtdb.url}/presence.json?ns=${ns}`)).json()) === 'offline',
        'onDisconnect after the page closed',
      );
    });
  }
});
