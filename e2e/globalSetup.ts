import { createServer, type Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { buildStale } from '../scripts/build.ts';
import { DEMO_ADMIN, DEMO_VISITOR, NAMESPACE, renderListsGames, startStack, type RemoteName } from '../scripts/stack.ts';
import { seedData, seedDatabase } from '../scripts/seed.ts';
import { siteNow } from '../shared/domain/siteTime.ts';
import type { E2EContext } from './support/context.ts';
import { ist } from './support/siteClock.ts';

/**
 * E2E_SEED_AT=HH:MM seeds today's results as they stand at that India time (every game played
 * at 23:59, none at 00:00) instead of now: a file that only passes at some hours of the day
 * fails at any hour with it.
 */
function seedNow(): Date {
  const at = process.env.E2E_SEED_AT;
  if (!at) return new Date();
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at)) throw new Error(`e2e: E2E_SEED_AT must be HH:MM (India time), got '${at}'`);
  return ist(siteNow(new Date(), 'Asia/Kolkata').dateKey, at);
}

/** Served from its own origin, so one test can take it down and another proves cross-origin loading. */
const SEPARATE: RemoteName = 'mf-agents';

/**
 * Builds what is stale, starts the whole stack once on free ports, seeds it, and stops it all
 * at the end. The tests only get URLs; stopping and starting the separate remote goes through a
 * tiny control endpoint because the tests run in another process.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The services start while what is stale is built; only the site waits for the build.
  const built = buildStale().then((ok) => {
    if (!ok) throw new Error('e2e: the build failed');
  });
  // Reported by startStack, which waits for it; this only keeps an earlier failure of its own from going unhandled.
  built.catch(() => {});
  // The database sends streams elsewhere with a 307, as Firebase does: every visit takes that path.
  const stack = await startStack({
    separateRemotes: [SEPARATE],
    streamRedirect: true,
    echo: process.env.E2E_ECHO === '1',
    siteAfter: built,
  });
  let control: Server | undefined;
  try {
    const seed = seedData({ days: 45, now: seedNow() });
    await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seed);
    if (!stack.urls.site) throw new Error('e2e: the stack serves no site');
    await renderListsGames(stack.urls.site, Object.keys(seed.sattanamee));
    const remote = stack.remoteServers[SEPARATE];
    if (!remote) throw new Error(`e2e: ${SEPARATE} is not served separately`);
    control = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://control');
      const path = url.pathname;
      const action =
        path === `/remote/${SEPARATE}/stop`
          ? remote.stop()
          : path === `/remote/${SEPARATE}/start`
            ? remote.start()
            : path === `/remote/${SEPARATE}/deploy`
              ? remote.deploy(url.searchParams.get('dir') ?? undefined)
              : null;
      if (!action) {
        res.writeHead(404).end();
        return;
      }
      action.then(
        () => res.writeHead(204).end(),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((ok) => control?.listen(0, '127.0.0.1', ok));
    const address = control.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    if (!stack.urls.site) throw new Error('e2e: the stack serves no site');
    const context: E2EContext = {
      site: stack.urls.site,
      separateRemote: { name: SEPARATE, origin: remote.url },
      control: `http://127.0.0.1:${port}`,
      database: stack.urls.database,
      auth: stack.urls.auth,
      admin: DEMO_ADMIN,
      visitor: DEMO_VISITOR,
    };
    project.provide('e2e', context);
  } catch (error) {
    control?.close();
    await stack.stop();
    throw error;
  }
  return async () => {
    await new Promise<void>((ok) => (control ? control.close(() => ok()) : ok()));
    await stack.stop();
  };
}
