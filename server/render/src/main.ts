import './production.ts';
import './nodeInterop.ts';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { exitWithConfigError, structuredConsole } from '../../log/log.ts';
import { startRender } from './app.ts';
import { ConfigError, readRenderOptions, type RenderStartOptions } from './options.ts';
import { connectionPolicy, type ConnectionPolicy } from '../../hosting/connections.ts';
import { LiveData } from './liveData.ts';
import { LiveRepair } from './liveRepair.ts';
import { restReads } from './listGames.ts';
import { reportLoopDelay } from './loopDelay.ts';
import { databaseNamespace } from '@satta/shared/data/namespace';
import { DEFAULT_TIMEZONE } from '@satta/shared/domain/siteTime';

/**
 * The render service: `tsx src/main.ts --port 5000 --config config.json --mount /=shell/dist
 * [--mount /remotes/mf-results=mf-results/dist ...] [--site https://satta.example.com]` (`PORT` and
 * `RENDER_SITE` in the environment stand for --port and --site; the built service runs as
 * `node server/server.mjs ...`, scripts/build-servers.ts). Remotes
 * that are not mounted are read from where the manifest places them (on --site for its paths). The database is the one config.json names
 * (the emulator when FIREBASE_DATABASE_EMULATOR_HOST is set, as for firebase-admin elsewhere).
 */
structuredConsole();
let options: RenderStartOptions;
try {
  options = readRenderOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  exitWithConfigError('render', error.message);
}
const { config, mounts } = options;
// Connections that do not speak, and the cap (HTTP_* variables, server/hosting/connections.ts).
let connections: ConnectionPolicy;
try {
  connections = connectionPolicy(process.env);
} catch (error) {
  exitWithConfigError('render', (error as Error).message);
}

const emulated = Boolean(process.env.FIREBASE_DATABASE_EMULATOR_HOST);
const namespace = databaseNamespace(config.firebase.databaseURL);
const app = initializeApp(
  {
    projectId: config.firebase.projectId,
    databaseURL: emulated ? `https://${namespace}.firebaseio.com` : config.firebase.databaseURL,
    ...(emulated ? {} : { credential: applicationDefault() }),
  },
  `render-${process.pid}`,
);
const restBase = emulated ? `http://${process.env.FIREBASE_DATABASE_EMULATOR_HOST}` : config.firebase.databaseURL;
const credential = app.options.credential;
/** The table's reads without a listener (the game list), by REST under the service's own account (listGames.ts). */
const restRead = restReads({
  base: restBase,
  ...(emulated ? { namespace } : {}),
  ...(credential && !emulated ? { accessToken: async () => (await credential.getAccessToken()).access_token } : {}),
});

const relistMs = Number(process.env.RENDER_RELIST_MS ?? 30_000);
const db = getDatabase(app);
// RENDER_YEAR_LISTENERS=1 follows finished years with listeners, as before REST reads (to compare them).
const finishedYearsByRest = process.env.RENDER_YEAR_LISTENERS !== '1';
const data = new LiveData({ db, timezone: config.timezone ?? DEFAULT_TIMEZONE, restRead, relistMs, finishedYearsByRest });
// A benchmark's look at the event loop's delay (loopDelay.ts): written to this file on SIGUSR2.
if (process.env.RENDER_LOOP_DELAY_FILE) reportLoopDelay(process.env.RENDER_LOOP_DELAY_FILE);
await data.start();
// Brings the live read model back in line after a write of the specification's paths alone.
const repair = new LiveRepair({ db, data });
repair.start();
// A remote redeployed alone is picked up within this time (its bundle is re-read, or re-fetched with If-None-Match).
const remoteCheckMs = Number(process.env.RENDER_REMOTE_CHECK_MS ?? 15_000);
// A line of what the service holds (its stores' counts and bytes, heap and RSS) every 10 minutes.
const memoryLogMs = Number(process.env.RENDER_MEMORY_LOG_MS ?? 600_000);
const server = await startRender({
  port: options.port,
  host: options.host,
  mounts,
  config,
  data,
  site: options.site,
  remoteCheckMs,
  prerenderMs: 10,
  connections,
  memoryLogMs,
});
console.log(`render: listening on ${server.url}`);

// Cloud Run sends SIGTERM and kills the instance 10 s later: requests under way get 8 s to finish.
const DRAIN_MS = Number(process.env.RENDER_DRAIN_MS ?? 8_000);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // No new repair from now on; one under way finishes while the requests drain.
    const repaired = repair.stop(DRAIN_MS);
    void server
      .drain(DRAIN_MS)
      .then(() => repaired)
      .then(() => {
        data.stop();
        return deleteApp(app);
      })
      .then(() => process.exit(0));
  });
}
