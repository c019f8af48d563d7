import { useState, type FormEvent } from 'react';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import {
  FORM_UPDATE_NUMBER,
  NEW_OBJECT_CREATED_TODAY,
  NUMBER_UPDATED_TODAY,
  UPDATING,
} from '@satta/shared/domain/messages';
import { validateTodayNumber } from '@satta/shared/domain/validation';
import { mayOverwrite } from '../actions/confirmOverwrite.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';
import { Button, Form, Input, Label, Row } from '../ui/controls.ts';
import { GameSelect } from '../ui/GameSelect.tsx';
import { Panel } from '../ui/Panel.tsx';
import { StatusLine } from '../ui/StatusLine.tsx';

/** Today's result of one game (today in the site's timezone). */
export function UpdateNumberForm() {
  const data = useAdminData();
  const [game, setGame] = useState('');
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateTodayNumber({ game, number });
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    setBusy(true);
    try {
      const today = data.todayKey();
      if (!(await mayOverwrite(data, checked.value.game, today, checked.value.number))) return;
      const result = await data.setResult(checked.value.game, today, checked.value.number);
      show(result.created ? NEW_OBJECT_CREATED_TODAY : NUMBER_UPDATED_TODAY, 'success', MESSAGE_MS);
      setNumber('');
    } catch (error) {
      show(errorText(error), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={FORM_UPDATE_NUMBER}>
      <Form onSubmit={submit} noValidate>
        <Row>
          <GameSelect value={game} onChange={setGame} />
          <Label>
            Number
            <Input
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              inputMode="numeric"
              maxLength={2}
              placeholder="00-99"
              autoComplete="off"
            />
          </Label>
        </Row>
        <Button type="submit" disabled={busy}>
          {busy ? UPDATING : FORM_UPDATE_NUMBER}
        </Button>
      </Form>
      <StatusLine message={message} />
    </Panel>
  );
}
