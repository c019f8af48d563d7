// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@satta/shared/data';
import { noDrawRefused } from '@satta/shared/domain/messages';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { UpdateNumberForm } from './UpdateNumberForm.tsx';

function fill(game: string, number: string) {
  fireEvent.change(screen.getByLabelText('Sattaname'), { target: { value: game } });
  fireEvent.change(screen.getByLabelText('Number'), { target: { value: number } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Number' }));
const dateField = () => screen.getByRole('combobox', { name: 'Date' }) as HTMLSelectElement;
const shownDate = () => dateField().selectedOptions[0]?.textContent;
/** The site's clock at an India wall-clock time on TODAY. */
const setClock = (time: string) => vi.setSystemTime(new Date(`${TODAY}T${time}:00+05:30`));

describe('Update Number', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setClock('12:00');
  });

  it("creates today's number, says so for 3 s, and writes two digits", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '07');
    submit();
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '07', {});
    expect(screen.getByText('New object created for today with updated number! — Gali')).toBeTruthy();
    await advance(2999);
    expect(screen.queryByText('New object created for today with updated number! — Gali')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('New object created for today with updated number! — Gali')).toBeNull();
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
    expect(confirm).toHaveBeenCalledWith('Gali already has 42 published for 21-11-2026. Replace it with 08?');
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '08', {});
    expect(screen.getByText('Number updated successfully for today! — Gali')).toBeTruthy();
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

  it('a replace check the server does not answer does not hang the form: after 3 s + 3 s it says where the write is', async () => {
    const { data, commands } = fakeAdminData();
    commands.getResult.mockReturnValue(new Promise(() => undefined));
    const confirm = vi.spyOn(window, 'confirm');
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '11');
    submit();
    await advance(3000);
    // Nothing to ask about yet: the number is read again before it is written.
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Updating...' })).toHaveProperty('disabled', true);
    await advance(3000);
    expect(screen.getAllByRole('status')[0]?.textContent).toBe(
      'Sent, but the server has not confirmed it yet (the connection may be gone). It will be confirmed when the connection returns; it can no longer be cancelled. — Gali',
    );
    expect(screen.getByRole('button', { name: 'Update Number' })).toHaveProperty('disabled', false);
    expect(commands.setResult).not.toHaveBeenCalled();
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
    expect(screen.getByText('You are not allowed to make this change; sign in again as the admin. — Gali')).toBeTruthy();
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('33');
    expect((screen.getByLabelText('Sattaname') as HTMLSelectElement).value).toBe('Gali');
    await advance(3000);
    expect(screen.queryByText('You are not allowed to make this change; sign in again as the admin. — Gali')).toBeNull();
  });

  it('a day marked as having no draw: shows the refusal, naming the game and the date and saying to remove the mark, and keeps the input', async () => {
    const { data, commands } = fakeAdminData();
    commands.setResult.mockRejectedValue(new DataError('data/no-draw', noDrawRefused('Gali', '21-11-2026')));
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '33');
    submit();
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '33', {});
    expect(screen.getByRole('alert').textContent).toBe(
      'Gali has no draw on 21-11-2026: the day is marked in Days without a draw. Remove the mark first to publish a number. — Gali',
    );
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('33');
  });

  it('offers today and yesterday in day-month-year, today first and chosen', () => {
    const { data } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    expect(Array.from(dateField().options).map((o) => o.textContent)).toEqual(['Today, 21-11-2026', 'Yesterday, 20-11-2026']);
    expect(shownDate()).toBe('Today, 21-11-2026');
  });

  it("at 00:05 IST files Gali's 11:30 PM draw under yesterday and says so", async () => {
    setClock('00:05');
    const { data, commands } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '42');
    expect(shownDate()).toBe('Yesterday, 20-11-2026');
    const note = 'Gali is drawn at 11:30 PM, so until 05:05 AM its result goes under the day of the draw: yesterday, 20-11-2026.';
    expect(screen.getByRole('combobox', { name: 'Date', description: note })).toBe(dateField());
    submit();
    await settle();
    expect(commands.getResult).toHaveBeenCalledWith('Gali', '2026-11-20');
    expect(commands.setResult).toHaveBeenCalledWith('Gali', '2026-11-20', '42', {});
    expect(screen.getByText('New data created for 20-11-2026 with the updated number! — Gali')).toBeTruthy();
  });

  it.each([
    ['00:05', 'Disawar', 'Today, 21-11-2026', '2026-11-21'],
    ['05:04', 'Gali', 'Yesterday, 20-11-2026', '2026-11-20'],
    ['05:06', 'Gali', 'Today, 21-11-2026', '2026-11-21'],
    ['23:45', 'Gali', 'Today, 21-11-2026', '2026-11-21'],
  ])('at %s IST %s defaults to %j', async (time, game, shown, written) => {
    setClock(time);
    const { data, commands } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    fill(game, '42');
    expect(shownDate()).toBe(shown);
    submit();
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith(game, written, '42', {});
  });

  it('a game without a time stays on today after midnight, without a note', () => {
    setClock('00:05');
    const { data, streams } = fakeAdminData();
    streams.games.next({ data: [{ name: 'Gali', time: null, place: 11, results: {} }], stale: false, error: null });
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '42');
    expect(shownDate()).toBe('Today, 21-11-2026');
    expect(dateField().getAttribute('aria-describedby')).toBeNull();
  });

  it('the admin can put an after-midnight Gali entry on today instead', async () => {
    setClock('00:05');
    const { data, commands } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '42');
    fireEvent.change(dateField(), { target: { value: TODAY } });
    expect(shownDate()).toBe('Today, 21-11-2026');
    expect(screen.queryByText(/its result goes under the day of the draw/)).toBeNull();
    submit();
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '42', {});
    expect(screen.getByText('New object created for today with updated number! — Gali')).toBeTruthy();
  });

  it('moves the default from yesterday to today when the clock passes 05:05', async () => {
    setClock('05:04');
    const { data } = fakeAdminData();
    renderAdmin(<UpdateNumberForm />, data);
    fill('Gali', '42');
    expect(shownDate()).toBe('Yesterday, 20-11-2026');
    await advance(60_000);
    expect(shownDate()).toBe('Today, 21-11-2026');
  });
});
