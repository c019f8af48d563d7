// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@satta/shared/data';
import { renderAdmin } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { AuditTrail } from './AuditTrail.tsx';

function entry(i: number, patch: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `e${i}`,
    uid: 'admin-uid',
    email: 'admin@example.com',
    at: Date.parse('2026-11-21T08:45:09Z') - i * 60_000,
    path: `sattanamee/Gali/2026-11-${String(20 - (i % 19)).padStart(2, '0')}`,
    old: null,
    new: '"07"',
    ...patch,
  };
}

describe('Audit trail', () => {
  it('shows who, when on the site clock, which path and old → new, newest first', () => {
    const { data, streams } = fakeAdminData();
    streams.audit.next({
      data: [entry(0, { old: '"42"', new: '"08"', path: 'sattanamee/Gali/2026-11-21' }), entry(1, { email: null, uid: 'u-9' })],
      stale: false,
      error: null,
    });
    renderAdmin(<AuditTrail />, data);
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['admin@example.com', '2026-11-21 02:15:09 PM', 'sattanamee/Gali/2026-11-21', '42 → 08'],
      ['u-9', '2026-11-21 02:14:09 PM', 'sattanamee/Gali/2026-11-19', '— → 07'],
    ]);
  });

  it('pages long histories and follows live changes', () => {
    const { data, streams } = fakeAdminData();
    streams.audit.next({ data: Array.from({ length: 30 }, (_, i) => entry(i)), stale: false, error: null });
    renderAdmin(<AuditTrail />, data);
    expect(screen.getAllByRole('row')).toHaveLength(26);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('row')).toHaveLength(31);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    act(() => streams.audit.next({ data: [entry(-1, { path: 'mian' })], stale: false, error: null }));
    expect(screen.getByText('mian')).toBeTruthy();
  });

  it('says when there is nothing yet and when the trail cannot be read', () => {
    const { data, streams } = fakeAdminData();
    renderAdmin(<AuditTrail />, data);
    expect(screen.getByText('No changes recorded yet.')).toBeTruthy();
    act(() => streams.audit.next({ data: undefined, stale: true, error: new Error('permission_denied') }));
    expect(screen.getByText('Could not load the audit trail.')).toBeTruthy();
  });
});
