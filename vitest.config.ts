import { globSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. End-to-end tests have their own config in e2e/.
const include = ['**/*.test.{ts,tsx}'];
const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

/*
 * Most files run in workers that are reused from file to file (`isolate: false`): a fresh worker
 * and environment per file cost about 1 to 2 s of CPU each, more than most files' own tests.
 * scripts/testSetup.ts puts back between files what a file may leave behind (timers, spies,
 * stubbed globals, a rendered DOM, storage). A file that replaces modules (`vi.mock`) cannot
 * share a module cache with others, so it runs in a fresh worker of its own.
 */
const replacesModules = /\bvi\.(mock|doMock|resetModules|hoisted)\(/;
const isolated = globSync(include, {
  exclude: (path) => ['node_modules', 'dist', '.git'].includes(basename(path)) || path === 'e2e',
}).filter((file) => replacesModules.test(readFileSync(file, 'utf8')));

const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 60_000,
  setupFiles: ['scripts/testSetup.ts'],
} as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, idle
    // whenever its file waits on a server, a browser or a timer. Three were faster alone here
    // (179–203 s against 208–212 s), but in fresh-clone CI their unit phase took 25–56 % more CPU
    // than two and was no shorter (docs/performance.md, part seven).
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'shared',
          include,
          exclude: [...exclude, ...isolated],
          pool: 'forks',
          isolate: false,
          // One Auth emulator for the integration tests' stacks (their files are all here).
          globalSetup: ['scripts/sharedAuthEmulator.ts'],
        },
      },
      { test: { ...shared, name: 'isolated', include: isolated, exclude, pool: 'forks', isolate: true } },
    ],
  },
});
