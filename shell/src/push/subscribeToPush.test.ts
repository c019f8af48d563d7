import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushSubscriptionData } from '@satta/shared/data';
import { subscribeToPush, type PushDeps } from './subscribeToPush.ts';
import { decodeApplicationServerKey, isSameKey } from './applicationServerKey.ts';

const KEY = `BA${'A'.repeat(85)}`; // 65 bytes, first byte 0x04
const OTHER_KEY = `BB${'B'.repeat(85)}`;
const STORED: PushSubscriptionData = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };

/** A browser's PushSubscription as far as the flow uses it. */
function fakeSubscription(key: string, endpoint = STORED.endpoint) {
  return {
    endpoint,
    options: { applicationServerKey: decodeApplicationServerKey(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: STORED.keys }),
    unsubscribe: vi.fn(async () => true),
  };
}

function browser(existing: ReturnType<typeof fakeSubscription> | null = null, fail: Partial<Record<'register' | 'subscribe', Error>> = {}) {
  const created = fakeSubscription(KEY);
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(async () => {
      if (fail.subscribe) throw fail.subscribe;
      return created;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const serviceWorker = {
    register: vi.fn(async () => {
      if (fail.register) throw fail.register;
      return registration;
    }),
    ready: Promise.resolve(registration),
  };
  const calls: string[] = [];
  const deps: PushDeps = {
    serviceWorker: serviceWorker as unknown as PushDeps['serviceWorker'],
    vapidPublicKey: KEY,
    save: vi.fn(async () => {
      calls.push('save');
      return 'saved';
    }),
  };
  return { deps, serviceWorker, pushManager, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('subscribeToPush', () => {
  it('registers /sw.js for the whole site, subscribes with the VAPID key, then stores the subscription once', async () => {
    const b = browser();
    expect(await subscribeToPush(b.deps)).toEqual(STORED);
    expect(b.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(b.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: decodeApplicationServerKey(KEY) });
    expect(b.deps.save).toHaveBeenCalledWith(STORED, null);
    expect(b.calls).toEqual(['save']);
  });

  it("reuses the browser's subscription made with the same key", async () => {
    const b = browser(fakeSubscription(KEY));
    await subscribeToPush(b.deps);
    expect(b.pushManager.subscribe).not.toHaveBeenCalled();
    expect(b.deps.save).toHaveBeenCalledWith(STORED, null);
  });

  it('names the endpoint it last stored when the browser now has another one, so the games chosen move with it', async () => {
    const b = browser(fakeSubscription(KEY));
    await subscribeToPush({ ...b.deps, previousEndpoint: 'https://push.example/before-rotation' });
    expect(b.deps.save).toHaveBeenCalledWith(STORED, 'https://push.example/before-rotation');
    // The same endpoint as last time is no previous one.
    const again = browser(fakeSubscription(KEY));
    await subscribeToPush({ ...again.deps, previousEndpoint: STORED.endpoint });
    expect(again.deps.save).toHaveBeenCalledWith(STORED, null);
  });

  it('replaces a subscription made with another key (the server changed its VAPID key)', async () => {
    const old = fakeSubscription(OTHER_KEY, 'https://push.example/old');
    const b = browser(old);
    expect(await subscribeToPush(b.deps)).toEqual(STORED);
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(b.pushManager.subscribe).toHaveBeenCalled();
    // The replaced subscription's games move to the new one, even without a remembered endpoint.
    expect(b.deps.save).toHaveBeenCalledWith(STORED, 'https://push.example/old');
  });

  it.each<[string, Parameters<typeof browser>[1], string]>([
    ['registration', { register: new Error('sw 404') }, 'push: service worker registration failed'],
    ['subscription', { subscribe: new DOMException('push service error', 'AbortError') }, 'push: subscription failed'],
  ])('only logs a %s failure, and stores nothing', async (_name, fail, message) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const b = browser(null, fail);
    await expect(subscribeToPush(b.deps)).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(message, expect.anything());
    expect(b.deps.save).not.toHaveBeenCalled();
  });

  it('only logs a notify service that refuses or cannot be reached', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const b = browser();
    b.deps.save = vi.fn(async () => Promise.reject(new Error('The notify service refused the subscription: HTTP 429')));
    await expect(subscribeToPush(b.deps)).resolves.toEqual(STORED);
    expect(error).toHaveBeenCalledWith('push: could not store the subscription', expect.any(Error));
  });

  it('does nothing without a usable VAPID key in the runtime config', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const vapidPublicKey of [undefined, 'short']) {
      const b = browser();
      await expect(subscribeToPush({ ...b.deps, vapidPublicKey })).resolves.toBeNull();
      expect(b.serviceWorker.register).not.toHaveBeenCalled();
    }
  });
});

describe('applicationServerKey', () => {
  it('decodes base64url without padding and compares keys byte by byte', () => {
    const key = decodeApplicationServerKey(KEY);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(isSameKey(key.buffer, key)).toBe(true);
    expect(isSameKey(decodeApplicationServerKey(OTHER_KEY).buffer, key)).toBe(false);
    expect(isSameKey(null, key)).toBe(false);
  });
});
