import { useState } from 'react';
import { SessionEndedError } from '@satta/shared/data';
import { TEST_NOTIFICATION_MS } from '@satta/shared/domain/constants';
import { FORM_TEST_NOTIFICATION, SENDING, TEST_NOTIFICATION_FAILED } from '@satta/shared/domain/messages';
import { PATHS } from '@satta/shared/domain/routes';
import { Button, navigateTo, Panel, StatusLine } from '@satta/shared/ui';
import { SESSION_ENDED, SIGN_IN_AGAIN } from '../domain/adminMessages.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';

/**
 * Asks the notify service to push a test message to every subscriber; shows what it answered.
 * When the service no longer accepts the admin's sign-in (revoked by a password change made
 * elsewhere), the admin is asked to sign in again instead of reading a generic failure.
 */
export function TestNotification() {
  const data = useAdminData();
  const [busy, setBusy] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const { message, show } = useTimedMessage();

  async function send() {
    setBusy(true);
    show(SENDING, 'info', null);
    try {
      show(await data.sendTestNotification(), 'success', TEST_NOTIFICATION_MS);
    } catch (error) {
      console.error('admin: test notification failed', error);
      if (error instanceof SessionEndedError) {
        setSessionEnded(true);
        show(SESSION_ENDED, 'error', null);
      } else {
        show(TEST_NOTIFICATION_FAILED, 'error', TEST_NOTIFICATION_MS);
      }
    } finally {
      setBusy(false);
    }
  }

  async function signInAgain() {
    setBusy(true);
    try {
      await data.signOut();
    } catch (error) {
      console.error('admin: sign-out before signing in again failed', error);
    }
    navigateTo(PATHS.signIn);
  }

  return (
    <Panel title={FORM_TEST_NOTIFICATION}>
      <Button $size="compact" type="button" onClick={() => void send()} disabled={busy || sessionEnded}>
        {FORM_TEST_NOTIFICATION}
      </Button>
      <StatusLine message={message} />
      {sessionEnded && (
        <Button $size="compact" type="button" onClick={() => void signInAgain()} disabled={busy}>
          {SIGN_IN_AGAIN}
        </Button>
      )}
    </Panel>
  );
}
