/**
 * Server values as priorities (review finding 16): Firebase resolves `{".sv": …}` in `.priority` and in
 * `.value` exactly as it does in plain values, through every way the SDK sends a priority.
 */
import { get, increment, ref, runTransaction, serverTimestamp, set, setPriority, setWithPriority } from 'firebase/database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteClients, freshNamespace, sdkClient, startTestServer, type SdkClient } from './test-support.ts';
import type { RtdbServer } from './server.ts';

/**
 * The SDK's typings allow only string | number | null as a priority, but its validation accepts server
 * values there (validatePriority) and sends them as they are: what an app may do at run time.
 */
const serverTimePriority = serverTimestamp() as unknown as number;
const plusFivePriority = increment(5) as unknown as number;

let server: RtdbServer;
let stop: () => Promise<void>;
const clients: SdkClient[] = [];

beforeAll(async () => {
  ({ server, stop } = await startTestServer());
});

afterEach(async () => {
  await deleteClients(clients);
});

afterAll(async () => {
  await stop();
});

function client(ns: string): SdkClient {
  const c = sdkClient(server.port, ns);
  clients.push(c);
  return c;
}

/** What a second client, with nothing cached, reads: priority and value as the server stored them. */
async function stored(ns: string, path: string): Promise<{ value: unknown; priority: string | number | null }> {
  const snap = await get(ref(client(ns).db, path));
  return { value: snap.val() as unknown, priority: snap.priority };
}

async function exportRaw(ns: string, path: string): Promise<unknown> {
  return (await fetch(`${server.url}/${path}.json?ns=${ns}&format=export`)).json();
}

describe('server values in priorities', () => {
  it('{.value: timestamp, .priority: timestamp} stores the server time in both', async () => {
    const ns = freshNamespace();
    const before = Date.now();
    await set(ref(client(ns).db, 'a'), { '.value': serverTimestamp(), '.priority': serverTimestamp() });
    const { value, priority } = await stored(ns, 'a');
    expect(typeof value).toBe('number');
    expect(value).toBe(priority);
    expect(value as number).toBeGreaterThanOrEqual(before);
    expect(value as number).toBeLessThanOrEqual(Date.now());
  });

  it('setWithPriority and setPriority with serverTimestamp()', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    const before = Date.now();
    await setWithPriority(ref(db, 'b'), { n: 1 }, serverTimePriority);
    const first = await stored(ns, 'b');
    expect(first.value).toEqual({ n: 1 });
    expect(first.priority as number).toBeGreaterThanOrEqual(before);
    await setPriority(ref(db, 'c'), serverTimePriority);
    await set(ref(db, 'c'), 'leaf');
    await setPriority(ref(db, 'c'), serverTimePriority);
    const second = await stored(ns, 'c');
    expect(second.value).toBe('leaf');
    expect(second.priority as number).toBeGreaterThanOrEqual(first.priority as number);
    expect(second.priority as number).toBeLessThanOrEqual(Date.now());
  });

  it('increment as a priority adds to the stored priority', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    await setWithPriority(ref(db, 'd'), 'x', 10);
    await setWithPriority(ref(db, 'd'), 'y', plusFivePriority);
    expect(await exportRaw(ns, 'd')).toEqual({ '.value': 'y', '.priority': 15 });
  });

  it('a transaction whose result has a server-value priority', async () => {
    const ns = freshNamespace();
    const before = Date.now();
    const result = await runTransaction(ref(client(ns).db, 'e'), () => ({ '.value': 7, '.priority': serverTimestamp() }));
    expect(result.committed).toBe(true);
    const { value, priority } = await stored(ns, 'e');
    expect(value).toBe(7);
    expect(priority as number).toBeGreaterThanOrEqual(before);
    expect(priority as number).toBeLessThanOrEqual(Date.now());
  });
});
