// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import Dashboard from './Dashboard.tsx';

describe('Dashboard', () => {
  it('welcomes the admin by email and shows the day board first, then every form', () => {
    const { data } = fakeAdminData();
    renderAdmin(<Dashboard />, data);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, AdminSigned in as admin@example.com');
    const forms = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(forms).toEqual([
      "Today's Games",
      'More forms',
      'Update Number',
      'Publish Later',
      'Days without a draw',
      'Game notice for today',
      'Update Previous Number',
      'Update Password',
      'Send Test Notification',
      'Undo Window',
      'Update Main Information',
      'Update Ad Info',
      'Sattaname Information',
      'Khaiwal Management',
      'Bulk Import Results',
      'Export Results',
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

  it('keeps every other form one tap away: a link to each, which takes the focus there', () => {
    const { data } = fakeAdminData();
    renderAdmin(<Dashboard />, data);
    const nav = screen.getByRole('navigation', { name: 'More forms' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Update Number',
      'Publish Later',
      'Days without a draw',
      'Game notice for today',
      'Update Previous Number',
      'Update Password',
      'Send Test Notification',
      'Undo Window',
      'Update Main Information',
      'Update Ad Info',
      'Sattaname Information',
      'Khaiwal Management',
      'Bulk Import Results',
      'Export Results',
      'Audit Trail',
    ]);
    // jsdom lays nothing out and has no scrollIntoView.
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    const audit = links[links.length - 1] as HTMLAnchorElement;
    try {
      fireEvent.click(audit);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
    const target = document.getElementById(audit.getAttribute('href')?.slice(1) ?? '');
    expect(target?.contains(screen.getByRole('region', { name: 'Audit Trail' }))).toBe(true);
    expect(document.activeElement).toBe(target);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
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
