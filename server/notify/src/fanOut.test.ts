import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createFanOut, type FanOutDeps, type Target } from './fanOut.ts';
import { createLimiter } from './limiter.ts';
import { RefusedAddressError } from './addressPolicy.ts';
import { createEndpointPolicy } from './endpointPolicy.ts';
import { testPayload, TEST_DELIVERY } from './payload.ts';
import type { PushRequest, PushResponse } from './pushTransport.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';

const keys = generateSubscriberKeys();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@example.com', source: 'generated' as const };
const target = (name: string): Target => ({
  key: name,
  subscription: { endpoint: `https://push.example/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
});

/** A fan-out over a scripted push service: `script[name]` lists the statuses of successive attempts. */
function harness(script: Record<string, (number | Error)[]>, overrides: Partial<FanOutDeps> = {}) {
  const calls: PushRequest[] = [];
  const sleeps: number[] = [];
  const removed: string[] = [];
  const logs: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const transport = async (request: PushRequest): Promise<PushResponse> => {
    calls.push(request);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    inFlight -= 1;
    const name = new URL(request.endpoint).pathname.slice(1);
    const next = script[name]?.shift() ?? 201;
    if (next instanceof Error) throw next;
    return { statusCode: next, headers: next === 429 ? { 'retry-after': '7' } : {}, body: '' };
  };
  const fanOut = createFanOut({
    vapid,
    transport,
    limiter: createLimiter(overrides.concurrency ?? 4),
    concurrency: 4,
    maxAttempts: 3,
    retryBaseMs: 100,
    maxRetryAfterMs: 10_000,
    endpointPolicy: createEndpointPolicy({ pushHosts: ['*'], allowLocal: false }),
    removeGone: async (key) => {
      removed.push(key);
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: (line) => logs.push(line),
    ...overrides,
  });
  return { fanOut, calls, sleeps, removed, logs, peak: () => peak };
}

describe('fan-out', () => {
  it('sends each subscriber the encrypted payload with VAPID, TTL and urgency headers', async () => {
    const h = harness({});
    const result = await h.fanOut([target('a'), target('b')], testPayload('/icon.png'), TEST_DELIVERY);
    expect(result).toMatchObject({ total: 2, sent: 2, gone: 0, failed: 0, skipped: 0 });
    const request = h.calls[0] as PushRequest;
    expect(request.headers).toMatchObject({ 'Content-Encoding': 'aes128gcm', TTL: 3600, Urgency: 'normal' });
    expect(String(request.headers.Authorization)).toMatch(/^vapid t=.+, k=/);
    expect(JSON.parse(decryptWebPush(request.body as Buffer, keys))).toMatchObject({ kind: 'test', url: '/' });
  });

  it('removes a subscription the push service reports gone (404 or 410)', async () => {
    const h = harness({ old: [410], missing: [404] });
    const result = await h.fanOut([target('old'), target('missing'), target('ok')], testPayload('/i'), TEST_DELIVERY);
    expect(result).toMatchObject({ sent: 1, gone: 2 });
    expect(h.removed.sort()).toEqual(['missing', 'old']);
  });

  it('retries 429, 5xx and network errors with growing waits, honouring Retry-After', async () => {
    const h = harness({ busy: [503, 502], throttled: [429], flaky: [new Error('ECONNRESET')] });
    const result = await h.fanOut([target('busy'), target('throttled'), target('flaky')], testPayload('/i'), TEST_DELIVERY);
    expect(result).toMatchObject({ sent: 3, failed: 0 });
    expect(h.calls.filter((c) => c.endpoint.endsWith('/busy'))).toHaveLength(3);
    expect(h.sleeps).toContain(7000);
    const busyWaits = h.sleeps.filter((ms) => ms !== 7000);
    expect(busyWaits.every((ms) => ms >= 50 && ms <= 200)).toBe(true);
  });

  it('gives up after the last attempt and keeps the subscription', async () => {
    const h = harness({ down: [500, 500, 500, 500, 500], refused: [403] });
    const result = await h.fanOut([target('down'), target('refused')], testPayload('/i'), TEST_DELIVERY);
    expect(result).toMatchObject({ sent: 0, failed: 2, gone: 0 });
    expect(h.calls.filter((c) => c.endpoint.endsWith('/down'))).toHaveLength(3);
    expect(h.calls.filter((c) => c.endpoint.endsWith('/refused'))).toHaveLength(1);
    expect(h.removed).toEqual([]);
    expect(h.logs.join('\n')).toMatch(/failed after 3 attempt\(s\): HTTP 500/);
  });

  it('skips endpoints the policy refuses without sending anything', async () => {
    const h = harness({});
    const local: Target = { key: 'local', subscription: { ...target('x').subscription, endpoint: 'http://127.0.0.1:9/x' } };
    const result = await h.fanOut([local], testPayload('/i'), TEST_DELIVERY);
    expect(result).toMatchObject({ total: 1, skipped: 1, sent: 0 });
    expect(h.calls).toHaveLength(0);
  });

  it('skips, without retrying, an endpoint whose name resolves to a refused address', async () => {
    const h = harness({ rebind: [new RefusedAddressError('push.example', '127.0.0.1')] });
    const result = await h.fanOut([target('rebind')], testPayload('/i'), TEST_DELIVERY);
    expect(result).toMatchObject({ total: 1, skipped: 1, sent: 0, failed: 0 });
    expect(h.calls).toHaveLength(1);
  });

  it('keeps at most `limit` requests in flight however many subscribers there are', async () => {
    const h = harness({}, { concurrency: 3 });
    const targets = Array.from({ length: 40 }, (_, i) => target(`s${i}`));
    const result = await h.fanOut(targets, testPayload('/i'), TEST_DELIVERY);
    expect(result.sent).toBe(40);
    expect(h.peak()).toBeLessThanOrEqual(3);
  });
});
