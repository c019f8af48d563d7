import './production.ts';
import './nodeInterop.ts';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { RuntimeConfig } from '@satta/shared/data';
import { startRender } from './app.ts';
import { LiveData } from './liveData.ts';

/**
 * The render service: `tsx src/main.ts --port 5000 --config config.json --mount /=shell/dist
 * [--mount /remotes/mf-results=mf-results/dist ...] [--site https://satta.example.com]`. Remotes
 * that are not mounted are read from where the manifest places them (on --site for its paths). The database is the one config.json names
 * (the emulator when FIREBASE_DATABASE_EMULATOR_HOST is set, as for firebase-admin elsewhere).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    config: { type: 'string' },
    mount: { type: 'string', multiple: true, default: [] },
    site: { type: 'string' },
  },
});
if (!values.config) throw new Error('render: --config <runtime config.json> is required');
const config = JSON.parse(readFileSync(values.config, 'utf8')) as RuntimeConfig;
const mounts = Object.fromEntries(values.mount.map((m) => [m.slice(0, m.indexOf('=')), m.slice(m.indexOf('=') + 1)]));

const emulated = Boolean(process.env.FIREBASE_DATABASE_EMULATOR_HOST);
const namespace =
  new URL(config.firebase.databaseURL).searchParams.get('ns') ?? new URL(config.firebase.databaseURL).hostname.split('.')[0];
const app = initializeApp(
  {
    projectId: config.firebase.projectId,
    databaseURL: emulated ? `https://${namespace}.firebaseio.com` : config.firebase.databaseURL,
    ...(emulated ? {} : { credential: applicationDefault() }),
  },
  `render-${process.pid}`,
);
const restBase = emulated ? `http://${process.env.FIREBASE_DATABASE_EMULATOR_HOST}` : config.firebase.databaseURL.replace(/\/+$/, '');

/** Game names with a shallow REST read, as the browser's data service lists them. */
async function listGames(): Promise<string[]> {
  const url = new URL(`${restBase}/sattanamee.json`);
  url.searchParams.set('shallow', 'true');
  if (emulated && namespace) url.searchParams.set('ns', namespace);
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`render: listing the games: HTTP ${response.status}`);
  return Object.keys(((await response.json()) as Record<string, unknown> | null) ?? {});
}

const relistMs = Number(process.env.RENDER_RELIST_MS ?? 30_000);
const data = new LiveData({ db: getDatabase(app), timezone: config.timezone ?? 'Asia/Kolkata', listGames, relistMs });
await data.start();
// A remote redeployed alone is picked up within this time (its bundle is re-read, or re-fetched with If-None-Match).
const remoteCheckMs = Number(process.env.RENDER_REMOTE_CHECK_MS ?? 15_000);
const server = await startRender({
  port: Number(values.port),
  host: values.host,
  mounts,
  config,
  data,
  site: values.site,
  remoteCheckMs,
  prerenderMs: 10,
});
console.log(`render: listening on ${server.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    data.stop();
    void Promise.all([server.close(), deleteApp(app)]).then(() => process.exit(0));
  });
}
