// The tables of cases.ts again, this time through the real client stack against the local
// server enforcing the committed rules file: the Firebase JS SDK over the wire protocol (signed-in
// identities through the SDK's emulator mock tokens), and the REST API with unsigned
// emulator-style ID tokens in `?auth=`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, get, getDatabase, ref, set, update, type Database } from 'firebase/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_UID,
  ADMIN_WRITE_CASES,
  FIXTURE,
  IDENTITIES,
  INVALID_ADMIN_CASES,
  LIVE_DIGEST_CASES,
  NO_DRAW_CROSS_CASES,
  READ_CASES,
  SUBSCRIPTION_CASES,
  USER_UID,
  toJson,
  type Identity,
  type WriteCase,
} from './cases.ts';
import { RULES_PATH } from './load-rules.ts';

const PROJECT_ID = 'demo-satta';
const NAMESPACE = `${PROJECT_ID}-default-rtdb`;
// Writes reject with 'PERMISSION_DENIED: Permission denied'; a one-time read rejects with the
// server's reason alone, 'Permission denied' (as it does against Firebase).
const DENIED = /permission[_ ]denied/i;

interface RtdbServer {
  port: number;
  url: string;
  close(): Promise<void>;
}
interface RtdbModule {
  startRtdb(options: { port: number; dataDir: string; rulesFile: string; projectId: string }): Promise<RtdbServer>;
}

// Loaded by a computed specifier so this folder's typecheck does not pull in the server's
// sources (and their own ambient declarations); the contract is the interface above.
const SERVER_MODULE = new URL('../server/rtdb/src/index.ts', import.meta.url).href;

