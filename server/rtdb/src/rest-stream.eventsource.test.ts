/**
 * What a page without the Firebase SDK does: follow a location with the standard EventSource (undici's
 * implementation of the WHATWG one), listening for Firebase's named events.
 */
import { EventSource } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, removeDir, startTestServer, tempDir, unsignedJwt, until, writeRules, ownerWrite } from './test-support.ts';
import type { RtdbServer } from './server.ts';

const RULES = {
  rules: {
    room: { '.read': "root.child('gate').val() === 'open'" },
    users: { $uid: { '.read': 'auth != null && auth.uid === $uid' } },
  },
};

let server: RtdbServer;
let stop: () => Promise<void>;
let rulesDir: string;

beforeAll(async () => {
  rulesDir = tempDir('rules');
  ({ server, stop } = await startTestServer({ rulesFile: writeRules(rulesDir, RULES) }));
});

afterAll(async () => {
  await stop();
  removeDir(rulesDir);
});

const write = (method: string, ns: string, path: string, body?: unknown) => ownerWrite(server.url, method, ns, path, body);

/** An EventSource and the Firebase events it dispatched, as `[type, parsed data]`. */
function follow(url: string): { source: EventSource; seen: Array<[string, unknown]> } {
  const source = new EventSource(url);
  const seen: Array<[string, unknown]> = [];
  for (const type of ['put', 'patch', 'keep-alive', 'cancel', 'auth_revoked']) {
    source.addEventListener(type, (e) => seen.push([type, JSON.parse((e as MessageEvent<string>).data)]));
  }
  return { source, seen };
}

describe('EventSource', () => {
  it('receives put and patch events, then cancel when the rules stop allowing the read', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'gate', 'open');
    await write('PUT', ns, 'room', { a: 1 });
    const { source, seen } = follow(`${server.url}/room.json?ns=${ns}`);
    // As Firebase asks of its clients: a cancelled stream is not reopened.
    source.addEventListener('cancel', () => source.close());
    await until(() => seen.length === 1, 5000, 'the first event');

    await write('PUT', ns, 'room/b', 2);
    await write('PATCH', ns, 'room', { a: 3, c: 4 });
    await write('DELETE', ns, 'room/b');
    await write('PUT', ns, 'gate', 'closed');
    await until(() => seen.length === 5, 5000, 'five events');
    expect(seen).toEqual([
      ['put', { path: '/', data: { a: 1 } }],
      ['put', { path: '/b', data: 2 }],
      ['patch', { path: '/', data: { a: 3, c: 4 } }],
      ['put', { path: '/b', data: null }],
      ['cancel', 'Permission denied'],
    ]);
    expect(source.readyState).toBe(EventSource.CLOSED);
    await until(() => server.streamCount() === 0, 5000, 'the stream to be released');
  });

  it('authenticates with `auth=` in the URL and is told when the token is revoked', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'users/u1', { name: 'one' });
    const exp = Math.ceil(Date.now() / 1000) + 1;
    const { source, seen } = follow(`${server.url}/users/u1.json?ns=${ns}&auth=${unsignedJwt({ sub: 'u1', exp })}`);
    source.addEventListener('auth_revoked', () => source.close());
    await until(() => seen.length === 2, 5000, 'the first event and auth_revoked');
    expect(seen).toEqual([
      ['put', { path: '/', data: { name: 'one' } }],
      ['auth_revoked', 'credential is no longer valid'],
    ]);
  });

  it('fails to open where the rules deny the read', async () => {
    const { source, seen } = follow(`${server.url}/room.json?ns=${freshNamespace()}`);
    await new Promise((resolve) => source.addEventListener('error', resolve));
    expect(source.readyState).toBe(EventSource.CLOSED);
    expect(seen).toEqual([]);
  });
});
