import { useState } from 'react';
import { TEST_NOTIFICATION_MS } from '@satta/shared/domain/constants';
import { FORM_TEST_NOTIFICATION, SENDING, TEST_NOTIFICATION_FAILED } from '@satta/shared/domain/messages';
import { useAdminData } from '../hooks/adminData.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';
import { Button } from '../ui/controls.ts';
import { Panel } from '../ui/Panel.tsx';
import { StatusLine } from '../ui/StatusLine.tsx';

/** Asks the notify service to push a test message to every subscriber; shows what it answered. */
export function TestNotification() {
  const data = useAdminData();
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  async function send() {
    setBusy(true);
    show(SENDING, 'info', null);
    try {
      show(await data.sendTestNotification(), 'success', TEST_NOTIFICATION_MS);
    } catch (error) {
      console.error('admin: test notification failed', error);
      show(TEST_NOTIFICATION_FAILED, 'error', TEST_NOTIFICATION_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={FORM_TEST_NOTIFICATION}>
      <Button type="button" onClick={send} disabled={busy}>
        {FORM_TEST_NOTIFICATION}
      </Button>
      <StatusLine message={message} />
    </Panel>
  );
}
