import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendSubscriptionToServer } from './sendSubscriptionToServer.ts';

const SUBSCRIPTION = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };

afterEach(() => vi.restoreAllMocks());

describe('sendSubscriptionToServer', () => {
  it('POSTs the subscription as JSON to {notifyUrl}/subscriptions', async () => {
    const fetchFn = vi.fn(async () => new Response('{"status":"saved"}', { status: 201 }));
    await sendSubscriptionToServer('https://notify.example/', SUBSCRIPTION, fetchFn);
    expect(fetchFn).toHaveBeenCalledWith('https://notify.example/subscriptions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(SUBSCRIPTION),
    });
  });

  it('only logs a refusal or an unreachable service', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await sendSubscriptionToServer('https://notify.example', SUBSCRIPTION, async () => new Response('{"error":"bad"}', { status: 400 }));
    await sendSubscriptionToServer('https://notify.example', SUBSCRIPTION, async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toMatch(/HTTP 400/);
  });

  it('skips the call without a notifyUrl', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const fetchFn = vi.fn();
    await sendSubscriptionToServer(undefined, SUBSCRIPTION, fetchFn);
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
