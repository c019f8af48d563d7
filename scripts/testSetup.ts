import { afterAll, afterEach, vi } from 'vitest';
// Node has no EventSource without a flag: the data service follows the live node with one (the
// REST streaming API), so the tests give Node undici's, the implementation Node's own is built on.
import { EventSource } from 'undici';

if (typeof globalThis.EventSource === 'undefined') {
  (globalThis as { EventSource?: unknown }).EventSource = EventSource;
}

/*
 * Test files share their worker (vitest.config.ts: `isolate: false`), so what one file leaves
 * behind must not reach the next. This file runs again before each file: what a test renders is
 * removed after it (Testing Library cannot register that itself, globals being off), and after
 * the file its clock, spies, stubbed globals and environment variables are put back and the
 * page's body and storage emptied, as a fresh worker would have them. The head stays: the styles
 * a styling library put there once are still its own.
 */
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof document !== 'undefined') {
    document.body.innerHTML = '';
    localStorage.clear();
    sessionStorage.clear();
  }
});
