// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@satta/shared/data';
import { noDrawRefused } from '@satta/shared/domain/messages';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { BulkImport } from './BulkImport.tsx';

const paste = (text: string) => fireEvent.change(screen.getByLabelText('CSV rows (date,game,number)'), { target: { value: text } });
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));

describe('Bulk import', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('previews every row, marks the bad one with its reason, and writes nothing until confirmed', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<BulkImport />, data);
    paste('date,game,number\n2026-11-19,Gali,42\n2026-11-19,Atlantis,11\n2026-11-18,disawer,05');
    check();
    await settle();
    expect(screen.getByText('2 row(s) ready to import, 1 rejected.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Import preview' });
    const bad = within(table).getByText('Rejected: Unknown game: Atlantis').closest('tr');
    expect(bad?.getAttribute('data-ok')).toBe('false');
    expect(commands.importChunk).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 2 result(s)' }));
    await settle();
    expect(commands.importChunk).toHaveBeenCalledWith({
      rows: [
        { date: '2026-11-19', game: 'Gali', number: '42' },
        { date: '2026-11-18', game: 'Disawar', number: '05' },
      ],
      index: 0,
      of: 1,
      replaces: {},
    });
    expect(screen.getByText('Imported 2 result(s).')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await advance(3000);
    expect(screen.queryByText('Imported 2 result(s).')).toBeNull();
  });

  it('reads dates day first or as YYYY-MM-DD, and shows every one DD-MM-YYYY', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<BulkImport />, data);
    expect(
      screen.getByText(
        'Paste one result per line as date,game,number, the date day first (for example 31-01-2026,Gali,42; YYYY-MM-DD is read too). A header line is optional.',
      ),
    ).toBeTruthy();
    paste('5-11-2026,Gali,42\n2026-11-06,Gali,43\n2026/11/07,Gali,44');
    check();
    await settle();
    const table = screen.getByRole('table', { name: 'Import preview' });
    const dates = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.children[1]?.textContent);
    expect(dates).toEqual(['05-11-2026', '06-11-2026', '2026/11/07,Gali,44']);
    expect(within(table).getByText('Rejected: Not a date: use DD-MM-YYYY, for example 31-01-2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 2 result(s)' }));
    await settle();
    expect(commands.importChunk).toHaveBeenCalledWith({
      rows: [
        { date: '2026-11-05', game: 'Gali', number: '42' },
        { date: '2026-11-06', game: 'Gali', number: '43' },
      ],
      index: 0,
      of: 1,
      replaces: {},
    });
  });

  it('drops the preview when the text changes, so a stale check can never be written', async () => {
    const { data } = fakeAdminData();
    renderAdmin(<BulkImport />, data);
    paste('2026-11-19,Gali,42');
    check();
    await settle();
    expect(screen.getByRole('button', { name: 'Confirm import of 1 result(s)' })).toBeTruthy();
    paste('2026-11-19,Gali,43');
    expect(screen.queryByRole('button', { name: /Confirm import/ })).toBeNull();
  });

  it('cannot confirm when no row is valid', async () => {
    const { data } = fakeAdminData();
    renderAdmin(<BulkImport />, data);
    paste('nonsense');
    check();
    await settle();
    expect(screen.getByText('0 row(s) ready to import, 1 rejected.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm import of 0 result(s)' })).toHaveProperty('disabled', true);
  });

  it("keeps the paste and the preview when the write fails, with 'Saving...' meanwhile", async () => {
    const { data, commands } = fakeAdminData();
    let fail: (e: Error) => void = () => undefined;
    commands.importChunk.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    renderAdmin(<BulkImport />, data);
    paste('2026-11-19,Gali,42');
    check();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 1 result(s)' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    fail(new Error('PERMISSION_DENIED: Permission denied'));
    await settle();
    expect(screen.getByText('Import failed: You are not allowed to make this change; sign in again as the admin.')).toBeTruthy();
    expect((screen.getByLabelText('CSV rows (date,game,number)') as HTMLTextAreaElement).value).toBe('2026-11-19,Gali,42');
    expect(screen.getByRole('table', { name: 'Import preview' })).toBeTruthy();
    await advance(3000);
    expect(screen.queryByText('Import failed: You are not allowed to make this change; sign in again as the admin.')).toBeNull();
  });

  it('refuses a one-digit number with the form’s message, as Update Number refuses 5', async () => {
    const { data } = fakeAdminData();
    renderAdmin(<BulkImport />, data);
    paste('2026-11-19,Gali,7');
    check();
    await settle();
    expect(screen.getByText('Rejected: Number must be two digits from 00 to 99.')).toBeTruthy();
  });

  it('marks a row that replaces a published number, old → new, and asks before writing', async () => {
    const { data, commands } = fakeAdminData();
    commands.publishedNumbers.mockResolvedValue({ 'Gali/2026-11-10': '97', 'Disawar/2026-11-10': '05' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdmin(<BulkImport />, data);
    paste('2026-11-10,Gali,42\n2026-11-10,Disawar,05\n2026-11-11,Gali,13');
    check();
    await settle();
    expect(commands.publishedNumbers).toHaveBeenCalledWith([
      { date: '2026-11-10', game: 'Gali', number: '42' },
      { date: '2026-11-10', game: 'Disawar', number: '05' },
      { date: '2026-11-11', game: 'Gali', number: '13' },
    ]);
    expect(screen.getByText('3 row(s) ready to import, 0 rejected. 1 of them replaces a published number.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Import preview' });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.lastElementChild?.textContent);
    expect(statuses).toEqual(['Replaces 97 → 42', 'OK', 'OK']);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 3 result(s)' }));
    await settle();
    expect(confirm).toHaveBeenCalledWith('Gali already has 97 published for 10-11-2026. Replace it with 42?');
    expect(commands.importChunk).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 3 result(s)' }));
    await settle();
    expect(commands.importChunk).toHaveBeenCalledTimes(1);
    expect(commands.importChunk.mock.calls[0]?.[0].replaces).toEqual({ 'Gali/2026-11-10': '97' });
    confirm.mockRestore();
  });

  it('says so, and writes nothing, when the published numbers cannot be read', async () => {
    const { data, commands } = fakeAdminData();
    commands.publishedNumbers.mockRejectedValue(new Error('offline'));
    renderAdmin(<BulkImport />, data);
    paste('2026-11-10,Gali,42');
    check();
    await settle();
    expect(screen.getByText(/^Could not check the published numbers \(.*\)\. Nothing was imported; try Check rows again\.$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Confirm import/ })).toBeNull();
    expect(commands.importChunk).not.toHaveBeenCalled();
  });

  it('an import with a row on a day marked as having no draw: says which, and writes nothing', async () => {
    const { data, commands } = fakeAdminData();
    commands.importChunk.mockRejectedValue(new DataError('data/no-draw', noDrawRefused('Gali', '19-11-2026')));
    renderAdmin(<BulkImport />, data);
    paste('2026-11-19,Gali,42');
    check();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 1 result(s)' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Import failed: Gali has no draw on 19-11-2026: the day is marked in Days without a draw. Remove the mark first to publish a number.',
    );
    expect(screen.getByRole('table', { name: 'Import preview' })).toBeTruthy();
  });
});
