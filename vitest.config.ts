import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. End-to-end tests have their own config in e2e/.
export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['scripts/testSetup.ts'],
  },
});
