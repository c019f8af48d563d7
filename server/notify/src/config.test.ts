import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('against the emulators: REST through the emulator with ?ns=, local endpoints allowed', () => {
    const config = readConfig({
      GCLOUD_PROJECT: 'demo-satta',
      FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9000',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      NOTIFY_DATABASE_NAMESPACE: 'demo-satta-default-rtdb',
      NOTIFY_ALLOWED_ORIGINS: 'http://127.0.0.1:5000, http://localhost:5000',
    });
    expect(config).toMatchObject({
      projectId: 'demo-satta',
      databaseURL: 'https://demo-satta-default-rtdb.firebaseio.com',
      restBase: 'http://127.0.0.1:9000',
      restNamespace: 'demo-satta-default-rtdb',
      emulated: true,
      allowLocalEndpoints: true,
      allowedOrigins: ['http://127.0.0.1:5000', 'http://localhost:5000'],
      rateLimitPerMinute: 60,
    });
  });

  it('in production: the database URL as given, https endpoints only', () => {
    const config = readConfig({
      GOOGLE_CLOUD_PROJECT: 'satta-prod',
      NOTIFY_DATABASE_URL: 'https://satta-prod-default-rtdb.asia-southeast1.firebasedatabase.app/',
      NOTIFY_RATE_LIMIT: '30',
    });
    expect(config).toMatchObject({
      projectId: 'satta-prod',
      databaseURL: 'https://satta-prod-default-rtdb.asia-southeast1.firebasedatabase.app',
      restBase: 'https://satta-prod-default-rtdb.asia-southeast1.firebasedatabase.app',
      restNamespace: null,
      emulated: false,
      allowLocalEndpoints: false,
      rateLimitPerMinute: 30,
    });
  });

  it("bounds every wait by default, and limits endpoints to the browsers' push services", () => {
    const config = readConfig({ GCLOUD_PROJECT: 'p' });
    expect(config).toMatchObject({
      pushHosts: ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com'],
      hostConcurrency: 50,
      connectTimeoutMs: 3_000,
      requestTimeoutMs: 10_000,
      slowAnswerMs: 2_000,
      sendTestDeadlineMs: 25_000,
      resultDeadlineMs: 300_000,
      backendTimeoutMs: 5_000,
    });
    expect(readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_PUSH_HOSTS: 'push.example, *.Push.Example' }).pushHosts).toEqual([
      'push.example',
      '*.push.example',
    ]);
    expect(readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_PUSH_HOSTS: '*' }).pushHosts).toEqual(['*']);
    expect(() => readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_PUSH_HOSTS: 'https://push.example' })).toThrow(/NOTIFY_PUSH_HOSTS/);
  });

  it('NOTIFY_TRUST_PROXY is a hop count, never "trust everything"', () => {
    expect(readConfig({ GCLOUD_PROJECT: 'p' }).trustProxyHops).toBe(0);
    expect(readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_TRUST_PROXY: '0' }).trustProxyHops).toBe(0);
    expect(readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(() => readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_TRUST_PROXY: 'true' })).toThrow(/NOTIFY_TRUST_PROXY must be a whole number/);
  });

  it('refuses a missing project and nonsense numbers', () => {
    expect(() => readConfig({})).toThrow(/GCLOUD_PROJECT/);
    expect(() => readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_CONCURRENCY: '0' })).toThrow(/NOTIFY_CONCURRENCY must be a positive integer/);
  });

  it('refuses a duration setTimeout cannot hold (it would fire after 1 ms)', () => {
    expect(() => readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_RESULT_DEADLINE_MS: '2592000000' })).toThrow(
      "notify: NOTIFY_RESULT_DEADLINE_MS must be at most 2147483647 ms (24.8 days), got '2592000000'",
    );
    expect(readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_RESULT_DEADLINE_MS: '2147483647' }).resultDeadlineMs).toBe(2147483647);
  });
});
