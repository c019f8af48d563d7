import { useState } from 'react';
import styled from 'styled-components';
import { useObservable } from '@satta/shared/data';
import { SIGN_OUT_BUTTON, WELCOME_ADMIN } from '@satta/shared/domain/messages';
import { Button, colors, navigateTo } from '@satta/shared/ui';
import { SIGNED_IN_AS } from '../domain/adminMessages.ts';
import { useAdminData } from '../hooks/adminData.ts';

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

/** The welcome heading with the signed-in admin's email, and Sign Out (back to the home page). */
export function DashboardHeader() {
  const data = useAdminData();
  const user = useObservable(data.user$, null);
  const [busy, setBusy] = useState(false);

  async function signOut() {
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
    <Header>
      <h1>
        {WELCOME_ADMIN}
        {user?.email && <span>{`${SIGNED_IN_AS} ${user.email}`}</span>}
      </h1>
      <Button $size="compact" type="button" $variant="secondary" onClick={() => void signOut()} disabled={busy}>
        {SIGN_OUT_BUTTON}
      </Button>
    </Header>
  );
}
