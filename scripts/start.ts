import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './nodeVersion.mjs';
import {
  DEMO_ADMIN,
  NAMESPACE,
  ROOT,
  configuredPorts,
  renderCaughtUp,
  renderListsGames,
  startStack,
  type Stack,
  type StackOptions,
} from './stack.ts';

/**
 * `npm start`: the whole site on one machine. Builds what is stale, starts the Auth emulator,
 * the local Realtime Database (seeded on first start), the notify service and the static host
 * on the ports of firebase.json, prints where to go, and stops everything on Ctrl-C.
 * `npm run dev` (scripts/dev.ts) starts the same through startLocalSite.
 */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`start: '${command} ${args.join(' ')}' failed`);
    process.exit(result.status ?? 1);
  }
}

/** Runs `command` with its output shown; resolves when it succeeds, rejects with a one-line reason. */
function runInBackground(command: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => reject(new Error(`${what} could not start: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code})`))));
  });
}

/**
 * Builds what is stale, starts the stack on firebase.json's ports (some overridden by `ports`)
 * with the data in .data/, and seeds the database on its first start. Exits the process with a
 * one-line reason when a port is taken or the build fails.
 *
 * The build runs while the Auth emulator, the database and the notify service start (none of
 * them needs it; together they take about 10 s of CPU): only the site waits for it.
 */
export async function startLocalSite(options: Pick<StackOptions, 'ports' | 'siteOrigins'> = {}): Promise<Stack> {
  const built = runInBackground(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts')], 'the build (npm run build)');
  // Failing before the stack waits for it is still reported once, by startStack below.
  built.catch(() => {});

  const dataDir = join(ROOT, '.data/rtdb');
  mkdirSync(dataDir, { recursive: true });
  let stack: Stack;
  try {
    stack = await startStack({
      ports: { ...configuredPorts(), ...options.ports },
      dataDir,
      siteOrigins: options.siteOrigins,
      siteAfter: built,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = message.split('\n').find((l) => /already in use|EADDRINUSE/.test(l));
    console.error(line ? `start: ${line.trim()}` : `start: ${message}`);
    process.exit(1);
  }

  const seededMarker = join(ROOT, '.data/seeded');
  if (!existsSync(seededMarker)) {
    run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/seed.ts'), '--db', stack.urls.database, '--ns', NAMESPACE]);
    writeFileSync(seededMarker, new Date().toISOString());
    // The site is where to go only once its pages show the seed: the render service, started
    // before it, takes the results from its stream and the new games at its next listing.
    if (stack.urls.site) await renderShowsSeed(stack, stack.urls.site);
  }
  return stack;
}

/** Waits until the site's pages are from the seeded database: its live node and its games. */
async function renderShowsSeed(stack: Stack, site: string): Promise<void> {
  try {
    const listed = await fetch(`${stack.urls.database}/sattanamee.json?shallow=true&ns=${NAMESPACE}`);
    const games = Object.keys(((await listed.json()) as Record<string, true> | null) ?? {});
    await renderCaughtUp(stack);
    await renderListsGames(site, games);
  } catch (error) {
    console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
    await stack.stop();
    process.exit(1);
  }
}

/** Where to go: the site (`site`: the address to open, npm run dev's own), the demo admin, the services. */
export function printSite(stack: Stack, site = stack.urls.site): void {
  console.log(`
  Site:      ${site}
  Admin:     ${site}/signin   email ${DEMO_ADMIN.email}   password ${DEMO_ADMIN.password}
  Database:  ${stack.urls.database}  (namespace ${NAMESPACE}, data in .data/rtdb)
  Auth:      ${stack.urls.auth}  (Auth emulator)
  Notify:    ${stack.urls.notify}

  Press Ctrl-C to stop.
`);
}

/** Ctrl-C (or SIGTERM): `stop` once, then exit. */
export function stopOnSignal(name: string, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${name}: stopping...`);
      void stop().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  requireSupportedNode('start');
  const stack = await startLocalSite();
  printSite(stack);
  stopOnSignal('start', () => stack.stop());
}
