import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATISFY_MODULE } from './sharedVersionCheck.ts';

const dir = mkdtempSync(join(tmpdir(), 'satisfy-'));
let satisfy: (version: string, range: string) => boolean;
beforeAll(async () => {
  writeFileSync(join(dir, 'satisfy.mjs'), SATISFY_MODULE);
  ({ satisfy } = (await import(pathToFileURL(join(dir, 'satisfy.mjs')).href)) as { satisfy: typeof satisfy });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the shared-version check of the federation runtime', () => {
  it('answers caret ranges as semver does', () => {
    expect(satisfy('19.2.3', '^19.2.0')).toBe(true);
    expect(satisfy('19.3.0', '^19.2.0')).toBe(true);
    expect(satisfy('19.1.9', '^19.2.0')).toBe(false);
    expect(satisfy('20.0.0', '^19.2.0')).toBe(false);
    expect(satisfy('0.1.0', '^0.1.0')).toBe(true);
    expect(satisfy('0.1.5', '^0.1.0')).toBe(true);
    expect(satisfy('0.2.0', '^0.1.0')).toBe(false);
    expect(satisfy('0.0.3', '^0.0.3')).toBe(true);
    expect(satisfy('0.0.4', '^0.0.3')).toBe(false);
  });

  it('takes a plain version as exact, and no other form', () => {
    expect(satisfy('7.8.2', '7.8.2')).toBe(true);
    expect(satisfy('7.8.3', '7.8.2')).toBe(false);
    expect(satisfy('7.8.2', '>=7.0.0')).toBe(false);
    expect(satisfy('7.8.2-beta.1', '^7.8.0')).toBe(false);
  });
});
