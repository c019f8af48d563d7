// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { PasswordForm } from './PasswordForm.tsx';

function fill(current: string, next: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));

describe('Update Password', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('re-authenticates through the service, says so for 3 s and clears the fields', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<PasswordForm />, data);
    fill('old-secret', 'new-secret');
    submit();
    await settle();
    expect(commands.updatePassword).toHaveBeenCalledWith('old-secret', 'new-secret');
    expect(screen.getByText('Password updated successfully!')).toBeTruthy();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    await advance(2999);
    expect(screen.queryByText('Password updated successfully!')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Password updated successfully!')).toBeNull();
  });

  it('says in plain words that the current password is wrong, for 3 s, and keeps the input', async () => {
    const { data, commands } = fakeAdminData();
    commands.updatePassword.mockRejectedValue(new Error('Firebase: Error (auth/wrong-password).'));
    renderAdmin(<PasswordForm />, data);
    fill('wrong', 'new-secret');
    submit();
    await settle();
    expect(screen.getByText('The current password is not correct.')).toBeTruthy();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('new-secret');
    await advance(3000);
    expect(screen.queryByText('The current password is not correct.')).toBeNull();
  });

  it('disables the button with "Updating..." while waiting', async () => {
    const { data, commands } = fakeAdminData();
    commands.updatePassword.mockReturnValue(new Promise(() => undefined));
    renderAdmin(<PasswordForm />, data);
    fill('a', 'b-secret');
    submit();
    await settle();
    expect(screen.getByRole('button', { name: 'Updating...' })).toHaveProperty('disabled', true);
  });

  it.each([
    ['', 'new', 'Please enter your current password.'],
    ['old', '', 'Please enter a new password.'],
    ['old', '      ', 'The new password cannot be only spaces.'],
    ['old', 'x'.repeat(5000), 'The new password must be 6 to 4096 characters long (it has 5000).'],
  ])('requires both passwords, a new one Firebase Auth accepts (%j, %j)', async (current, next, error) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<PasswordForm />, data);
    fill(current, next);
    submit();
    await settle();
    expect(screen.getByText(error)).toBeTruthy();
    expect(commands.updatePassword).not.toHaveBeenCalled();
  });
});
