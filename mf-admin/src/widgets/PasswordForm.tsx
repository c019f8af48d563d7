import { useState, type FormEvent } from 'react';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { FORM_UPDATE_PASSWORD, PASSWORD_UPDATED, UPDATING } from '@satta/shared/domain/messages';
import { validatePassword } from '@satta/shared/domain/validation';
import { Button, Form, Input, Label, Panel, Row, StatusLine } from '@satta/shared/ui';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';

/** Changes the admin's own password; the service re-authenticates with the current one first. */
export function PasswordForm() {
  const data = useAdminData();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validatePassword({ current, next });
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    setBusy(true);
    try {
      await data.updatePassword(checked.value.current, checked.value.next);
      show(PASSWORD_UPDATED, 'success', MESSAGE_MS);
      setCurrent('');
      setNext('');
    } catch (error) {
      show(errorText(error), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={FORM_UPDATE_PASSWORD}>
      <Form onSubmit={submit} noValidate>
        <Row>
          <Label>
            Current password
            <Input type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" />
          </Label>
          <Label>
            New password
            <Input type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />
          </Label>
        </Row>
        <Button $size="compact" type="submit" disabled={busy}>
          {busy ? UPDATING : FORM_UPDATE_PASSWORD}
        </Button>
      </Form>
      <StatusLine message={message} />
    </Panel>
  );
}
