import { useId } from 'react';
import styled from 'styled-components';
import { TIME_PLACEHOLDER } from '@satta/shared/domain/messages';
import { Button, colors, Input, Label, Row } from '@satta/shared/ui';
import { ADD_TIMING } from '../domain/adminMessages.ts';
import { useGameNames } from '../hooks/useGameNames.ts';

const Fieldset = styled.fieldset`
  border: 1px solid ${colors.line};
  border-radius: 8px;
  padding: 8px;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

/** An agent's own draw times: [game, time] rows; none means the default times apply. */
export function TimingsEditor({ timings, onChange }: { timings: [string, string][]; onChange(next: [string, string][]): void }) {
  const games = useGameNames();
  const listId = useId();
  const change = (index: number, pair: [string, string]) => onChange(timings.map((p, i) => (i === index ? pair : p)));

  return (
    <Fieldset>
      <legend>Custom timings</legend>
      <datalist id={listId}>
        {games.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {timings.map(([game, time], i) => (
        <Row key={i}>
          <Label>
            {`Timing ${i + 1} game`}
            <Input list={listId} value={game} onChange={(e) => change(i, [e.target.value, time])} autoComplete="off" />
          </Label>
          <Label>
            {`Timing ${i + 1} time`}
            <Input value={time} placeholder={TIME_PLACEHOLDER} onChange={(e) => change(i, [game, e.target.value])} autoComplete="off" />
          </Label>
          <Button $size="compact" type="button" $variant="danger" onClick={() => onChange(timings.filter((_, j) => j !== i))}>
            {`Remove timing ${i + 1}`}
          </Button>
        </Row>
      ))}
      <Button $size="compact" type="button" $variant="secondary" onClick={() => onChange([...timings, ['', '']])}>
        {ADD_TIMING}
      </Button>
    </Fieldset>
  );
}
