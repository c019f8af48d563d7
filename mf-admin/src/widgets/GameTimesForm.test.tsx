// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { GameTimesForm } from './GameTimesForm.tsx';

const galiTime = () => screen.getByLabelText('Gali time') as HTMLInputElement;
const updateGali = () => fireEvent.click(screen.getByRole('button', { name: 'Update Gali time' }));

describe('Sattaname Information', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('lists each game in the fixed order with its time and the HH:MM AM/PM placeholder', () => {
    const { data } = fakeAdminData();
    renderAdmin(<GameTimesForm />, data);
    const inputs = screen.getAllByPlaceholderText('HH:MM AM/PM') as HTMLInputElement[];
    expect(inputs.map((i) => i.value)).toEqual(['11:30 PM', '02:00 AM']);
  });

  it("saves the time upper-cased and says 'Time updated successfully — Gali' for 3 s", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<GameTimesForm />, data);
    fireEvent.change(galiTime(), { target: { value: '11:45 pm' } });
    updateGali();
    await settle();
    expect(commands.setGameTime).toHaveBeenCalledWith('Gali', '11:45 PM');
    expect(screen.getByText('Time updated successfully — Gali')).toBeTruthy();
    await advance(2999);
    expect(screen.queryByText('Time updated successfully — Gali')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Time updated successfully — Gali')).toBeNull();
  });

  it('shows the saved time, upper-cased, until the live data has it, and then the live data', async () => {
    const { data, streams } = fakeAdminData();
    renderAdmin(<GameTimesForm />, data);
    fireEvent.change(galiTime(), { target: { value: '11:45 pm' } });
    updateGali();
    await settle();
    // The server confirmed it; the page's data still has 11:30 PM for a moment.
    expect(galiTime().value).toBe('11:45 PM');
    const games = streams.games.value.data ?? [];
    streams.games.next({ data: games.map((g) => (g.name === 'Gali' ? { ...g, time: '11:50 PM' } : g)), stale: false, error: null });
    await settle();
    // Another change since (another tab): the live time.
    expect(galiTime().value).toBe('11:50 PM');
  });

  it('without a connection says it is not saved yet, under the row, never as an error of the update', async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<GameTimesForm />, data);
    fireEvent.change(galiTime(), { target: { value: '11:45 pm' } });
    updateGali();
    await settle();
    await advance(3000);
    expect(screen.getByRole('alert').textContent).toBe('No connection: not saved yet. It will be sent when the connection returns. — Gali');
    expect(screen.queryByText(/Error updating time/)).toBeNull();
    expect(commands.setGameTime).not.toHaveBeenCalled();
  });

  it("shows 'Error updating time: {message}' for 3 s and keeps the typed time", async () => {
    const { data, commands } = fakeAdminData();
    commands.setGameTime.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<GameTimesForm />, data);
    fireEvent.change(galiTime(), { target: { value: '11:40 PM' } });
    updateGali();
    await settle();
    expect(
      screen.getByText('Error updating time: You are not allowed to make this change; sign in again as the admin. — Gali'),
    ).toBeTruthy();
    expect(galiTime().value).toBe('11:40 PM');
    await advance(3000);
    expect(
      screen.queryByText('Error updating time: You are not allowed to make this change; sign in again as the admin. — Gali'),
    ).toBeNull();
  });

  it.each([
    ['6 pm', '06:00 PM'],
    ['6:00 PM', '06:00 PM'],
    ['9:05 pm', '09:05 PM'],
  ])('reads %j as every admin time is read and saves %j', async (typed, saved) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<GameTimesForm />, data);
    fireEvent.change(galiTime(), { target: { value: typed } });
    updateGali();
    await settle();
    expect(commands.setGameTime).toHaveBeenCalledWith('Gali', saved);
  });

  it.each([
    ['', 'Error updating time: Please enter a time. — Gali'],
    ['25:00 PM', 'Error updating time: Time must be in HH:MM AM/PM format, for example 02:00 PM. — Gali'],
    ['21:05', 'Error updating time: Time must be in HH:MM AM/PM format, for example 02:00 PM. — Gali'],
  ])('refuses %j', async (text, error) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<GameTimesForm />, data);
    fireEvent.change(galiTime(), { target: { value: text } });
    updateGali();
    await settle();
    expect(screen.getByText(error)).toBeTruthy();
    expect(commands.setGameTime).not.toHaveBeenCalled();
  });

  it("shows 'Updating...' on the saving row while every row waits", async () => {
    const { data, commands } = fakeAdminData();
    commands.setGameTime.mockReturnValue(new Promise(() => undefined));
    renderAdmin(<GameTimesForm />, data);
    updateGali();
    await settle();
    expect(screen.getByRole('button', { name: 'Update Gali time' }).textContent).toBe('Updating...');
    expect(screen.getByRole('button', { name: 'Update Disawar time' })).toHaveProperty('disabled', true);
  });

  it("shows the message under the row saved, in that row's live region, and moves it with the next save", async () => {
    const { data } = fakeAdminData();
    renderAdmin(<GameTimesForm />, data);
    updateGali();
    await settle();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Time updated successfully — Gali', '']);
    fireEvent.click(screen.getByRole('button', { name: 'Update Disawar time' }));
    await settle();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['', 'Time updated successfully — Disawar']);
  });
});
