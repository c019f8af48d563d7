import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptionStore } from './subscriptionStore.ts';
import { startTarpit, type Tarpit } from './testing/tarpit.ts';
import { BackendTimeoutError } from './timeout.ts';

let app: App | undefined;
let tarpit: Tarpit | undefined;
afterEach(async () => {
  if (app) await deleteApp(app);
  await tarpit?.close();
  app = undefined;
});

describe('subscription store with the database out of reach', () => {
  it("gives up listing and saving after its timeout, where firebase-admin's get() would wait forever", async () => {
    tarpit = await startTarpit();
    app = initializeApp({ projectId: 'demo-unreachable', databaseURL: `${tarpit.url}?ns=demo-unreachable` }, `unreachable-${Date.now()}`);
    const store = subscriptionStore(getDatabase(app), { timeoutMs: 300, log: () => undefined });
    await expect(store.list()).rejects.toBeInstanceOf(BackendTimeoutError);
    await expect(store.list()).rejects.toThrow('the database did not answer within 300 ms');
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } };
    await expect(store.save(subscription)).rejects.toBeInstanceOf(BackendTimeoutError);
    expect(tarpit.connections()).toBeGreaterThan(0);
  });
});
