// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionEndedError } from '@satta/shared/data';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { TestNotification } from './TestNotification.tsx';

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Test Notification' }));

describe('Send Test Notification', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("shows 'Sending...' while waiting, then the service's answer for 4 s", async () => {
    const { data, commands } = fakeAdminData();
    let answer: (text: string) => void = () => undefined;
    commands.sendTestNotification.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAdmin(<TestNotification />, data);
    send();
    await settle();
    expect(screen.getByText('Sending...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Test Notification' })).toHaveProperty('disabled', true);
    await advance(10_000);
    expect(screen.getByText('Sending...')).toBeTruthy();
    answer('Test notification sent to 2 subscribers.');
    await settle();
    expect(screen.queryByText('Sending...')).toBeNull();
    expect(screen.getByText('Test notification sent to 2 subscribers.')).toBeTruthy();
    await advance(3999);
    expect(screen.queryByText('Test notification sent to 2 subscribers.')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Test notification sent to 2 subscribers.')).toBeNull();
  });

  it("says 'Failed to send test notification.' for 4 s when the call fails", async () => {
    const { data, commands } = fakeAdminData();
    commands.sendTestNotification.mockRejectedValue(new Error('HTTP 404'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdmin(<TestNotification />, data);
    send();
    await settle();
    expect(screen.getByText('Failed to send test notification.')).toBeTruthy();
    await advance(3999);
    expect(screen.queryByText('Failed to send test notification.')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Failed to send test notification.')).toBeNull();
  });

  it('asks the admin to sign in again when the service no longer accepts the sign-in, and leads to /signin signed out', async () => {
    const { data, commands } = fakeAdminData();
    commands.sendTestNotification.mockRejectedValue(new SessionEndedError('token revoked'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdmin(<TestNotification />, data);
    send();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Your sign-in has expired. Sign in again to send a test notification.');
    expect(screen.queryByText('Failed to send test notification.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Test Notification' })).toHaveProperty('disabled', true);
    await advance(60_000);
    expect(screen.getByText('Your sign-in has expired. Sign in again to send a test notification.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign In Again' }));
    await settle();
    expect(commands.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('sign-in page')).toBeTruthy();
  });
});
