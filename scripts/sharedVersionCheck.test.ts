import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { satisfyOnceModule } from './sharedVersionCheck.ts';

const dir = mkdtempSync(join(tmpdir(), 'satisfy-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The generated module over a stand-in check that counts its calls. */
async function load(): Promise<{ satisfy: (version: string, range: string) => boolean; calls: () => number }> {
  writeFileSync(
    join(dir, 'check.mjs'),
    'export let calls = 0;\nexport function satisfy(version, range) { calls++; return version.startsWith(range.slice(1, 4)); }\n',
  );
  writeFileSync(join(dir, 'once.mjs'), satisfyOnceModule(join(dir, 'check.mjs')));
  const once = (await import(pathToFileURL(join(dir, 'once.mjs')).href)) as { satisfy: (v: string, r: string) => boolean };
  const check = (await import(pathToFileURL(join(dir, 'check.mjs')).href)) as { calls: number };
  return { satisfy: once.satisfy, calls: () => check.calls };
}

describe('the shared-version check, once per version and range', () => {
  it("gives the plugin's answers and asks the plugin once for each pair", async () => {
    const { satisfy, calls } = await load();
    expect(satisfy('0.1.0', '^0.1.0')).toBe(true);
    expect(satisfy('0.1.0', '^0.1.0')).toBe(true);
    expect(satisfy('0.2.0', '^0.1.0')).toBe(false);
    expect(satisfy('0.2.0', '^0.1.0')).toBe(false);
    expect(calls()).toBe(2);
  });
});
