import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useObservable } from '@satta/shared/data';
import { SIGN_OUT_BUTTON, WELCOME_ADMIN } from '@satta/shared/domain/messages';
import { Button, color, colors, navigateTo } from '@satta/shared/ui';
import {
  CONNECTION_CHECKING,
  CONNECTION_OFFLINE,
  CONNECTION_ONLINE,
  SIGNED_IN_AS,
  confirmSignOutUnsent,
  unsentCount,
} from '../domain/adminMessages.ts';
import { useAdminWrites } from '../hooks/adminData.ts';
import { connectionState, type ConnectionState } from '../hooks/connectionState.ts';
import type { PendingWritesState } from '../hooks/pendingWrites.ts';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  h1 {
    margin: 0;
    font-size: 1.5rem;
    color: ${colors.ink};
  }
  h1 span {
    display: block;
    font-size: 0.95rem;
    font-weight: 400;
    color: ${colors.muted};
    overflow-wrap: anywhere;
  }
`;

const TEXT: Record<ConnectionState, string> = {
  checking: CONNECTION_CHECKING,
  online: CONNECTION_ONLINE,
  offline: CONNECTION_OFFLINE,
};

// Sticky, so the connection is in view wherever the admin has scrolled to; above the forms'
// controls, below the shell's modals.
const Connection = styled.p<{ $state: ConnectionState }>`
  position: sticky;
  top: 0;
  z-index: 5;
  margin: 8px 0 0;
  padding: 6px 10px;
  border-radius: 6px;
  font-weight: 600;
  font-size: 0.95rem;
  background: ${({ $state }) =>
    $state === 'offline' ? color('--color-offline-bg') : $state === 'online' ? color('--color-success-bg') : colors.panel};
  color: ${({ $state }) =>
    $state === 'offline' ? color('--color-offline-text') : $state === 'online' ? color('--color-success-text') : colors.muted};
  border: 1px solid ${colors.line};
  &::before {
    content: '';
    display: inline-block;
    width: 0.6em;
    height: 0.6em;
    margin-right: 0.5em;
    border-radius: 50%;
    background: currentColor;
  }
`;

const NO_WRITES: PendingWritesState = { connected: false, writes: [] };

/**
 * The welcome heading with the signed-in admin's email, Sign Out (back to the home page), and
 * the dashboard's connection to the database at all times, with how many changes it has not
 * confirmed yet.
 */
export function DashboardHeader() {
  const { data, writes } = useAdminWrites();
  const user = useObservable(data.user$, null);
  const state$ = useMemo(() => connectionState(data.adminConnected$), [data]);
  const state = useObservable(state$, 'checking');
  const queue = useObservable(writes.state$, NO_WRITES);
  const unsent = queue.writes.filter((w) => w.listed && (w.state === 'waiting' || w.state === 'sending')).length;
  const [busy, setBusy] = useState(false);

  async function signOut() {
    const open = writes.unsent();
    if (open > 0 && !window.confirm(confirmSignOutUnsent(open))) return;
    // Held changes would otherwise go out later under no sign-in, and be refused.
    writes.cancelWaiting();
    setBusy(true);
    try {
      await data.signOut();
      navigateTo('/');
    } catch (error) {
      console.error('admin: sign-out failed', error);
      setBusy(false);
    }
  }

  return (
    <>
      <Header>
        <h1>
          {WELCOME_ADMIN}
          {user?.email && <span>{`${SIGNED_IN_AS} ${user.email}`}</span>}
        </h1>
        <Button $size="compact" type="button" $variant="secondary" onClick={() => void signOut()} disabled={busy}>
          {SIGN_OUT_BUTTON}
        </Button>
      </Header>
      <Connection role="status" $state={state} data-connection={state}>
        {TEXT[state]}
        {unsent > 0 && ` · ${unsentCount(unsent)}`}
      </Connection>
    </>
  );
}
