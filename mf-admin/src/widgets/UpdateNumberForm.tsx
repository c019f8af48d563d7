import { useState, type FormEvent } from 'react';
import {
  FORM_UPDATE_NUMBER,
  NEW_OBJECT_CREATED_TODAY,
  NUMBER_UPDATED_TODAY,
  UPDATING,
} from '@satta/shared/domain/messages';
import { validateTodayNumber } from '@satta/shared/domain/validation';
import { usePublishNumber } from '../hooks/usePublishNumber.ts';
import { Button, Form, Input, Label, Row } from '../ui/controls.ts';
import { GameSelect } from '../ui/GameSelect.tsx';
import { Panel } from '../ui/Panel.tsx';
import { StatusLine } from '../ui/StatusLine.tsx';

/** Today's result of one game (today in the site's timezone). */
export function UpdateNumberForm() {
  const [game, setGame] = useState('');
  const [number, setNumber] = useState('');
  const { data, busy, message, publish, refuse } = usePublishNumber();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateTodayNumber({ game, number });
    if (!checked.ok) return refuse(checked.error);
    const today = data.todayKey();
    const success = (created: boolean) => (created ? NEW_OBJECT_CREATED_TODAY : NUMBER_UPDATED_TODAY);
    if (await publish(checked.value.game, today, checked.value.number, success)) setNumber('');
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
