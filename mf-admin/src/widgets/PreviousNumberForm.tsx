import { useState, type FormEvent } from 'react';
import { FORM_PREVIOUS_NUMBER, UPDATING, newDataCreatedFor, numberUpdatedFor } from '@satta/shared/domain/messages';
import { validatePreviousNumber } from '@satta/shared/domain/validation';
import { usePublishNumber } from '../hooks/usePublishNumber.ts';
import { Button, Form, Input, Label, Row } from '../ui/controls.ts';
import { GameSelect } from '../ui/GameSelect.tsx';
import { Panel } from '../ui/Panel.tsx';
import { StatusLine } from '../ui/StatusLine.tsx';

/** A result for any day up to today: corrections and missed days. */
export function PreviousNumberForm() {
  const [date, setDate] = useState('');
  const [game, setGame] = useState('');
  const [number, setNumber] = useState('');
  const { data, busy, message, publish, refuse } = usePublishNumber();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validatePreviousNumber({ date, game, number }, data.todayKey());
    if (!checked.ok) return refuse(checked.error);
    const { date: day, game: name, number: value } = checked.value;
    const success = (created: boolean) => (created ? newDataCreatedFor(day) : numberUpdatedFor(day));
    if (await publish(name, day, value, success)) setNumber('');
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
