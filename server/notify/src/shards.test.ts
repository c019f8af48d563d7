import { generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cloudTasksDriver,
  createTaskRequest,
  googleOidcAuth,
  inProcessDriver,
  parseShardRequest,
  secretShardAuth,
  shardCount,
  shardOf,
  shardRequests,
  taskId,
  type CreateTaskRequest,
  type ShardRequest,
} from './shards.ts';
import { subscriptionKey } from './subscription.ts';

const SHARD: ShardRequest = { date: '2026-11-28', game: 'Gali', number: '42', previous: null, index: 1, count: 4 };
const SETTINGS = {
  queue: 'projects/demo-x/locations/asia-south1/queues/satta-push',
  url: 'https://notify.example.com',
  serviceAccount: 'satta-push-tasks@demo-x.iam.gserviceaccount.com',
  dispatchDeadlineSec: 60,
};

describe('shards', () => {
  it('cuts followers into shards of at most the size, and every key falls in exactly one of equal share', () => {
    expect(shardCount(0, 25_000)).toBe(1);
    expect(shardCount(25_000, 25_000)).toBe(1);
    expect(shardCount(100_000, 25_000)).toBe(4);
    expect(shardCount(1_000_000, 25_000)).toBe(40);
    expect(shardRequests({ date: '2026-11-28', game: 'Gali', number: '42', previous: null }, 3).map((s) => [s.index, s.count])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    const sizes = [0, 0, 0, 0];
    for (let i = 0; i < 20_000; i += 1) {
      const shard = shardOf(subscriptionKey(`https://fcm.googleapis.com/fcm/send/${i}`), 4);
      sizes[shard] = (sizes[shard] ?? 0) + 1;
    }
    expect(sizes.reduce((a, b) => a + b)).toBe(20_000);
    for (const size of sizes) expect(Math.abs(size - 5_000)).toBeLessThan(300);
    expect(shardOf('AAAAAAAA', 4)).toBe(0);
    expect(shardOf('________', 4)).toBe(3);
  });

  it('accepts a shard body as the queue delivers it, and refuses anything else', () => {
    expect(parseShardRequest(JSON.parse(JSON.stringify(SHARD)))).toEqual({ ok: true, shard: SHARD });
    expect(parseShardRequest({ ...SHARD, index: 4 })).toEqual({ ok: false, error: 'index must be a whole number below count.' });
    expect(parseShardRequest({ ...SHARD, game: 'a/b' })).toEqual({ ok: false, error: 'game must be a game name.' });
    expect(parseShardRequest({ ...SHARD, previous: 7 })).toMatchObject({ ok: false });
  });
});

describe('Cloud Tasks driver (no network: the client is injected)', () => {
  it('asks for one named task per shard: a POST of the shard to /shards with an OIDC token of the queue account', () => {
    const request = createTaskRequest(SETTINGS, SHARD);
    expect(request).toEqual({
      parent: 'projects/demo-x/locations/asia-south1/queues/satta-push',
      task: {
        name: `projects/demo-x/locations/asia-south1/queues/satta-push/tasks/${taskId(SHARD)}`,
        dispatchDeadline: { seconds: 60 },
        httpRequest: {
          httpMethod: 'POST',
          url: 'https://notify.example.com/shards',
          headers: { 'Content-Type': 'application/json' },
          body: expect.any(String) as string,
          oidcToken: { serviceAccountEmail: 'satta-push-tasks@demo-x.iam.gserviceaccount.com', audience: 'https://notify.example.com' },
        },
      },
    });
    expect(JSON.parse(Buffer.from(request.task.httpRequest.body, 'base64').toString('utf8'))).toEqual(SHARD);
    expect(taskId(SHARD)).toMatch(/^2026-11-28-[A-Za-z0-9_-]{22}-1-of-4$/);
    // A correction is another announcement: its tasks have other names.
    expect(taskId({ ...SHARD, previous: '97' })).not.toBe(taskId(SHARD));
  });

  it('creates the tasks through the client and takes ALREADY_EXISTS (the same shard enqueued again) as done', async () => {
    const created: CreateTaskRequest[] = [];
    const driver = cloudTasksDriver(SETTINGS, {
      createTask: async (request) => {
        if (created.some((c) => c.task.name === request.task.name)) throw Object.assign(new Error('6 ALREADY_EXISTS'), { code: 6 });
        created.push(request);
        return [{ name: request.task.name }];
      },
      close: async () => undefined,
    });
    const shards = shardRequests({ date: '2026-11-28', game: 'Gali', number: '42', previous: null }, 3);
    await driver.enqueue(shards);
    await driver.enqueue(shards);
    expect(created.map((c) => c.task.name.split('/tasks/')[1])).toEqual(shards.map(taskId));
    const failing = cloudTasksDriver(SETTINGS, {
      createTask: async () => Promise.reject(Object.assign(new Error('7 PERMISSION_DENIED'), { code: 7 })),
      close: async () => undefined,
    });
    await expect(failing.enqueue(shards)).rejects.toThrow('PERMISSION_DENIED');
  });
});

describe('in-process driver', () => {
  it('delivers each shard and again after a failure, as the queue would, until it is answered 2xx', async () => {
    const answers = new Map<number, number[]>([[1, [503, 0, 200]]]);
    const delivered: number[] = [];
    const work: Promise<void>[] = [];
    const driver = inProcessDriver({
      deliver: async (shard) => {
        delivered.push(shard.index);
        const status = answers.get(shard.index)?.shift() ?? 200;
        if (status === 0) throw new Error('connection reset');
        return { status };
      },
      backoffMs: 1,
      track: (w) => work.push(w),
      log: () => undefined,
    });
    await driver.enqueue(shardRequests({ date: '2026-11-28', game: 'Gali', number: '42', previous: null }, 2));
    await Promise.all(work);
    expect(delivered.sort()).toEqual([0, 1, 1, 1]);
  });
});

describe('who may deliver a shard', () => {
  it('in process: the bearer secret only', async () => {
    const auth = secretShardAuth('s3cret');
    expect(await auth('Bearer s3cret')).toBe(true);
    expect(await auth('Bearer s3cres')).toBe(false);
    expect(await auth(undefined)).toBe(false);
  });

  it("with Cloud Tasks: a Google-signed token for this service's URL, of the queue's account, not expired", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...(publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'k1', alg: 'RS256' };
    const now = Date.UTC(2026, 10, 28, 6);
    const auth = googleOidcAuth({
      audience: SETTINGS.url,
      serviceAccount: SETTINGS.serviceAccount,
      keys: async () => [jwk],
      now: () => now,
    });
    const token = (claims: Record<string, unknown>, kid = 'k1') => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${part({ alg: 'RS256', kid, typ: 'JWT' })}.${part(claims)}`;
      return `Bearer ${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
    };
    const good = {
      iss: 'https://accounts.google.com',
      aud: SETTINGS.url,
      email: SETTINGS.serviceAccount,
      email_verified: true,
      exp: now / 1000 + 300,
    };
    expect(await auth(token(good))).toBe(true);
    expect(await auth(token({ ...good, aud: 'https://other.example.com' }))).toBe(false);
    expect(await auth(token({ ...good, email: 'someone@example.com' }))).toBe(false);
    expect(await auth(token({ ...good, exp: now / 1000 - 1 }))).toBe(false);
    expect(await auth(token({ ...good, iss: 'https://evil.example.com' }))).toBe(false);
    expect(await auth(token(good, 'unknown-key'))).toBe(false);
    // A signature changed in its first character (the last one's low bits are base64 padding,
    // which decoding ignores: changing it could leave the signature as it was).
    const signed = token(good);
    const at = signed.lastIndexOf('.') + 1;
    expect(await auth(signed.slice(0, at) + (signed[at] === 'A' ? 'B' : 'A') + signed.slice(at + 1))).toBe(false);
  });
});
