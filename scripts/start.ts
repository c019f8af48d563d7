import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { DEMO_ADMIN, NAMESPACE, ROOT, configuredPorts, startStack } from './stack.ts';

/**
 * `npm start`: the whole site on one machine. Builds what is stale, starts the Auth emulator,
 * the local Realtime Database (seeded on first start), the notify service and the static host
 * on the ports of firebase.json, prints where to go, and stops everything on Ctrl-C.
 */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`start: '${command} ${args.join(' ')}' failed`);
    process.exit(result.status ?? 1);
  }
}

run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts')]);

const dataDir = join(ROOT, '.data/rtdb');
mkdirSync(dataDir, { recursive: true });
let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({ ports: configuredPorts(), dataDir });
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
}

console.log(`
  Site:      ${stack.urls.site}
  Admin:     ${stack.urls.site}/signin   email ${DEMO_ADMIN.email}   password ${DEMO_ADMIN.password}
  Database:  ${stack.urls.database}  (namespace ${NAMESPACE}, data in .data/rtdb)
  Auth:      ${stack.urls.auth}  (Auth emulator)
  Notify:    ${stack.urls.notify}

  Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstart: stopping...');
    void stack.stop().then(() => process.exit(0));
  });
}
