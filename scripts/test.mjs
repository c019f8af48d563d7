import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { requireSupportedNode } from './nodeVersion.mjs';

/**
 * `npm test`: unit and integration tests of every workspace, then the end-to-end suite in
 * Chromium, after a strict typecheck of every project and the lint (scripts/lint.mjs: ESLint with
 * the import boundaries). Prints one closing line 'N passed, N failed' over both runs; a typecheck
 * or lint failure fails the run too.
 *
 * The typecheck, the lint and the site's build run at once first (each waits on its own files at
 * times, and together they keep both cores busy); their output is printed as each ends. The site
 * is built before any test, so that the tests that need it (the render service's, the e2e
 * shards' setups) only find it up to date.
 *
 * Then the unit and integration tests (two workers that each run many files: vitest.config.ts),
 * then the end-to-end files in E2E_SHARDS (default 3) vitest processes at once, each with its own
 * whole stack (e2e/globalSetup.ts, free ports, its own database): an end-to-end process mostly
 * waits on the browser and the services (about half a core, measured), so three keep the machine
 * busy where one left it idle. The two suites do not run at once: together they overloaded two
 * cores, and tests that wait on a deadline (a push service that never answers, the packaging of
 * the services) failed. Each process's lines carry its name.
 */
requireSupportedNode('test');
const temp = mkdtempSync(join(tmpdir(), 'satta-test-'));
const shards = Number(process.env.E2E_SHARDS ?? 3);
if (!Number.isInteger(shards) || shards < 1) {
  console.error(`test: E2E_SHARDS must be a whole number of 1 or more, got '${process.env.E2E_SHARDS}'`);
  process.exit(2);
}
const e2e = ['vitest', 'run', '-c', 'e2e/vitest.config.ts'];
/** Each phase's runs go at once; the phases one after the other. */
const phases = [
  [{ name: 'unit and integration', label: undefined, args: ['vitest', 'run'] }],
  shards === 1
    ? [{ name: 'end-to-end', label: undefined, args: e2e }]
    : Array.from({ length: shards }, (_, i) => ({
        name: `end-to-end part ${i + 1}/${shards}`,
        label: `e2e ${i + 1}/${shards}`,
        args: [...e2e, `--shard=${i + 1}/${shards}`],
      })),
];

/** Runs `npx ...args`; with a label, every line of its output is printed after it. */
function run(args, label) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (label) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`[${label}] ${line}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`test: could not start npx ${args.join(' ')}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs `node ...args` with its output kept; prints it under a heading once it ends. */
function quietly(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', (error) => (output += `test: could not start ${name}: ${error.message}\n`));
    child.on('close', (code) => {
      console.log(`\n=== ${name} ===\n${output.trimEnd()}`);
      resolve(code ?? 1);
    });
  });
}

console.log('=== typecheck, lint and build, at once ===');
const [typecheck, lint, build] = await Promise.all([
  quietly('typecheck', ['scripts/typecheck.mjs']),
  quietly('lint', ['scripts/lint.mjs']),
  quietly('build', ['--import', 'tsx', 'scripts/build.ts']),
]);
let passed = 0;
let failed = 0;
let exitCode = typecheck === 0 && lint === 0 && build === 0 ? 0 : 1;
for (const [p, runs] of phases.entries()) {
  const endToEnd = p > 0;
  console.log(`\n=== ${endToEnd ? 'end-to-end' : 'unit and integration'} ===`);
  if (endToEnd && build !== 0) {
    console.error('test: the build failed (see above); the end-to-end suite did not run');
    continue;
  }
  const reports = runs.map((_, i) => join(temp, `report-${p}-${i}.json`));
  const codes = await Promise.all(
    runs.map((suite, i) => run([...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${reports[i]}`], suite.label)),
  );
  for (const [i, suite] of runs.entries()) {
    try {
      const json = JSON.parse(readFileSync(reports[i], 'utf8'));
      passed += json.numPassedTests;
      failed += json.numFailedTests;
      if (runs.length > 1) console.log(`test: the ${suite.name} suite: ${json.numPassedTests} passed, ${json.numFailedTests} failed`);
      if (json.numTotalTests === 0) {
        console.error(`test: the ${suite.name} suite ran no test`);
        exitCode = 1;
      }
    } catch {
      console.error(`test: the ${suite.name} suite wrote no report`);
      exitCode = 1;
    }
    if (codes[i] !== 0) exitCode = codes[i];
  }
}
rmSync(temp, { recursive: true, force: true });
if (typecheck !== 0) console.error('\ntest: the typecheck failed (see above)');
if (lint !== 0) console.error('\ntest: the lint failed (see above)');
if (build !== 0) console.error('\ntest: the build failed (see above)');
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
