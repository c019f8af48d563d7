import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { RefusedAddressError } from './addressPolicy.ts';
import { createEndpointPolicy } from './endpointPolicy.ts';
import { createFanOut, type FanOutDeps, type FanOutResult, type Target } from './fanOut.ts';
import { createLimiter } from './limiter.ts';
import { testPayload, TEST_DELIVERY } from './payload.ts';
import type { PushRequest, PushResponse } from './pushTransport.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';

/*
 * The fan-out over a scripted push service, on a fake clock: timeouts, backoff and deadlines
 * run in virtual time, so "served before the tarpit's first timeout" is an exact statement
 * rather than a race against a loaded machine.
 */
const keys = generateSubscriberKeys();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@example.com', source: 'generated' as const };
const REQUEST_TIMEOUT_MS = 10_000;
const DEADLINE_MS = 60_000;

const target = (name: string, host = 'push.example'): Target => ({
  key: name,
  subscription: { endpoint: `https://${host}/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
});

/** What an endpoint does: answer a status (after `delayMs`), fail, or never answer at all. */
type Step = number | Error | 'never' | { status: number; delayMs: number };

interface Call {
  name: string;
  host: string;
  at: number;
  request: PushRequest;
}

/** `script[name]` lists what successive attempts to that endpoint get; 201 after 2 ms by default. */
function harness(script: Record<string, Step[]>, overrides: Partial<FanOutDeps> = {}) {
  const calls: Call[] = [];
  const removed: string[] = [];
  const logs: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const started = performance.now();
  const transport = async (request: PushRequest): Promise<PushResponse> => {
    const url = new URL(request.endpoint);
    const name = url.pathname.slice(1);
    calls.push({ name, host: url.host, at: performance.now() - started, request });
    const step = script[name]?.shift() ?? 201;
    if (step === 'never') return new Promise<PushResponse>(() => undefined);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise((resolve) => setTimeout(resolve, typeof step === 'object' && !(step instanceof Error) ? step.delayMs : 2));
    inFlight -= 1;
    if (step instanceof Error) throw step;
    const status = typeof step === 'number' ? step : step.status;
    return { statusCode: status, headers: status === 429 ? { 'retry-after': '7' } : {}, body: '' };
  };
  const concurrency = overrides.concurrency ?? 4;
  const fanOut = createFanOut({
    vapid,
    transport,
    limiter: createLimiter(concurrency),
    concurrency,
    hostConcurrency: 4,
    maxAttempts: 3,
    retryBaseMs: 100,
    maxRetryAfterMs: 10_000,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    slowAnswerMs: 2_000,
    endpointPolicy: createEndpointPolicy({ pushHosts: ['*'], allowLocal: false }),
    removeGone: async (key) => {
      removed.push(key);
    },
    log: (line) => logs.push(line),
    ...overrides,
  });
  /** Runs a fan-out to its end in virtual time. */
  const run = async (targets: Target[], deadlineMs = DEADLINE_MS): Promise<FanOutResult> => {
    const result = fanOut(targets, testPayload('/i'), TEST_DELIVERY, deadlineMs);
    await vi.runAllTimersAsync();
    return result;
  };
  const callsTo = (name: string) => calls.filter((c) => c.name === name);
  return { run, calls, callsTo, removed, logs, peak: () => peak };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('fan-out', () => {
  it('sends each subscriber the encrypted payload with VAPID, TTL and urgency headers', async () => {
    const h = harness({});
    const result = await h.run([target('a'), target('b')]);
    expect(result).toMatchObject({ total: 2, sent: 2, gone: 0, failed: 0, skipped: 0, unfinished: 0 });
    const request = h.calls[0]?.request as PushRequest;
    expect(request.headers).toMatchObject({ 'Content-Encoding': 'aes128gcm', TTL: 3600, Urgency: 'normal' });
    expect(String(request.headers.Authorization)).toMatch(/^vapid t=.+, k=/);
    expect(JSON.parse(decryptWebPush(request.body as Buffer, keys))).toMatchObject({ kind: 'test', url: '/' });
  });

  it('removes a subscription the push service reports gone (404 or 410)', async () => {
    const h = harness({ old: [410], missing: [404] });
    const result = await h.run([target('old'), target('missing'), target('ok')]);
    expect(result).toMatchObject({ sent: 1, gone: 2 });
    expect(h.removed.sort()).toEqual(['missing', 'old']);
  });

  it('retries 429, 5xx and network errors with growing waits, honouring Retry-After', async () => {
    const h = harness({ busy: [503, 502], throttled: [429], flaky: [new Error('ECONNRESET')] });
    const result = await h.run([target('busy'), target('throttled'), target('flaky')]);
    expect(result).toMatchObject({ sent: 3, failed: 0 });
    const busy = h.callsTo('busy').map((c) => c.at);
    expect(busy).toHaveLength(3);
    // Each wait starts when the 2 ms answer came: 50-100 ms after the first, 100-200 after the second.
    const waits = [(busy[1] ?? 0) - (busy[0] ?? 0) - 2, (busy[2] ?? 0) - (busy[1] ?? 0) - 2];
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
    const throttled = h.callsTo('throttled').map((c) => c.at);
    expect((throttled[1] ?? 0) - (throttled[0] ?? 0)).toBe(7_002);
  });

  it('gives up after the last attempt and keeps the subscription', async () => {
    const h = harness({ down: [500, 500, 500, 500, 500], refused: [403] });
    const result = await h.run([target('down'), target('refused')]);
    expect(result).toMatchObject({ sent: 0, failed: 2, gone: 0 });
    expect(h.callsTo('down')).toHaveLength(3);
    expect(h.callsTo('refused')).toHaveLength(1);
    expect(h.removed).toEqual([]);
    expect(h.logs.join('\n')).toMatch(/failed after 3 attempt\(s\): HTTP 500/);
  });

  it('skips endpoints the policy refuses without sending anything', async () => {
    const h = harness({});
    const local: Target = { key: 'local', subscription: { ...target('x').subscription, endpoint: 'http://127.0.0.1:9/x' } };
    const result = await h.run([local]);
    expect(result).toMatchObject({ total: 1, skipped: 1, sent: 0 });
    expect(h.calls).toHaveLength(0);
  });

  it('skips, without retrying, an endpoint whose name resolves to a refused address', async () => {
    const h = harness({ rebind: [new RefusedAddressError('push.example', '127.0.0.1')] });
    const result = await h.run([target('rebind')]);
    expect(result).toMatchObject({ total: 1, skipped: 1, sent: 0, failed: 0 });
    expect(h.calls).toHaveLength(1);
  });

  it('keeps at most `concurrency` requests in flight however many subscribers there are', async () => {
    const h = harness({}, { concurrency: 3 });
    const result = await h.run(Array.from({ length: 40 }, (_, i) => target(`s${i}`)));
    expect(result.sent).toBe(40);
    expect(h.peak()).toBe(3);
  });
});

describe('fan-out with endpoints that do not answer (the review: 100 junk keys sorting first held a real push for 249 s)', () => {
  it('serves a real subscriber before the first request to a tarpit has even timed out, and ends at its deadline', async () => {
    const script: Record<string, Step[]> = {};
    const junk = Array.from({ length: 100 }, (_, i) => {
      script[`junk${i}`] = ['never', 'never', 'never'];
      return target(`junk${i}`, 'tarpit.example');
    });
    const h = harness(script);
    const result = await h.run([...junk, target('real')]);
    const [real] = h.callsTo('real');
    expect(real?.at).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(result.sent).toBe(1);
    expect(result.failed + result.unfinished).toBe(100);
    expect(result.ms).toBe(DEADLINE_MS);
    // One request at a time to a host that has never answered.
    expect(h.calls.filter((c) => c.host === 'tarpit.example' && c.at === 0)).toHaveLength(1);
  });

  it('lets 1,000 tarpit hosts share at most half of the requests in flight, so 200 real subscribers are all served before any tarpit times out', async () => {
    const script: Record<string, Step[]> = {};
    const junk = Array.from({ length: 1_000 }, (_, i) => {
      script[`junk${i}`] = ['never', 'never', 'never'];
      return target(`junk${i}`, `t${i}.tarpit.example`);
    });
    const real = Array.from({ length: 200 }, (_, i) => target(`real${i}`));
    const h = harness(script);
    const result = await h.run([...junk, ...real]);
    const realCalls = h.calls.filter((c) => c.host === 'push.example');
    expect(realCalls).toHaveLength(200);
    expect(Math.max(...realCalls.map((c) => c.at))).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(result.sent).toBe(200);
  });

  it('cuts a host that answers slowly to one request at a time, so the others do not queue behind it', async () => {
    const script: Record<string, Step[]> = {};
    const slow = Array.from({ length: 200 }, (_, i) => {
      script[`slow${i}`] = [{ status: 201, delayMs: 8_000 }];
      return target(`slow${i}`, 'slow.example');
    });
    const real = Array.from({ length: 100 }, (_, i) => target(`real${i}`));
    const h = harness(script, { concurrency: 10, hostConcurrency: 10, limiter: createLimiter(10) });
    const result = await h.run([...slow, ...real], 3_600_000);
    const realCalls = h.calls.filter((c) => c.host === 'push.example');
    expect(Math.max(...realCalls.map((c) => c.at))).toBeLessThan(8_000);
    expect(result.sent).toBe(300);
    // Never more than one slow request at once: it never answered in time.
    expect(h.calls.filter((c) => c.host === 'slow.example' && c.at < 8_000)).toHaveLength(1);
  });

  it('waits out a retry without holding a slot: the retry goes behind the work that was queued', async () => {
    const script: Record<string, Step[]> = {};
    const busy = Array.from({ length: 10 }, (_, i) => {
      script[`busy${i}`] = [503];
      return target(`busy${i}`, 'busy.example');
    });
    const real = Array.from({ length: 5 }, (_, i) => target(`real${i}`));
    const h = harness(script, { concurrency: 1, limiter: createLimiter(1) });
    const result = await h.run([...busy, ...real]);
    expect(result.sent).toBe(15);
    const firstRetry = h.callsTo('busy0')[1]?.at ?? 0;
    const realCalls = h.calls.filter((c) => c.host === 'push.example');
    expect(Math.max(...realCalls.map((c) => c.at))).toBeLessThan(firstRetry);
  });
});

describe('fan-out: encryption ahead of sending', () => {
  it('asks the encryptor for every body at the start while only a few requests are in flight', async () => {
    const asked: string[] = [];
    const encryptor = {
      workers: 1,
      encrypt: async (subscriptionKeys: { p256dh: string; auth: string }, plaintext: Buffer) => {
        asked.push(subscriptionKeys.auth);
        return Buffer.from(plaintext);
      },
      close: () => undefined,
    };
    const h = harness({}, { encryptor, concurrency: 2, limiter: createLimiter(2) });
    const targets = Array.from({ length: 10 }, (_, i) => target(`s${i}`));
    const result = h.run(targets);
    // Before the answers came (each 2 ms away): a few requests sent, all 10 bodies asked for.
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls.length).toBeLessThanOrEqual(3);
    expect(asked).toHaveLength(10);
    expect(await result).toMatchObject({ total: 10, sent: 10, failed: 0 });
    // Each body was asked for once, retries included.
    expect(asked).toHaveLength(10);
  });

  it("holds at most 512 bodies ahead of their sending for two fan-outs at once (a result's shards), and sends every one", async () => {
    let asked = 0;
    const encryptor = {
      workers: 1,
      encrypt: async (_keys: { p256dh: string; auth: string }, plaintext: Buffer) => {
        asked += 1;
        return Buffer.from(plaintext);
      },
      close: () => undefined,
    };
    const h = harness({}, { encryptor, concurrency: 2, limiter: createLimiter(2) });
    const first = Array.from({ length: 1_500 }, (_, i) => target(`a${i}`, 'one.example'));
    const second = Array.from({ length: 1_500 }, (_, i) => target(`b${i}`, 'two.example'));
    const results = Promise.all([h.run(first), h.run(second)]);
    let most = 0;
    for (let i = 0; i < 2_000 && h.calls.length < 3_000; i += 1) {
      await vi.advanceTimersByTimeAsync(1);
      most = Math.max(most, asked - h.calls.length);
    }
    const [a, b] = await results;
    expect(a).toMatchObject({ total: 1_500, sent: 1_500 });
    expect(b).toMatchObject({ total: 1_500, sent: 1_500 });
    expect(asked).toBe(3_000);
    // 512 waiting, plus the two in flight asked for on their own.
    expect(most).toBeGreaterThan(100);
    expect(most).toBeLessThanOrEqual(514);
  });

  it('tells the heap collector of every message settled, sent or failed', async () => {
    let counted = 0;
    const h = harness({ b: [400] }, { collector: { count: (messages) => (counted += messages) } });
    const result = await h.run([target('a'), target('b'), target('c')]);
    expect(result).toMatchObject({ total: 3, sent: 2, failed: 1 });
    expect(counted).toBe(3);
  });

  it('counts a subscription whose keys cannot be used as failed and goes on', async () => {
    const h = harness({});
    const broken: Target = {
      key: 'broken',
      subscription: {
        endpoint: 'https://push.example/broken',
        keys: { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: keys.auth },
      },
    };
    const result = await h.run([broken, target('ok')]);
    expect(result).toMatchObject({ total: 2, sent: 1, failed: 1, unfinished: 0 });
    expect(h.callsTo('broken')).toHaveLength(0);
  });
});
