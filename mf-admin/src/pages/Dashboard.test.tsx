// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin, settle } from '../test/renderAdmin.tsx';
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
