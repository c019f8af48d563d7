/*
 * Loaded with `node --import` into the Firebase Auth emulator (scripts/stack.ts). The emulator
 * serves the Identity Toolkit API through exegesis, which by default compiles a JSON-schema
 * validator (Ajv) for every operation of the API before it listens: about 12 of the 16 s of CPU
 * the emulator took to start on this project's 2-core machine, paid once per stack (npm start,
 * each integration test file, each end-to-end shard). exegesis' own option
 * `lazyCompileValidationSchemas` compiles each operation's validators on its first request
 * instead; requests are validated exactly as before. Nothing else of the emulator changes.
 */
import { createRequire } from 'node:module';

// The emulator's modules are CommonJS: this require shares their module cache.
const require = createRequire(import.meta.url);

try {
  const server = require.resolve('firebase-tools/lib/emulator/auth/server.js');
  const exegesisExpress = createRequire(server).resolve('exegesis-express');
  const options = createRequire(exegesisExpress)('exegesis/lib/options');
  const compileOptions = options.compileOptions;
  if (typeof compileOptions === 'function') {
    options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
  }
} catch (error) {
  // Another firebase-tools layout: the emulator starts as it always did, only slower.
  console.warn(`auth emulator preload: not applied (${error instanceof Error ? error.message : String(error)})`);
}
