// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { MainInfoForm } from './MainInfoForm.tsx';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = () => screen.getByRole('button', { name: 'Update Main Information' }) as HTMLButtonElement;

describe('Update Main Information', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('loads the record, saves every field and says so for 3 s', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<MainInfoForm />, data);
    expect(field('Name').value).toBe('Admin');
    expect(field('Phone number').value).toBe('+91 90000 00000');
    fireEvent.change(field('Name'), { target: { value: ' Raju ' } });
    fireEvent.change(field('Channel link'), { target: { value: 'https://t.me/example' } });
    fireEvent.click(button());
    await settle();
    expect(commands.setMainInfo).toHaveBeenCalledWith({
      name: 'Raju',
      phnnumber: '+91 90000 00000',
      email: '',
      channel: 'https://t.me/example',
      banner: '',
      notice: '',
    });
    expect(screen.getByText('Main information updated successfully!')).toBeTruthy();
    await advance(2999);
    expect(screen.queryByText('Main information updated successfully!')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Main information updated successfully!')).toBeNull();
  });

  it('stays shut until the record arrives, then shows it: typing early cannot leave the name and phone empty', () => {
    const { data, streams } = fakeAdminData();
    streams.mainInfo.next({ data: undefined, stale: true, error: null });
    renderAdmin(<MainInfoForm />, data);
    expect(field('Notice text').matches(':disabled')).toBe(true);
    expect(field('Name').matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement).matches(':disabled')).toBe(true);
    act(() => streams.mainInfo.next({ data: { name: 'Server', phnnumber: '1' }, stale: false, error: null }));
    expect(field('Notice text').matches(':disabled')).toBe(false);
    expect(field('Name').value).toBe('Server');
    expect(button().matches(':disabled')).toBe(false);
  });

  it('keeps the button disabled while the name or the phone is empty', () => {
    const { data } = fakeAdminData();
    renderAdmin(<MainInfoForm />, data);
    expect(button().disabled).toBe(false);
    fireEvent.change(field('Name'), { target: { value: '  ' } });
    expect(button().disabled).toBe(true);
    fireEvent.change(field('Name'), { target: { value: 'Raju' } });
    fireEvent.change(field('Phone number'), { target: { value: '' } });
    expect(button().disabled).toBe(true);
  });

  it("keeps the admin's input when a live change arrives or the save fails", async () => {
    const { data, commands, streams } = fakeAdminData();
    commands.setMainInfo.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<MainInfoForm />, data);
    fireEvent.change(field('Name'), { target: { value: 'Typed' } });
    act(() => streams.mainInfo.next({ data: { name: 'Server', phnnumber: '1' }, stale: false, error: null }));
    expect(field('Name').value).toBe('Typed');
    fireEvent.click(button());
    await settle();
    expect(screen.getByText('You are not allowed to make this change; sign in again as the admin.')).toBeTruthy();
    expect(field('Name').value).toBe('Typed');
    await advance(3000);
    expect(screen.queryByText('You are not allowed to make this change; sign in again as the admin.')).toBeNull();
  });

  it('refuses a channel link that is not https', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<MainInfoForm />, data);
    fireEvent.change(field('Channel link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(button());
    await settle();
    expect(screen.getByText('The channel link must start with https://')).toBeTruthy();
    expect(commands.setMainInfo).not.toHaveBeenCalled();
  });

  it.each([
    ['Name', 'R'.repeat(101), 'Name is too long: 101 characters, at most 100.'],
    ['Phone number', '9'.repeat(41), 'Phone number is too long: 41 characters, at most 40.'],
    ['Banner text', 'b'.repeat(2001), 'Banner text is too long: 2001 characters, at most 2000.'],
    ['Notice text', 'n'.repeat(2001), 'Notice text is too long: 2001 characters, at most 2000.'],
  ])('refuses a %s longer than the database accepts, before writing', async (label, value, error) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<MainInfoForm />, data);
    fireEvent.change(field(label), { target: { value } });
    fireEvent.click(button());
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(error);
    expect(commands.setMainInfo).not.toHaveBeenCalled();
    expect(field(label).value).toBe(value);
  });

  it('refuses a phone number that is words, before writing', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<MainInfoForm />, data);
    fireEvent.change(field('Phone number'), { target: { value: 'call me maybe' } });
    fireEvent.click(button());
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Phone number must be a phone number: digits, with an optional + at the start and spaces, 6 to 15 digits (for example +91 98765 43210).',
    );
    expect(commands.setMainInfo).not.toHaveBeenCalled();
    expect(field('Phone number').value).toBe('call me maybe');
  });

  it('refuses an email the contact page would hide, before writing', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<MainInfoForm />, data);
    fireEvent.change(field('Email'), { target: { value: 'raju@example.com?subject=win' } });
    fireEvent.click(button());
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter an email like name@example.com (no spaces, ? & # / or :), or leave it empty.',
    );
    expect(commands.setMainInfo).not.toHaveBeenCalled();
  });
});
