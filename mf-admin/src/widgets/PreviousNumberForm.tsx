import { useState, type FormEvent } from 'react';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { FORM_PREVIOUS_NUMBER, UPDATING, newDataCreatedFor, numberUpdatedFor } from '@satta/shared/domain/messages';
import { validatePreviousNumber } from '@satta/shared/domain/validation';
import { mayOverwrite } from '../actions/confirmOverwrite.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';
import { Button, Form, Input, Label, Row } from '../ui/controls.ts';
import { GameSelect } from '../ui/GameSelect.tsx';
import { Panel } from '../ui/Panel.tsx';
import { StatusLine } from '../ui/StatusLine.tsx';

/** A result for any day up to today: corrections and missed days. */
export function PreviousNumberForm() {
  const data = useAdminData();
  const [date, setDate] = useState('');
  const [game, setGame] = useState('');
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validatePreviousNumber({ date, game, number }, data.todayKey());
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    const { date: day, game: name, number: value } = checked.value;
    setBusy(true);
    try {
      if (!(await mayOverwrite(data, name, day, value))) return;
      const result = await data.setResult(name, day, value);
      show(result.created ? newDataCreatedFor(day) : numberUpdatedFor(day), 'success', MESSAGE_MS);
      setNumber('');
    } catch (error) {
      show(errorText(error), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={FORM_PREVIOUS_NUMBER}>
      <Form onSubmit={submit} noValidate>
        <Row>
          <Label>
            Date
            <Input type="date" value={date} max={data.todayKey()} onChange={(e) => setDate(e.target.value)} />
          </Label>
          <GameSelect value={game} onChange={setGame} />
          <Label>
            Number
            <Input
              type="number"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              min={0}
              max={99}
              inputMode="numeric"
              placeholder="00-99"
            />
          </Label>
        </Row>
        <Button type="submit" disabled={busy}>
          {busy ? UPDATING : FORM_PREVIOUS_NUMBER}
        </Button>
      </Form>
      <StatusLine message={message} />
    </Panel>
  );
}
