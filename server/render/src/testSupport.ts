import { join } from 'node:path';
import type { RuntimeConfig } from '@satta/shared/data';
import { PUBLIC_REMOTES } from './widgets.ts';

/*
 * What the render service's tests start it with: the built shell and public remotes of this
 * checkout, and a runtime config whose database is never reached (the data is a fixed snapshot).
 */
export const ROOT = join(import.meta.dirname, '../../..');

export const TEST_CONFIG: RuntimeConfig = {
  firebase: { apiKey: 'k', projectId: 'demo-satta', databaseURL: 'http://127.0.0.1:1?ns=demo-satta-default-rtdb', appId: 'a' },
  timezone: 'Asia/Kolkata',
  remotes: Object.fromEntries(PUBLIC_REMOTES.map((n) => [n, `/remotes/${n}/remoteEntry.js`])),
};

/** The shell at / and each public remote at /remotes/<name>, from their dist/ folders; `override` replaces some. */
export function testMounts(override: Record<string, string> = {}): Record<string, string> {
  const mounts: Record<string, string> = { '/': join(ROOT, 'shell/dist') };
  for (const name of PUBLIC_REMOTES) mounts[`/remotes/${name}`] = override[name] ?? join(ROOT, name, 'dist');
  return mounts;
}

/** The entries a page inlines for the browser's data service (`<script id="satta-data">`), by cache key. */
export function inlineEntries(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="satta-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('the page inlines no data');
  return (JSON.parse(json) as { entries: Record<string, unknown> }).entries;
}

/** Resolves once `check` holds (looked at every 10 ms), or fails after `timeoutMs` naming `what`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
