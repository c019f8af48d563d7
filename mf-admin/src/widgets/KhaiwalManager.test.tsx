// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Khaiwal } from '@satta/shared/domain/agents';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { KhaiwalManager } from './KhaiwalManager.tsx';
import { PendingWrites } from './PendingWrites.tsx';

const RAJU: Khaiwal = {
  id: '-Nabc',
  name: 'Raju',
  phone: '+91 90000 00001',
  phone2: '+91 90000 00011',
  wa: '919000000001',
  site: 'https://raju.example/',
  payment: 'UPI',
  customTimings: [['Gali', '11:20 PM']],
  customRates: { jodi: '10-----950', haruf: '100-----950' },
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

function fillRequired() {
  type('Name', 'Mohan');
  type('Phone', '+91 90000 00002');
  type('WhatsApp number', '+91 90000 00002');
  type('Website URL', 'https://mohan.example');
  type('Payment', 'Paytm');
}

describe('Khaiwal Management', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('adds a khaiwal with phone 2, custom timings and rates, then returns to an empty Add form', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<KhaiwalManager />, data);
    fillRequired();
    type('Phone 2 (optional)', '+91 90000 00012');
    fireEvent.click(screen.getByRole('button', { name: 'Add timing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add timing' }));
    type('Timing 1 game', 'Gali');
    type('Timing 1 time', '11:10 pm');
    type('Timing 2 game', 'Disawar');
    fireEvent.click(screen.getByRole('button', { name: 'Remove timing 2' }));
    type('Jodi rate', '10-----900');
    fireEvent.click(screen.getByRole('button', { name: 'Add Khaiwal' }));
    await settle();
    expect(commands.saveKhaiwal).toHaveBeenCalledWith(null, {
      name: 'Mohan',
      phone: '+91 90000 00002',
      phone2: '+91 90000 00012',
      wa: '+91 90000 00002',
      site: 'https://mohan.example/',
      payment: 'Paytm',
      customTimings: [['Gali', '11:10 PM']],
      customRates: { jodi: '10-----900', haruf: '100-----960' },
    });
    expect(screen.getByText('Khaiwal added successfully!')).toBeTruthy();
    expect(input('Name').value).toBe('');
    expect(input('Jodi rate').value).toBe('10-----960');
    await advance(2999);
    expect(screen.queryByText('Khaiwal added successfully!')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Khaiwal added successfully!')).toBeNull();
  });

  it('edits a record in Edit mode, and Cancel returns to Add mode', async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.khaiwals.next({ data: [RAJU], stale: false, error: null });
    renderAdmin(<KhaiwalManager />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Raju' }));
    expect(input('Name').value).toBe('Raju');
    expect(input('Phone 2 (optional)').value).toBe('+91 90000 00011');
    expect(input('Timing 1 time').value).toBe('11:20 PM');
    expect(input('Haruf rate').value).toBe('100-----950');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(input('Name').value).toBe('');
    expect(screen.getByRole('button', { name: 'Add Khaiwal' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Raju' }));
    type('Payment', 'Cash');
    fireEvent.click(screen.getByRole('button', { name: 'Update Khaiwal' }));
    await settle();
    expect(commands.saveKhaiwal).toHaveBeenCalledWith('-Nabc', { ...withoutId(RAJU), payment: 'Cash' });
    expect(screen.getByText('Khaiwal updated successfully!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Khaiwal' })).toBeTruthy();
  });

  it("says 'Please fill in all required fields' for 3 s and writes nothing", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<KhaiwalManager />, data);
    fillRequired();
    type('Payment', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Add Khaiwal' }));
    await settle();
    expect(screen.getByText('Please fill in all required fields')).toBeTruthy();
    expect(commands.saveKhaiwal).not.toHaveBeenCalled();
    await advance(3000);
    expect(screen.queryByText('Please fill in all required fields')).toBeNull();
  });

  it("shows 'Error saving khaiwal data: {message}' for 5 s, stays in its mode and keeps the input", async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.khaiwals.next({ data: [RAJU], stale: false, error: null });
    commands.saveKhaiwal.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<KhaiwalManager />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Raju' }));
    type('Name', 'Raju Bhai');
    fireEvent.click(screen.getByRole('button', { name: 'Update Khaiwal' }));
    await settle();
    const text = 'Error saving khaiwal data: You are not allowed to make this change; sign in again as the admin.';
    expect(screen.getByText(text)).toBeTruthy();
    expect(input('Name').value).toBe('Raju Bhai');
    expect(screen.getByRole('button', { name: 'Update Khaiwal' })).toBeTruthy();
    await advance(4999);
    expect(screen.queryByText(text)).toBeTruthy();
    await advance(1);
    expect(screen.queryByText(text)).toBeNull();
  });

  it("shows 'Saving...' on the disabled button while saving", async () => {
    const { data, commands } = fakeAdminData();
    commands.saveKhaiwal.mockReturnValue(new Promise(() => undefined));
    renderAdmin(<KhaiwalManager />, data);
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add Khaiwal' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
  });

  it('deletes only after the confirmation, then says so for 3 s', async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.khaiwals.next({ data: [RAJU], stale: false, error: null });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdmin(<KhaiwalManager />, data);
    const list = screen.getByRole('list', { name: 'Khaiwals' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Raju' }));
    await settle();
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this khaiwal?');
    expect(commands.deleteKhaiwal).not.toHaveBeenCalled();
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Raju' }));
    await settle();
    expect(commands.deleteKhaiwal).toHaveBeenCalledWith('-Nabc');
    expect(screen.getByText('Khaiwal deleted successfully!')).toBeTruthy();
    await advance(3000);
    expect(screen.queryByText('Khaiwal deleted successfully!')).toBeNull();
  });

  it("says 'Error deleting khaiwal' for 3 s when the delete fails", async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.khaiwals.next({ data: [RAJU], stale: false, error: null });
    commands.deleteKhaiwal.mockRejectedValue(new Error('PERMISSION_DENIED'));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdmin(<KhaiwalManager />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Raju' }));
    await settle();
    expect(screen.getByText('Error deleting khaiwal')).toBeTruthy();
    await advance(3000);
    expect(screen.queryByText('Error deleting khaiwal')).toBeNull();
  });

  it("says 'Error fetching khaiwals data' for 3 s when the list cannot be read", async () => {
    const { data, streams } = fakeAdminData();
    renderAdmin(<KhaiwalManager />, data);
    act(() => streams.khaiwals.next({ data: [], stale: false, error: new Error('permission_denied') }));
    expect(screen.getByText('Error fetching khaiwals data')).toBeTruthy();
    await advance(3000);
    expect(screen.queryByText('Error fetching khaiwals data')).toBeNull();
  });

  it('refuses a name longer than the database accepts, saying which field and by how much', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<KhaiwalManager />, data);
    fillRequired();
    type('Name', 'K'.repeat(101));
    fireEvent.click(screen.getByRole('button', { name: 'Add Khaiwal' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Name is too long: 101 characters, at most 100.');
    expect(commands.saveKhaiwal).not.toHaveBeenCalled();
  });

  it('refuses a phone that is not a phone number, keeping what was typed', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<KhaiwalManager />, data);
    fillRequired();
    type('Phone', 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Add Khaiwal' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Phone must be a phone number: digits, with an optional + at the start and spaces, 6 to 15 digits (for example +91 98765 43210).',
    );
    expect(commands.saveKhaiwal).not.toHaveBeenCalled();
    expect(input('Phone').value).toBe('abcdef');
  });

  it('saves without a connection: says so after 3 s, frees the form, and the write goes when the connection returns', async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(
      <>
        <PendingWrites />
        <KhaiwalManager />
      </>,
      data,
    );
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add Khaiwal' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    await advance(3000);
    expect(screen.getByRole('alert').textContent).toBe('No connection: not saved yet. It will be sent when the connection returns.');
    expect(screen.getByRole('button', { name: 'Add Khaiwal' })).toHaveProperty('disabled', false);
    expect(input('Name').value).toBe('');
    const pending = screen.getByRole('list', { name: 'Pending changes' });
    expect(within(pending).getByText('Khaiwal Mohan: not saved yet, waiting for the connection.')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Cancel Khaiwal Mohan' })).toBeTruthy();
    expect(commands.saveKhaiwal).not.toHaveBeenCalled();

    act(() => streams.connected.next(true));
    await settle();
    expect(commands.saveKhaiwal).toHaveBeenCalledWith(null, expect.objectContaining({ name: 'Mohan' }));
    expect(within(pending).getByText('Khaiwal Mohan: saved, confirmed by the server.')).toBeTruthy();
    expect(screen.getByText('Khaiwal Mohan: saved, confirmed by the server.', { selector: '[role="status"]' })).toBeTruthy();
  });

  it('deletes without a connection: listed under the agent’s name, and Cancel keeps the agent', async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.khaiwals.next({ data: [RAJU], stale: false, error: null });
    streams.connected.next(false);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(
      <>
        <PendingWrites />
        <KhaiwalManager />
      </>,
      data,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Raju' }));
    await advance(3000);
    expect(screen.getByRole('alert').textContent).toBe('No connection: not deleted yet. It will be sent when the connection returns.');
    const pending = screen.getByRole('list', { name: 'Pending changes' });
    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel Khaiwal Raju' }));
    expect(within(pending).getByText('Khaiwal Raju: cancelled, not deleted.')).toBeTruthy();
    act(() => streams.connected.next(true));
    await settle();
    expect(commands.deleteKhaiwal).not.toHaveBeenCalled();
  });
});

function withoutId({ id: _id, ...record }: Khaiwal) {
  return record;
}
