import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DATE_FORMAT_HINT, FORM_PREVIOUS_NUMBER, UPDATING, newDataCreatedFor, numberUpdatedFor } from '@satta/shared/domain/messages';
import { validatePreviousNumber } from '@satta/shared/domain/validation';
import { Button, colors, Form, Input, Label, Panel, Row, StatusLine } from '@satta/shared/ui';
import { usePublishNumber } from '../hooks/usePublishNumber.ts';
import { GameSelect } from '../ui/GameSelect.tsx';

const Hint = styled.p`
  margin: 4px 0 0;
  font-size: 0.8rem;
  color: ${colors.muted};
`;

/**
 * A result for any day up to today: corrections and missed days. The date is typed DD-MM-YYYY
 * (the order the site prints, read as every typed date is: validatePreviousNumber), since a
 * browser's date picker shows the order of its own language, month first in many. Messages show
 * the day DD-MM-YYYY too.
 */
export function PreviousNumberForm() {
  const [date, setDate] = useState('');
  const [game, setGame] = useState('');
  const [number, setNumber] = useState('');
  const { data, busy, message, publish, refuse } = usePublishNumber();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validatePreviousNumber({ date, game, number }, data.todayKey());
    if (!checked.ok) return refuse(checked.error);
    const { date: day, game: name, number: value } = checked.value;
    const success = (created: boolean) => (created ? newDataCreatedFor(day) : numberUpdatedFor(day));
    // A back-filled day is history, not news: stored silent, so nobody gets a push for it.
    if (await publish(name, day, value, success, { silent: true })) setNumber('');
  }

  return (
    <Panel title={FORM_PREVIOUS_NUMBER}>
      <Form onSubmit={submit} noValidate>
        <Row>
          <div>
            <Label>
              Date
              <Input
                value={date}
                onChange={(e) => setDate(e.target.value)}
                placeholder="DD-MM-YYYY"
                aria-describedby={hintId}
                autoComplete="off"
              />
            </Label>
            <Hint id={hintId}>{DATE_FORMAT_HINT}</Hint>
          </div>
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
        <Button $size="compact" type="submit" disabled={busy}>
          {busy ? UPDATING : FORM_PREVIOUS_NUMBER}
        </Button>
      </Form>
      <StatusLine message={message} />
    </Panel>
  );
}
