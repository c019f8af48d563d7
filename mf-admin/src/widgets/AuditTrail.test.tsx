// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

/** What each entry says, in page order. */
const sentences = () => Array.from(document.querySelectorAll('li > p'), (p) => p.textContent);

describe('Audit trail', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-21T20:00:00+05:30'));
  });

  it('says who changed what, and when on the site clock, in words, newest first', () => {
    const { data, streams } = fakeAdminData();
    streams.audit.next({
      data: [
        entry(0, { old: '"42"', new: '"08"', path: 'sattanamee/Gali/2026-11-21' }),
        entry(1, { email: null, uid: 'u-9' }),
        entry(2, { at: Date.parse('2026-11-20T08:44:00Z'), path: 'khaiwals/-k1', old: null, new: '{"name":"Raju"}' }),
      ],
      stale: false,
      error: null,
    });
    renderAdmin(<AuditTrail />, data);
    expect(sentences()).toEqual([
      'Gali 21-11: 42 → 08, by admin@example.com, 02:15 PM IST',
      'Gali 19-11: 07 published, by u-9, 02:14 PM IST',
      'Khaiwal Raju added, by admin@example.com, 20-11-2026 02:14 PM IST',
    ]);
    // No table: nothing wider than a phone.
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the stored record one tap away, under Show data', () => {
    const { data, streams } = fakeAdminData();
    streams.audit.next({ data: [entry(0, { old: '"42"', new: '"08"', path: 'sattanamee/Gali/2026-11-21' })], stale: false, error: null });
    renderAdmin(<AuditTrail />, data);
    const details = screen.getByText('Show data').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(Array.from(details.querySelectorAll('dt, dd'), (el) => el.textContent)).toEqual([
      'Path',
      'sattanamee/Gali/2026-11-21',
      'Old',
      '42',
      'New',
      '08',
    ]);
  });

  it('pages long histories and follows live changes', () => {
    const { data, streams } = fakeAdminData();
    streams.audit.next({ data: Array.from({ length: 30 }, (_, i) => entry(i)), stale: false, error: null });
    renderAdmin(<AuditTrail />, data);
    const list = () => within(screen.getByRole('region', { name: 'Audit Trail' })).getAllByRole('listitem');
    expect(list()).toHaveLength(25);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(list()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    act(() =>
      streams.audit.next({
        data: [entry(-1, { path: 'mian', old: '{"name":"A","phnnumber":"1"}', new: '{"name":"B","phnnumber":"1"}' })],
        stale: false,
        error: null,
      }),
    );
    expect(sentences()).toEqual(['Main information changed: name, by admin@example.com, 02:16 PM IST']);
  });

  it('says when there is nothing yet and when the trail cannot be read', () => {
    const { data, streams } = fakeAdminData();
    renderAdmin(<AuditTrail />, data);
    expect(screen.getByText('No changes recorded yet.')).toBeTruthy();
    act(() => streams.audit.next({ data: undefined, stale: true, error: new Error('permission_denied') }));
    expect(screen.getByText('Could not load the audit trail.')).toBeTruthy();
  });
});
