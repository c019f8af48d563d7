// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { ExportResults } from './ExportResults.tsx';
import { historyCsv } from '../domain/historyCsv.ts';
import { checkResultsCsv } from '../domain/resultsCsv.ts';

describe('Export Results', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads nothing on open, then each game once when asked, and downloads date,game,number', async () => {
    const { data, commands } = fakeAdminData();
    commands.resultHistory.mockImplementation(async (game) =>
      game === 'Gali'
        ? [
            ['2005-01-01', '42'],
            ['2026-11-19', '07'],
          ]
        : [['2010-06-30', '05']],
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin(<ExportResults />, data);
    await settle();
    expect(commands.resultHistory).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await settle();
    expect(commands.resultHistory.mock.calls.map(([game]) => game)).toEqual(['Gali', 'Disawar']);
    expect(click).toHaveBeenCalledTimes(1);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]?.arrayBuffer())).toBe(
      '\uFEFFdate,game,number\r\n01-01-2005,Gali,42\r\n19-11-2026,Gali,07\r\n30-06-2010,Disawar,05\r\n',
    );
    expect(screen.getByText(/^Exported 3 result\(s\) to results-all-games-\d{4}-\d{2}-\d{2}\.csv\.$/)).toBeTruthy();
  });

  it('exports one game when one is chosen', async () => {
    const { data, commands } = fakeAdminData();
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin(<ExportResults />, data);
    await settle();
    fireEvent.change(screen.getByLabelText('Games to export'), { target: { value: 'Disawar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await settle();
    expect(commands.resultHistory.mock.calls.map(([game]) => game)).toEqual(['Disawar']);
    expect(screen.getByText(/^Exported 0 result\(s\) to results-disawar-\d{4}-\d{2}-\d{2}\.csv\.$/)).toBeTruthy();
  });

  it('says what went wrong, and downloads nothing, when a game cannot be read', async () => {
    const { data, commands } = fakeAdminData();
    commands.resultHistory.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin(<ExportResults />, data);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await settle();
    expect(click).not.toHaveBeenCalled();
    expect(
      screen.getByText('Export failed: You are not allowed to make this change; sign in again as the admin. Nothing was saved; try again.'),
    ).toBeTruthy();
  });

  it('an export is read back by Bulk Import as the same rows', () => {
    const csv = historyCsv([{ game: 'Gali', days: [['2005-01-01', '42']] }]);
    expect(checkResultsCsv(csv, { todayKey: '2026-11-28', games: ['Gali'] })).toEqual([
      { line: 2, text: '01-01-2005,Gali,42', ok: true, row: { date: '2005-01-01', game: 'Gali', number: '42' } },
    ]);
  });
});
