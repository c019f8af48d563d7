import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../shared/data/config.ts';
import { firebaseSchemaProblems } from './firebaseSchema.ts';
import { generatedHeaders, headerDrift, shellScriptHashes, writeHeaders } from './hostingHeaders.ts';

/**
 * firebase.json's hosting.headers are generated (scripts/hostingHeaders.ts from
 * server/hosting/headers.ts and shell/index.html): the committed file must hold exactly what the
 * generator gives, so a changed inline script of the shell fails here until the headers are
 * rewritten. The files under test are copies in a temp folder; the repository is only read.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const committed = () => JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { hosting: { headers: unknown } };

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the files the generator reads and writes. */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hosting-headers-'));
  temps.push(dir);
  for (const file of ['firebase.json', 'shell/index.html']) cpSync(join(ROOT, file), join(dir, file));
  return dir;
}

describe("firebase.json's hosting.headers", () => {
  it('are what server/hosting/headers.ts generates for shell/index.html (else: npm run deploy -- --write-headers)', () => {
    const drift = headerDrift(committed().hosting.headers, generatedHeaders(ROOT), 'firebase.json');
    expect(drift, drift.join('\n')).toEqual([]);
  });

  it('and firebase.json as a whole matches firebase-tools’ schema', () => {
    expect(firebaseSchemaProblems(committed(), 'firebase.json')).toEqual([]);
  });

  it('a stale script hash is named, with the command that fixes it', () => {
    const [first = ''] = shellScriptHashes(ROOT);
    const stale = JSON.parse(JSON.stringify(generatedHeaders(ROOT)).replace(first, "'sha256-STALE='")) as unknown;
    expect(headerDrift(stale, generatedHeaders(ROOT), 'firebase.json')).toEqual([
      `firebase.json: the Content-Security-Policy in hosting.headers is stale (script-src lacks ${first} and has 'sha256-STALE=', not generated): ` +
        'run `npm run deploy -- --write-headers` to regenerate hosting.headers from server/hosting/headers.ts and shell/index.html.',
    ]);
  });

  it('a changed cache rule is named by its position and glob', () => {
    const rules = generatedHeaders(ROOT).map((rule) => structuredClone(rule));
    rules[2] = { source: '/config.json', headers: [{ key: 'Cache-Control', value: 'max-age=3600' }] };
    expect(headerDrift(rules, generatedHeaders(ROOT), 'firebase.json')).toEqual([
      'firebase.json: hosting.headers[2] (source "/config.json") differs from what server/hosting/headers.ts generates: ' +
        'run `npm run deploy -- --write-headers` to regenerate hosting.headers from server/hosting/headers.ts and shell/index.html.',
    ]);
  });
});

describe('npm run deploy -- --write-headers (writeHeaders)', () => {
  it('leaves a current firebase.json byte for byte as it is', async () => {
    const dir = copy();
    expect(await writeHeaders(dir)).toBe(false);
    expect(readFileSync(join(dir, 'firebase.json'), 'utf8')).toBe(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  });

  it('after an inline script of shell/index.html changed, rewrites only the headers, formatted as the repository wants', async () => {
    const dir = copy();
    const html = readFileSync(join(dir, 'shell/index.html'), 'utf8');
    writeFileSync(join(dir, 'shell/index.html'), html.replace("var key = 'satta.splash.seen';", "var key = 'satta.splash.seen.2';"));
    const before = readFileSync(join(dir, 'firebase.json'), 'utf8');
    expect(headerDrift(JSON.parse(before).hosting.headers, generatedHeaders(dir), 'firebase.json')).toHaveLength(1);

    expect(await writeHeaders(dir)).toBe(true);
    const after = readFileSync(join(dir, 'firebase.json'), 'utf8');
    expect(headerDrift(JSON.parse(after).hosting.headers, generatedHeaders(dir), 'firebase.json')).toEqual([]);
    // Only the Content-Security-Policy line changed, and only by the one script's hash.
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain("\"value\": \"default-src 'self'; script-src 'self'");
    expect(shellScriptHashes(dir).every((hash) => changed[0]?.includes(hash))).toBe(true);
  });
});

describe('headers for one project (its /config.json)', () => {
  const project: RuntimeConfig = {
    firebase: { authDomain: 'satta.example.com', projectId: 'satta-prod', databaseURL: 'https://satta-prod-default-rtdb.firebaseio.com' },
    notifyUrl: 'https://notify.example.com/push',
    remotes: { 'mf-chart': 'https://chart.example.com/remotes/mf-chart/remoteEntry.js', 'mf-fun': '/remotes/mf-fun/remoteEntry.js' },
  };

  it('allow its notify service, its remotes on other origins and its auth domain, and keep the other rules', () => {
    const rules = generatedHeaders(ROOT, project);
    const csp = rules[0]?.headers[0]?.value.split('; ') ?? [];
    const hashes = shellScriptHashes(ROOT).join(' ');
    expect(csp).toEqual([
      "default-src 'self'",
      `script-src 'self' ${hashes} https://chart.example.com https://*.firebasedatabase.app https://*.firebaseio.com https://apis.google.com`,
      "style-src 'self' 'unsafe-inline' https://chart.example.com",
      "img-src 'self' data: blob: https://chart.example.com",
      "font-src 'self' https://chart.example.com",
      "connect-src 'self' https://*.firebasedatabase.app wss://*.firebasedatabase.app https://*.firebaseio.com wss://*.firebaseio.com " +
        'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://notify.example.com https://chart.example.com',
      "frame-src 'self' https://*.firebasedatabase.app https://*.firebaseio.com https://satta.example.com",
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
    expect(rules.slice(1)).toEqual((committed().hosting.headers as unknown[]).slice(1));
  });
});

describe("firebase-tools' schema", () => {
  it('names the field of a firebase.json that breaks it', () => {
    const broken = committed() as { hosting: Record<string, unknown> };
    broken.hosting.public = 5;
    expect(firebaseSchemaProblems(broken, 'firebase.json')).toEqual([
      "firebase.json does not match firebase-tools' schema (node_modules/firebase-tools/schema/firebase-config.json): /hosting/public must be string.",
    ]);
  });

  it('names an unknown property (a misspelt field would be deployed as if absent)', () => {
    const broken = committed() as { hosting: Record<string, unknown> };
    broken.hosting.header = [];
    expect(firebaseSchemaProblems(broken, 'firebase.json')).toEqual([
      "firebase.json does not match firebase-tools' schema (node_modules/firebase-tools/schema/firebase-config.json): " +
        '/hosting has a property firebase-tools does not know: "header".',
    ]);
  });
});
