import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: every benchmark script in turn, each in its own tsx process so one that
 * fails or leaks does not skew the next. Benchmarks print figures; they are not pass/fail tests.
 *
 * `npm run bench -- lighthouse render-rps`: only the named ones (`bench-<name>.ts`).
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const BENCHES = [
  'bench-data.ts',
  'bench-live.ts',
  'bench-size.ts',
  'bench-cost.ts',
  'bench-first-paint.ts',
  'bench-lighthouse.ts',
  'bench-render-rps.ts',
  'bench-publish-latency.ts',
  'bench-push.ts',
  'bench-push-tarpit.ts',
  'bench-hostile.ts',
  'bench-rtdb-scale.ts',
  'bench-preview.ts',
  'bench-history.ts',
  'bench-import.ts',
];

const fileOf = (name) => `bench-${name.replace(/^bench-/, '').replace(/\.ts$/, '')}.ts`;
const wanted = process.argv.slice(2).map(fileOf);
const unknown = wanted.filter((file) => !BENCHES.includes(file));
if (unknown.length > 0) {
  console.error(`bench: no such bench: ${unknown.join(', ')}; one of: ${BENCHES.map((f) => f.slice(6, -3)).join(', ')}`);
  process.exit(2);
}

let exitCode = 0;
for (const file of wanted.length > 0 ? wanted : BENCHES) {
  const path = join(here, file);
  if (!existsSync(path)) {
    console.warn(`bench: ${file} is missing, skipped`);
    continue;
  }
  console.log(`\n=== ${file} ===`);
  const result = spawnSync('npx', ['tsx', path], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`bench: ${file} failed (exit ${result.status ?? result.signal})`);
    exitCode = 1;
  }
}
process.exit(exitCode);
