// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
    paste('date,game,number\n2026-11-19,Gali,42\n2026-11-19,Atlantis,11\n2026-11-18,disawer,5');
    check();
    expect(screen.getByText('2 row(s) ready to import, 1 rejected.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Import preview' });
    const bad = within(table).getByText('Rejected: Unknown game: Atlantis').closest('tr');
    expect(bad?.getAttribute('data-ok')).toBe('false');
    expect(commands.importResults).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 2 result(s)' }));
    await settle();
    expect(commands.importResults).toHaveBeenCalledWith([
      { date: '2026-11-19', game: 'Gali', number: '42' },
      { date: '2026-11-18', game: 'Disawar', number: '05' },
    ]);
    expect(screen.getByText('Imported 2 result(s).')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await advance(3000);
    expect(screen.queryByText('Imported 2 result(s).')).toBeNull();
  });

  it('drops the preview when the text changes, so a stale check can never be written', () => {
    const { data } = fakeAdminData();
    renderAdmin(<BulkImport />, data);
    paste('2026-11-19,Gali,42');
    check();
    expect(screen.getByRole('button', { name: 'Confirm import of 1 result(s)' })).toBeTruthy();
    paste('2026-11-19,Gali,43');
    expect(screen.queryByRole('button', { name: /Confirm import/ })).toBeNull();
  });

  it('cannot confirm when no row is valid', () => {
    const { data } = fakeAdminData();
    renderAdmin(<BulkImport />, data);
    paste('nonsense');
    check();
    expect(screen.getByText('0 row(s) ready to import, 1 rejected.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm import of 0 result(s)' })).toHaveProperty('disabled', true);
  });

  it("keeps the paste and the preview when the write fails, with 'Saving...' meanwhile", async () => {
    const { data, commands } = fakeAdminData();
    let fail: (e: Error) => void = () => undefined;
    commands.importResults.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    renderAdmin(<BulkImport />, data);
    paste('2026-11-19,Gali,42');
    check();
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
});
