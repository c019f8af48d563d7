// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataService, memoryStore, type RuntimeConfig } from '@satta/shared/data';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { TestNotification } from './TestNotification.tsx';

const CONFIG: RuntimeConfig = {
  firebase: {
    apiKey: 'demo-api-key',
    projectId: 'demo-satta',
    databaseURL: 'http://127.0.0.1:9?ns=demo-satta-default-rtdb',
    appId: 'demo-app',
  },
  notifyUrl: 'http://notify.test',
};

let service: DataService | undefined;
afterEach(async () => {
  await service?.dispose();
  service = undefined;
});

/**
 * The real data service's call, with only fetch stubbed: the form shows the notify service's
 * response body as it came, for 4 s.
 */
describe('Send Test Notification through the data service', () => {
  it('GETs {notifyUrl}/send-test and shows the response body for 4 s', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('Sent to 2 of 2 subscriptions.', { status: 200 }));
    service = new DataService(CONFIG, { appName: 'notify-test', store: memoryStore(), fetch });
    // Loads the auth SDK now, in real time; from here on nothing but the message needs a timer.
    expect(await service.admin.idToken()).toBeNull();
    vi.useFakeTimers();
    const { data } = fakeAdminData();
    renderAdmin(<TestNotification />, { ...data, sendTestNotification: () => (service as DataService).admin.sendTestNotification() });
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Notification' }));
    for (let i = 0; i < 20 && !screen.queryByText('Sent to 2 of 2 subscriptions.'); i++) await settle();
    expect(screen.getByText('Sent to 2 of 2 subscriptions.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('http://notify.test/send-test', { headers: {}, signal: expect.any(AbortSignal) });

    await advance(3999);
    expect(screen.queryByText('Sent to 2 of 2 subscriptions.')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Sent to 2 of 2 subscriptions.')).toBeNull();
  });

  it("shows 'Failed to send test notification.' when the service answers an error status", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('Not found', { status: 404 }));
    service = new DataService(CONFIG, { appName: 'notify-test-404', store: memoryStore(), fetch });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { data } = fakeAdminData();
    renderAdmin(<TestNotification />, { ...data, sendTestNotification: () => (service as DataService).admin.sendTestNotification() });
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Notification' }));
    await screen.findByText('Failed to send test notification.', undefined, { timeout: 10_000 });
  });

  it('asks for a new sign-in when the service refuses the token (401) and there is no sign-in to refresh', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => new Response('{"error":"The ID token has been revoked; sign in again."}', { status: 401 }),
    );
    service = new DataService(CONFIG, { appName: 'notify-test-401', store: memoryStore(), fetch });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { data } = fakeAdminData();
    renderAdmin(<TestNotification />, { ...data, sendTestNotification: () => (service as DataService).admin.sendTestNotification() });
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Notification' }));
    await screen.findByText('Your sign-in has expired. Sign in again to send a test notification.', undefined, { timeout: 10_000 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
