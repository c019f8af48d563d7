import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { freePort } from './processes.ts';
import { startLoneAuthEmulator } from './stack.ts';

/*
 * One Auth emulator for the unit run's stacks (vitest.config.ts's global setup). Each stack of an
 * integration test started an emulator of its own: about 4.5 CPU-s and a few seconds before its
 * first test, for the same seeded accounts. The files that only sign in share this one
 * (`startStack({ auth: sharedAuthEmulator() })`), each with a database of its own as before; a file
 * that changes an account (a password) keeps an emulator of its own.
 *
 * The run's files start once it is ready (2-3 s of the run's wall time); a failed start stops
 * the run at once with the emulator's own words, instead of each file waiting for it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    authEmulator: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startLoneAuthEmulator(await freePort());
  project.provide('authEmulator', emulator.url);
  return emulator.stop;
}

/** The unit run's Auth emulator, or undefined where none runs (a config without this setup). */
export function sharedAuthEmulator(): string | undefined {
  return inject('authEmulator');
}
