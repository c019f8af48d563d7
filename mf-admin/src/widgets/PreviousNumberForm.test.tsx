// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@satta/shared/data';
import { noDrawRefused } from '@satta/shared/domain/messages';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { PreviousNumberForm } from './PreviousNumberForm.tsx';

function fill(date: string, game: string, number: string) {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(screen.getByLabelText('Sattaname'), { target: { value: game } });
  fireEvent.change(screen.getByLabelText('Number'), { target: { value: number } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Previous Number' }));

describe('Update Previous Number', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each([
    [true, 'New data created for 02-11-2026 with the updated number! — Disawar'],
    [false, 'Number updated successfully for 02-11-2026! — Disawar'],
  ])('created=%s says %j for 3 s', async (created, text) => {
    const { data, commands } = fakeAdminData();
    commands.setResult.mockResolvedValue({ created, previous: null });
    renderAdmin(<PreviousNumberForm />, data);
    fill('02-11-2026', 'Disawar', '05');
    submit();
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Disawar', '2026-11-02', '05', { silent: true });
    expect(screen.getByText(text)).toBeTruthy();
    await advance(2999);
    expect(screen.queryByText(text)).toBeTruthy();
    await advance(1);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('asks before replacing a published number with a different one', async () => {
    const { data, commands } = fakeAdminData();
    commands.getResult.mockResolvedValue('19');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin(<PreviousNumberForm />, data);
    fill('2-11-2026', 'Gali', '91');
    submit();
    await settle();
    expect(commands.getResult).toHaveBeenCalledWith('Gali', '2026-11-02');
    expect(confirm).toHaveBeenCalledWith('Gali already has 19 published for 02-11-2026. Replace it with 91?');
    expect(commands.setResult).not.toHaveBeenCalled();
  });

  it.each([
    ['02-11-2026', '', '12', 'Please select a Sattaname.'],
    ['', 'Gali', '12', 'Please select a date.'],
    ['02-11-2026', 'Gali', '123', 'Number must be two digits from 00 to 99.'],
    ['02-11-2026', 'Gali', '5', 'Number must be two digits from 00 to 99.'],
    ['22-11-2026', 'Gali', '12', 'The date cannot be in the future.'],
    ['1-1-2099', 'Gali', '12', 'The date cannot be in the future.'],
    ['30-02-2026', 'Gali', '12', 'Enter the date as DD-MM-YYYY, for example 02-11-2026.'],
    ['11/2026', 'Gali', '12', 'Enter the date as DD-MM-YYYY, for example 02-11-2026.'],
    // Year first, as the database stores it, is refused like in every date field: the hint says day first.
    ['2026-11-20', 'Gali', '12', 'Enter the date as DD-MM-YYYY, for example 02-11-2026.'],
    ['2026-11-22', 'Gali', '12', 'Enter the date as DD-MM-YYYY, for example 02-11-2026.'],
  ])('refuses %j %j %j with %j', async (date, game, number, error) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<PreviousNumberForm />, data);
    fill(date, game, number);
    submit();
    await settle();
    expect(screen.getByText(error)).toBeTruthy();
    expect(commands.setResult).not.toHaveBeenCalled();
    await advance(3000);
    expect(screen.queryByText(error)).toBeNull();
  });

  it("shows the service's message for 3 s and keeps the input", async () => {
    const { data, commands } = fakeAdminData();
    commands.setResult.mockRejectedValue(new Error('Client is offline.'));
    renderAdmin(<PreviousNumberForm />, data);
    fill('02-11-2026', 'Gali', '44');
    submit();
    await settle();
    expect(screen.getByText('No connection to the server; try again. — Gali')).toBeTruthy();
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('02-11-2026');
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('44');
    await advance(3000);
    expect(screen.queryByText('No connection to the server; try again. — Gali')).toBeNull();
  });

  it.each([
    ['02-11-2026', '2026-11-02'],
    ['2-11-2026', '2026-11-02'],
    ['5-11-2026', '2026-11-05'],
    ['2/11/2026', '2026-11-02'],
    [' 02.11.2026 ', '2026-11-02'],
  ])('reads %j day first as %s, whatever the browser language', async (typed, key) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<PreviousNumberForm />, data);
    fill(typed, 'Gali', '44');
    submit();
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Gali', key, '44', { silent: true });
  });

  it('labels the date field and describes its order', () => {
    const { data } = fakeAdminData();
    renderAdmin(<PreviousNumberForm />, data);
    const date = screen.getByRole('textbox', { name: 'Date', description: 'Day-month-year, for example 02-11-2026.' });
    expect(date.getAttribute('placeholder')).toBe('DD-MM-YYYY');
  });

  it('refuses a first number for a day marked as having no draw, in the words of the service', async () => {
    const { data, commands } = fakeAdminData();
    commands.setResult.mockRejectedValue(new DataError('data/no-draw', noDrawRefused('Disawar', '02-11-2026')));
    renderAdmin(<PreviousNumberForm />, data);
    fill('02-11-2026', 'Disawar', '05');
    submit();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Disawar has no draw on 02-11-2026: the day is marked in Days without a draw. Remove the mark first to publish a number. — Disawar',
    );
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('05');
  });
});
