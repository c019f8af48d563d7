// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { PendingPushes } from './PendingPushes.tsx';

const NOW = new Date('2026-11-21T18:00:00+05:30').getTime();

describe('pending pushes and Undo', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it("counts down to the service's sendAt and offers Undo only until then", async () => {
    const { data, streams } = fakeAdminData();
    streams.pending.next({ data: [{ game: 'Gali', number: '42', sendAt: NOW + 27_000 }], stale: false, error: null });
    renderAdmin(<PendingPushes dateKey={TODAY} />, data);
    expect(screen.getByText('Gali 42: push in 27 s')).toBeTruthy();
    await advance(1_000);
    expect(screen.getByText('Gali 42: push in 26 s')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    await advance(26_000);
    expect(screen.queryByText(/push in/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('undoes a first publication: the number is removed and no notification was sent', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.pending.next({ data: [{ game: 'Gali', number: '42', sendAt: NOW + 30_000 }], stale: false, error: null });
    renderAdmin(<PendingPushes dateKey={TODAY} />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await settle();
    expect(commands.undoResult).toHaveBeenCalledWith('Gali', TODAY);
    expect(screen.getByText('Gali 42 undone: removed, no notification was sent.')).toBeTruthy();
    // The service drops the pending entry once it sees the number gone.
    act(() => streams.pending.next({ data: [], stale: false, error: null }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('undoes a correction: says which number is back', async () => {
    const { data, streams, commands } = fakeAdminData();
    commands.undoResult.mockResolvedValue('41');
    streams.pending.next({ data: [{ game: 'Disawar', number: '43', sendAt: NOW + 10_000 }], stale: false, error: null });
    renderAdmin(<PendingPushes dateKey={TODAY} />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await settle();
    expect(screen.getByText('Disawar 43 undone: back to 41, no notification was sent.')).toBeTruthy();
  });

  it('reports a failed undo', async () => {
    const { data, streams, commands } = fakeAdminData();
    commands.undoResult.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    streams.pending.next({ data: [{ game: 'Gali', number: '42', sendAt: NOW + 10_000 }], stale: false, error: null });
    renderAdmin(<PendingPushes dateKey={TODAY} />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Undo failed: You are not allowed to make this change; sign in again as the admin.');
  });
});
