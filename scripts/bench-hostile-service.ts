import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRender } from '../server/render/src/app.ts';
import { buildApp } from '../server/notify/src/app.ts';
import { DEFAULT_PUSH_HOSTS, createEndpointPolicy } from '../server/notify/src/endpointPolicy.ts';
import { createRateLimiter } from '../server/notify/src/rateLimit.ts';

/*
 * The render or the notify service's HTTP server alone, for scripts/bench-hostile-connections.ts:
 * `tsx scripts/bench-hostile-service.ts render|notify <port>` listens on 127.0.0.1:<port> as the
 * service does (startRender, buildApp: the same connection policy, from HTTP_* or its defaults),
 * with a stand-in shell and no data for the render service and faked backends for the notify
 * service, and prints `listening` once it does. What is measured is how each treats connections,
 * which neither the data nor the backends take part in.
 */
const [kind, portText] = process.argv.slice(2);
const port = Number(portText);
if ((kind !== 'render' && kind !== 'notify') || !Number.isInteger(port)) {
  console.error('usage: bench-hostile-service.ts render|notify <port>');
  process.exit(2);
}

if (kind === 'render') {
  const dir = mkdtempSync(join(tmpdir(), 'bench-render-shell-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'server'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>bench</title></head><body>${'<p>सट्टा</p>'.repeat(200)}</body></html>`,
  );
  writeFileSync(join(dir, 'server/widgets.mjs'), 'export const pageHead = () => "";\n');
  await startRender({
    port,
    mounts: { '/': dir },
    config: {
      firebase: { apiKey: 'k', projectId: 'demo-satta', databaseURL: 'http://127.0.0.1:1?ns=demo-satta-default-rtdb', appId: 'a' },
      remotes: {},
    },
    data: { snapshot: null },
  });
} else {
  const app = buildApp({
    allowedOrigins: ['*'],
    rateLimiter: createRateLimiter({ limit: 1_000_000, windowMs: 60_000 }),
    trustProxyHops: 0,
    endpointPolicy: createEndpointPolicy({ pushHosts: DEFAULT_PUSH_HOSTS, allowLocal: false }),
    vapidPublicKey: 'BPublicKey',
    checkAdmin: async () => ({ ok: false, status: 401, error: 'no', code: 'token-missing' }),
    saveSubscription: async () => ({ key: 'k', created: true, games: null }),
    setGames: async (_endpoint, games) => ({ games }),
    knownGames: () => ['Gali'],
    sendTest: async () => ({ total: 0, sent: 0, gone: 0, failed: 0, skipped: 0, unfinished: 0, ms: 0 }),
    sendTestDeadlineMs: 25_000,
    watching: () => ({ day: '2026-11-28', games: ['Gali'] }),
    notReady: () => null,
    log: () => undefined,
  });
  await app.listen({ port, host: '127.0.0.1' });
}
console.log('listening');
