import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireSupportedNode } from './nodeVersion.mjs';

/**
 * `npm test`: unit and integration tests of every workspace, then the end-to-end suite in
 * Chromium, after a strict typecheck of every project and the lint (scripts/lint.mjs: ESLint with
 * the import boundaries). Prints one closing line 'N passed, N failed' over both runs; a typecheck
 * or lint failure fails the run too.
 */
requireSupportedNode('test');
const temp = mkdtempSync(join(tmpdir(), 'satta-test-'));
const suites = [
  { name: 'unit and integration', args: ['vitest', 'run'] },
  { name: 'end-to-end', args: ['vitest', 'run', '-c', 'e2e/vitest.config.ts'] },
];
console.log('=== typecheck ===');
const typecheck = spawnSync(process.execPath, ['scripts/typecheck.mjs'], { stdio: 'inherit' });
console.log('\n=== lint ===');
const lint = spawnSync(process.execPath, ['scripts/lint.mjs'], { stdio: 'inherit' });
let passed = 0;
let failed = 0;
let exitCode = typecheck.status === 0 && lint.status === 0 ? 0 : 1;
for (const [i, suite] of suites.entries()) {
  const report = join(temp, `report-${i}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const result = spawnSync('npx', [...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: process.env,
  });
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    if (json.numTotalTests === 0) {
      console.error(`test: the ${suite.name} suite ran no test`);
      exitCode = 1;
    }
  } catch {
    console.error(`test: the ${suite.name} suite wrote no report`);
    exitCode = 1;
  }
  if (result.status !== 0) exitCode = result.status ?? 1;
}
rmSync(temp, { recursive: true, force: true });
if (typecheck.status !== 0) console.error('\ntest: the typecheck failed (see above)');
if (lint.status !== 0) console.error('\ntest: the lint failed (see above)');
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
