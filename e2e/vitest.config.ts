import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { BalancedSequencer } from '../scripts/e2eShards.ts';

/*
 * End-to-end tests of the composed site in Chromium. One stack (built site, local backend) is
 * started once by the global setup; the files run one after the other in a single fork because
 * they share that stack. `npm test` runs two such processes at once, each on a share of the
 * files (`--shard`, balanced by scripts/e2eShards.ts) and with a stack of its own (scripts/test.mjs).
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/tests/**/*.e2e.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    // expect.poll's own default (1 s) is no longer than what it often waits for here: a countdown's
    // next one-second tick, a write's round trip through the services. Playwright's assertions
    // wait 5 s for the same reason.
    expect: { poll: { timeout: 5_000 } },
    // `--shard` shares the files by their measured times, not by a hash of their paths.
    sequence: { sequencer: BalancedSequencer },
  },
});
