// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { UpdateNumberForm } from './UpdateNumberForm.tsx';

function fill(game: string, number: string) {
  fireEvent.change(screen.getByLabelText('Sattaname'), { target: { value: game } });
  fireEvent.change(screen.getByLabelText('Number'), { target: { value: number } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Number' }));

describe('Update Number', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("creates today's number, says so for 3 s, and writes two digits", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '07');
    submit();
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '07');
    expect(screen.getByText('New object created for today with updated number!')).toBeTruthy();
    await advance(2999);
    expect(screen.queryByText('New object created for today with updated number!')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('New object created for today with updated number!')).toBeNull();
  });

  it('updates an existing number after the admin confirms replacing it', async () => {
    const { data, commands } = fakeAdminData();
    commands.getResult.mockResolvedValue('42');
    commands.setResult.mockResolvedValue({ created: false, previous: '42' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '08');
    submit();
    await settle();
    expect(confirm).toHaveBeenCalledWith(`Gali already has 42 published for ${TODAY}. Replace it with 08?`);
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '08');
    expect(screen.getByText('Number updated successfully for today!')).toBeTruthy();
  });

  it('writes nothing when the admin declines to replace a published number', async () => {
    const { data, commands } = fakeAdminData();
    commands.getResult.mockResolvedValue('42');
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '08');
    submit();
    await settle();
    expect(commands.setResult).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('08');
    expect(screen.getByRole('button', { name: 'Update Number' })).toHaveProperty('disabled', false);
  });

  it('does not ask when the same number is saved again', async () => {
    const { data, commands } = fakeAdminData();
    commands.getResult.mockResolvedValue('42');
    const confirm = vi.spyOn(window, 'confirm');
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '42');
    submit();
    await settle();
    expect(confirm).not.toHaveBeenCalled();
    expect(commands.setResult).toHaveBeenCalled();
  });

  it('shows "Updating..." on a disabled button while saving', async () => {
    const { data, commands } = fakeAdminData();
    let finish: (v: { created: boolean; previous: null }) => void = () => undefined;
    commands.setResult.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '11');
    submit();
    await settle();
    const busy = screen.getByRole('button', { name: 'Updating...' });
    expect(busy).toHaveProperty('disabled', true);
    finish({ created: true, previous: null });
    await settle();
    expect(screen.getByRole('button', { name: 'Update Number' })).toHaveProperty('disabled', false);
  });

  it.each([
    ['', '05', 'Please select a Sattaname.'],
    ['Gali', '100', 'Number must be two digits from 00 to 99.'],
    ['Gali', '123', 'Number must be two digits from 00 to 99.'],
    ['Gali', '7', 'Number must be two digits from 00 to 99.'],
    ['Gali', 'ab', 'Number must be two digits from 00 to 99.'],
    ['Gali', '', 'Number must be two digits from 00 to 99.'],
  ])('refuses game %j number %j with %j for 3 s', async (game, number, error) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    fill(game, number);
    submit();
    await settle();
    expect(screen.getByText(error)).toBeTruthy();
    expect(commands.getResult).not.toHaveBeenCalled();
    expect(commands.setResult).not.toHaveBeenCalled();
    // What was typed stays as typed: nothing is cut to fit.
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe(number);
    await advance(3000);
    expect(screen.queryByText(error)).toBeNull();
  });

  it("shows the service's error for 3 s and keeps the admin's input", async () => {
    const { data, commands } = fakeAdminData();
    commands.setResult.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '33');
    submit();
    await settle();
    expect(screen.getByText('PERMISSION_DENIED: Permission denied')).toBeTruthy();
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('33');
    expect((screen.getByLabelText('Sattaname') as HTMLSelectElement).value).toBe('Gali');
    await advance(3000);
    expect(screen.queryByText('PERMISSION_DENIED: Permission denied')).toBeNull();
  });
});