/** An unsigned ID token as the Auth emulator issues them, which the local server accepts. */
function emulatorIdToken(uid: string, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return [
    part({ alg: 'none', typ: 'JWT' }),
    part({
      iss: `https://securetoken.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      sub: uid,
      user_id: uid,
      iat: now,
      auth_time: now,
      exp: now + 3600,
      email: `${uid}@example.com`,
      email_verified: false,
      firebase: { sign_in_provider: 'password', identities: { email: [`${uid}@example.com`] } },
      ...claims,
    }),
    '',
  ].join('.');
}

type RestCredential = { owner: true } | { idToken: string } | { anonymous: true };
const TOKENS: Record<Identity, RestCredential> = {
  anon: { anonymous: true },
  user: { idToken: emulatorIdToken(USER_UID, {}) },
  admin: { idToken: emulatorIdToken(ADMIN_UID, { admin: true }) },
};
const OWNER: RestCredential = { owner: true };

let server: RtdbServer;
let dataDir: string;
const apps: FirebaseApp[] = [];
const sdk: Partial<Record<Identity, Database>> = {};

function sdkDatabase(who: Identity): Database {
  const db = sdk[who];
  if (!db) throw new Error(`no SDK connection for ${who}`);
  return db;
}

async function rest(
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  credential: RestCredential,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const segments = path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  const url = new URL(`http://127.0.0.1:${server.port}/${segments}.json`);
  url.searchParams.set('ns', NAMESPACE);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if ('owner' in credential) headers['Authorization'] = 'Bearer owner';
  if ('idToken' in credential) url.searchParams.set('auth', credential.idToken);
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

async function stored(path: string): Promise<unknown> {
  const { status, body } = await rest('GET', path, OWNER);
  expect(status, `owner read of /${path}`).toBe(200);
  return body;
}

/** Firebase stores arrays as index-keyed objects and may send them back either way. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return normalize(Object.fromEntries(value.map((v, i) => [String(i), v])));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
    return entries.length === 0 ? null : Object.fromEntries(entries.map(([k, v]) => [k, normalize(v)]));
  }
  return value ?? null;
}

/** What the server should hold after an allowed write: server timestamps become numbers. */
function expectStored(actual: unknown, wanted: unknown, where: string): void {
  const want = normalize(wanted);
  const have = normalize(actual);
  if (want !== null && typeof want === 'object' && '.sv' in want) {
    expect(typeof have, `${where} is a resolved server timestamp`).toBe('number');
    return;
  }
  if (want !== null && typeof want === 'object') {
    expect(have, where).toBeTypeOf('object');
    const haveObject = (have ?? {}) as Record<string, unknown>;
    expect(Object.keys(haveObject).sort(), where).toEqual(Object.keys(want).sort());
    for (const [key, value] of Object.entries(want)) expectStored(haveObject[key], value, `${where}/${key}`);
    return;
  }
  expect(have, where).toEqual(want);
}

async function expectWritten(c: WriteCase): Promise<void> {
  const value = toJson(c.value);
  if (c.op === 'set') {
    expectStored(await stored(c.path), value, `/${c.path}`);
    return;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = [c.path, key].filter(Boolean).join('/');
    expectStored(await stored(path), child, `/${path}`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sdkWrite(db: Database, c: WriteCase): Promise<void> {
  const target = c.path === '' ? ref(db) : ref(db, c.path);
  const value = toJson(c.value);
  return c.op === 'set' ? set(target, value ?? null) : update(target, value as Record<string, unknown>);
}

function restWrite(c: WriteCase, credential: RestCredential): Promise<{ status: number; body: unknown }> {
  const value = toJson(c.value);
  if (c.op === 'update') return rest('PATCH', c.path, credential, value);
  return value === null || value === undefined ? rest('DELETE', c.path, credential) : rest('PUT', c.path, credential, value);
}

// Claims of the SDK's emulator mock tokens. `iat` is set because the SDK otherwise dates the
// token at 0, so it would have expired in 1970.
const ISSUED_AT = Math.floor(Date.now() / 1000);
const MOCK_USERS: Record<Exclude<Identity, 'anon'>, { sub: string; [claim: string]: unknown }> = {
  user: { sub: USER_UID, iat: ISSUED_AT, firebase: { sign_in_provider: 'password', identities: {} } },
  admin: { sub: ADMIN_UID, iat: ISSUED_AT, firebase: { sign_in_provider: 'password', identities: {} }, admin: true },
};

beforeAll(async () => {
  // Every denied write would also print a FIREBASE WARNING; the assertions already cover them.
  setLogLevel('error');
  dataDir = await mkdtemp(join(tmpdir(), 'rules-sdk-'));
  const { startRtdb } = (await import(SERVER_MODULE)) as RtdbModule;
  server = await startRtdb({ port: 0, dataDir, rulesFile: RULES_PATH, projectId: PROJECT_ID });
  for (const who of IDENTITIES) {
    const app = initializeApp(
      { projectId: PROJECT_ID, apiKey: 'demo-key', databaseURL: `https://${NAMESPACE}.firebaseio.com` },
      `rules-sdk-${who}-${process.pid}`,
    );
    apps.push(app);
    const db = getDatabase(app);
    connectDatabaseEmulator(db, '127.0.0.1', server.port, who === 'anon' ? {} : { mockUserToken: MOCK_USERS[who] });
    sdk[who] = db;
  }
  // A connection whose credential the server refuses makes every later call hang until the test
  // timeout; one bounded probe per identity turns that into a single clear failure.
  await Promise.all(IDENTITIES.map((who) => withTimeout(get(ref(sdkDatabase(who), 'mian')), 5_000, `SDK read as ${who}`)));
});

afterAll(async () => {
  // The SDK's own default, for the files that run after this one in the same worker.
  setLogLevel('warn');
  await Promise.all(apps.map((app) => deleteApp(app)));
  if (server) await server.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * Whether the data may differ from the fixture: a write case sets it, and clears it only once it
 * has seen the data unchanged (a refused write). Reads and refused writes leave the fixture as it
 * was, so the next case needs no reset: half of the file's time went to putting back a fixture
 * nothing had changed (22 s → 11 s).
 */
let dirty = true;
beforeEach(async () => {
  if (!dirty) return;
  const { status } = await rest('PUT', '', OWNER, FIXTURE);
  expect(status, 'fixture reset').toBe(200);
  dirty = false;
});

const WRITE_CASES: readonly WriteCase[] = [
  ...ADMIN_WRITE_CASES,
  ...INVALID_ADMIN_CASES,
  ...NO_DRAW_CROSS_CASES,
  ...SUBSCRIPTION_CASES,
  ...LIVE_DIGEST_CASES,
];

describe.each(IDENTITIES)('database.rules.json on the local server: %s through the JS SDK', (who) => {
  it.each(READ_CASES.map((c) => ({ ...c, allowed: c.expect[who] })))('read /$path -> $allowed', async ({ path, allowed }) => {
    const db = sdkDatabase(who);
    const read = get(path === '' ? ref(db) : ref(db, path));
    if (allowed) await expect(read).resolves.toBeDefined();
    else await expect(read).rejects.toThrow(DENIED);
  });

  it.each(WRITE_CASES.map((c) => ({ ...c, allowed: c.expect[who] })))('$op $name -> $allowed', async (c) => {
    const before = await stored('');
    dirty = true;
    const write = sdkWrite(sdkDatabase(who), c);
    if (c.allowed) {
      await expect(write).resolves.toBeUndefined();
      await expectWritten(c);
    } else {
      await expect(write).rejects.toThrow(DENIED);
      expect(await stored('')).toEqual(before);
      dirty = false;
    }
  });
});

describe.each(IDENTITIES)('database.rules.json on the local server: %s through REST', (who) => {
  const credential = TOKENS[who];

  it.each(READ_CASES.map((c) => ({ ...c, allowed: c.expect[who] })))('read /$path -> $allowed', async ({ path, allowed }) => {
    const { status, body } = await rest('GET', path, credential);
    if (allowed) {
      expect(status).toBe(200);
      expect(body).toEqual(await stored(path));
    } else {
      expect(status).toBe(401);
      expect(JSON.stringify(body)).toMatch(/permission denied/i);
    }
  });

  it.each(WRITE_CASES.map((c) => ({ ...c, allowed: c.expect[who] })))('$op $name -> $allowed', async (c) => {
    const before = await stored('');
    dirty = true;
    const { status, body } = await restWrite(c, credential);
    if (c.allowed) {
      expect(status, JSON.stringify(body)).toBe(200);
      await expectWritten(c);
    } else {
      expect(status, JSON.stringify(body)).toBe(401);
      expect(await stored('')).toEqual(before);
      dirty = false;
    }
  });
});
