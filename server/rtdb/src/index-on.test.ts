/**
 * Where the local database must behave as Firebase does, or production breaks while tests pass:
 * a query ordered by a child (or by value) needs `.indexOn` in the rules. Firebase refuses such a
 * REST query with 400 "Index not defined", and answers such an SDK listen with a warning.
 */
import { get, onValue, orderByChild, orderByKey, query, ref, startAt } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteClients,
  freshNamespace,
  removeDir,
  sdkClient,
  startTestServer,
  tempDir,
  writeRules,
  type SdkClient,
} from './test-support.ts';

const RULES = {
  rules: {
    '.read': true,
    '.write': true,
    indexed: { '.indexOn': ['place', 'meta/at'] },
    byValue: { '.indexOn': '.value' },
    games: { $game: { '.indexOn': 'n' } },
  },
};
let server: { url: string; port: number };
let stop: () => Promise<void>;
const dirs: string[] = [];
const clients: SdkClient[] = [];
const ns = freshNamespace();

beforeAll(async () => {
  const rulesDir = tempDir('index-rules');
  dirs.push(rulesDir);
  ({ server, stop } = await startTestServer({ rulesFile: writeRules(rulesDir, RULES) }));
  for (const path of ['indexed', 'plain', 'byValue', 'games/gali']) {
    await fetch(`${server.url}/${path}.json?ns=${ns}&auth=owner`, {
      method: 'PUT',
      body: JSON.stringify({ a: { place: 2, n: 1, meta: { at: 5 } }, b: { place: 1, n: 2, meta: { at: 3 } } }),
    });
  }
});
afterAll(async () => {
  await deleteClients(clients);
  await stop?.();
  for (const d of dirs) removeDir(d);
});

const restQuery = (path: string, orderBy: string, from: string | number = 0) =>
  fetch(
    `${server.url}/${path}.json?ns=${ns}&orderBy=${encodeURIComponent(JSON.stringify(orderBy))}&startAt=${encodeURIComponent(JSON.stringify(from))}`,
  );

describe('a REST query ordered by a child', () => {
  it("is answered where the rules declare its index, a nested child and a wildcard's included", async () => {
    expect(await (await restQuery('indexed', 'place')).json()).toEqual({
      a: { place: 2, n: 1, meta: { at: 5 } },
      b: { place: 1, n: 2, meta: { at: 3 } },
    });
    expect((await restQuery('indexed', 'meta/at')).status).toBe(200);
    expect((await restQuery('games/gali', 'n')).status).toBe(200);
    expect((await restQuery('plain', '$key', 'a')).status).toBe(200);
    expect((await restQuery('plain', '$priority')).status).toBe(200);
  });

  it('is refused with 400 "Index not defined" without it, as Firebase answers', async () => {
    const missing = await restQuery('plain', 'place');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Index not defined, add ".indexOn": "place", for path "/plain", to the rules' });
    const byValue = await restQuery('indexed', '$value');
    expect(await byValue.json()).toEqual({ error: 'Index not defined, add ".indexOn": ".value", for path "/indexed", to the rules' });
    expect((await restQuery('byValue', '$value')).status).toBe(200);
    const stream = await fetch(`${server.url}/plain.json?ns=${ns}&orderBy=%22n%22&startAt=0`, { headers: { Accept: 'text/event-stream' } });
    expect(stream.status).toBe(400);
  });
});

describe('an SDK listen ordered by a child', () => {
  it('gets its data, and the SDK warns of the missing index as with Firebase', async () => {
    const lines: string[] = [];
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => lines.push(args.join(' '));
    try {
      const client = sdkClient(server.port, ns);
      clients.push(client);
      const seen = await new Promise<unknown>((resolve) => {
        const off = onValue(query(ref(client.db, 'plain'), orderByChild('place'), startAt(2)), (s) => {
          off();
          resolve(s.val());
        });
      });
      expect(seen).toEqual({ a: { place: 2, n: 1, meta: { at: 5 } } });
      const indexed = await get(query(ref(client.db, 'indexed'), orderByChild('place'), startAt(2)));
      expect(indexed.val()).toEqual({ a: { place: 2, n: 1, meta: { at: 5 } } });
      await get(query(ref(client.db, 'plain'), orderByKey(), startAt('b')));
    } finally {
      console.warn = originalWarn;
    }
    const warnings = lines.filter((line) => line.includes('Using an unspecified index'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Consider adding ".indexOn": "place" at /plain to your security rules');
  });
});
