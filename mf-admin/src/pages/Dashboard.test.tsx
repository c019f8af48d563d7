// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import Dashboard from './Dashboard.tsx';

describe('Dashboard', () => {
  it('welcomes the admin by email and shows every form', () => {
    const { data } = fakeAdminData();
    renderAdmin(<Dashboard />, data);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, AdminSigned in as admin@example.com');
    const forms = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(forms).toEqual([
      'Update Number',
      'Publish Later',
      'Update Previous Number',
      'Update Password',
      'Send Test Notification',
      'Undo Window',
      'Update Main Information',
      'Update Ad Info',
      'Sattaname Information',
      'Khaiwal Management',
      'Bulk Import Results',
      'Audit Trail',
    ]);
  });

  it('shows its connection at all times, in a live region: connecting, connected, no connection', async () => {
    vi.useFakeTimers();
    const { data, streams } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<Dashboard />, data);
    const status = () => document.querySelector('[data-connection]');
    expect(status()?.getAttribute('role')).toBe('status');
    expect(status()?.textContent).toBe('Connecting to the server…');
    act(() => streams.connected.next(true));
    expect(status()?.textContent).toBe('Connected');
    act(() => streams.connected.next(false));
    expect(status()?.textContent).toBe('No connection: changes wait here until it returns');
    await advance(0);
    // No pending change: no list.
    expect(screen.queryByRole('region', { name: 'Pending changes' })).toBeNull();
  });

  it('names every field', () => {
    const { data } = fakeAdminData();
    const { container } = renderAdmin(<Dashboard />, data);
    const unnamed = Array.from(container.querySelectorAll('input, select, textarea')).filter(
      (el) => !el.closest('label') && !el.getAttribute('aria-label'),
    );
    expect(unnamed).toEqual([]);
  });

  it('signs out and goes to the home page', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<Dashboard />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    expect(commands.signOut).toHaveBeenCalled();
    expect(screen.getByText('home page')).toBeTruthy();
  });
});
