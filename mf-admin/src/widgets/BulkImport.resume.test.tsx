// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportChangedError, type ImportChunk } from '@satta/shared/data';
import { addDays } from '@satta/shared/domain/siteTime';
import { renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { BulkImport } from './BulkImport.tsx';

/** `n` days of Gali from 1 January 1990 as date,game,number lines. */
function history(n: number): string {
  return Array.from({ length: n }, (_, i) => `${addDays('1990-01-01', i)},Gali,${String(i % 100).padStart(2, '0')}`).join('\n');
}

const paste = (text: string) => fireEvent.change(screen.getByLabelText('CSV rows (date,game,number)'), { target: { value: text } });

describe('Bulk import of a long history', () => {
  it('counts new, unchanged and replaced rows and lists only what needs a look', async () => {
    vi.useFakeTimers();
    const { data, commands } = fakeAdminData();
    commands.publishedNumbers.mockResolvedValue({ 'Gali/1990-01-01': '00', 'Gali/1990-01-02': '55' });
    renderAdmin(<BulkImport />, data);
    paste(`${history(300)}\n2005-01-01,Atlantis,11`);
    fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    await settle();
    expect(screen.getByText(/^300 row\(s\) ready to import, 1 rejected\. 1 of them/)).toBeTruthy();
    expect(screen.getByText('नए 298 · वही 1 · बदलेंगे 1 (New 298, unchanged 1, replaced 1).')).toBeTruthy();
    expect(screen.getByText('Showing 200 of 301 lines: rejected and replacing rows first.')).toBeTruthy();
    const statuses = screen.getByRole('table', { name: 'Import preview' }).querySelectorAll('tbody tr td:last-child');
    expect([...statuses].slice(0, 2).map((td) => td.textContent)).toEqual(['Replaces 55 → 01', 'Rejected: Unknown game: Atlantis']);
    vi.useRealTimers();
  });

  it('writes in parts with a progress bar; after a dropped connection, Resume goes on without writing a part twice', async () => {
    const { data, commands, streams } = fakeAdminData();
    const landed = new Set<string>();
    let drop = true;
    commands.importChunk.mockImplementation(async (chunk: ImportChunk) => {
      const fresh = chunk.rows.filter((r) => !landed.has(r.date));
      fresh.forEach((r) => landed.add(r.date));
      if (chunk.index === 1 && drop) {
        // The second part reaches the database, but the connection goes before its answer.
        drop = false;
        setTimeout(() => streams.connected.next(false), 0);
        // Its answer comes once the SDK has sent it again.
        return new Promise((done) => setTimeout(() => done({ written: fresh.length, unchanged: 0 }), 30));
      }
      return { written: fresh.length, unchanged: chunk.rows.length - fresh.length };
    });
    renderAdmin(<BulkImport />, data);
    paste(history(12000));
    fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 12000 result(s)' }));
    await settle();
    expect(screen.getByText('5,000 of 12,000 rows imported')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Import progress' }) as HTMLProgressElement).value).toBe(5000);
    expect(screen.getByRole('alert').textContent).toBe(
      'Connection lost: 5,000 of 12,000 rows are saved. Press Resume when the connection is back; nothing is written twice.',
    );

    streams.connected.next(true);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await settle();
    expect(commands.importChunk.mock.calls.map(([c]) => `${c.index + 1}/${c.of}`)).toEqual(['1/3', '2/3', '3/3', '2/3', '3/3']);
    expect(screen.getByText('Imported 12000 result(s).')).toBeTruthy();
    expect(screen.getByText(/^12,000 of 12,000 rows imported \(\d+ s\)$/)).toBeTruthy();
    expect(landed.size).toBe(12000);
  });

  it('a number published since the preview stops the import with what to do', async () => {
    const { data, commands } = fakeAdminData();
    commands.importChunk.mockRejectedValueOnce(new ImportChangedError('Gali', '2005-01-02', '77'));
    renderAdmin(<BulkImport />, data);
    paste(history(6000));
    fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm import of 6000 result(s)' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Import stopped after 0 of 6,000 rows: Gali 02-01-2005 now holds 77, which Check rows did not show. Nothing of this part was written: press Check rows again. Press Resume to go on; rows already saved are skipped.',
    );
  });
});
