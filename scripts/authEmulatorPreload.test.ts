import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const server = require.resolve('firebase-tools/lib/emulator/auth/server.js');
const options = createRequire(createRequire(server).resolve('exegesis-express'))('exegesis/lib/options') as {
  compileOptions(given?: Record<string, unknown>): { lazyCompileValidationSchemas: boolean; validateDefaultResponses: boolean };
};

describe("the Auth emulator's preload", () => {
  it("makes the emulator's exegesis compile its validators lazily, and keeps the emulator's own options", async () => {
    expect(options.compileOptions({}).lazyCompileValidationSchemas).toBe(false);
    await import('./authEmulatorPreload.mjs');
    expect(options.compileOptions({}).lazyCompileValidationSchemas).toBe(true);
    expect(options.compileOptions({ validateDefaultResponses: false }).validateDefaultResponses).toBe(false);
    expect(options.compileOptions({ lazyCompileValidationSchemas: false }).lazyCompileValidationSchemas).toBe(false);
  });
});
