import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveVapidKeys } from './vapidKeys.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vapid-test-'));
  dirs.push(dir);
  return join(dir, 'nested');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('resolveVapidKeys', () => {
  it('generates a pair on first local start, keeps it private on disk, and reuses it', () => {
    const dataDir = tempDir();
    const first = resolveVapidKeys({ subject: 'mailto:a@example.com', dataDir, allowGenerate: true });
    expect(first.source).toBe('generated');
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(statSync(join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    const again = resolveVapidKeys({ subject: 'mailto:a@example.com', dataDir, allowGenerate: true });
    expect(again).toEqual({ ...first, source: 'file' });
    expect(JSON.parse(readFileSync(join(dataDir, 'vapid.json'), 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
  });

  it('takes the pair from the environment, and in production refuses to start without it', () => {
    const dataDir = tempDir();
    expect(resolveVapidKeys({ publicKey: 'pub', privateKey: 'priv', subject: 's', dataDir, allowGenerate: false })).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
      subject: 's',
      source: 'environment',
    });
    expect(() => resolveVapidKeys({ subject: 's', dataDir, allowGenerate: false })).toThrow(/required in production/);
    expect(() => resolveVapidKeys({ publicKey: 'pub', subject: 's', dataDir, allowGenerate: true })).toThrow(/both/);
  });
});
