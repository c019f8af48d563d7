import { useId, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLive } from '@satta/shared/data';
import { EARLY_MORNING_CUTOFF } from '@satta/shared/domain/currentGame';
import { FORM_UPDATE_NUMBER, UPDATING } from '@satta/shared/domain/messages';
import { defaultResultDay } from '@satta/shared/domain/resultDay';
import { addDays, formatDisplayDate } from '@satta/shared/domain/siteTime';
import { formatGameTime } from '@satta/shared/domain/time';
import { Button, colors, Form, Input, Label, Panel, Row, Select, StatusLine } from '@satta/shared/ui';
import { drawnYesterdayNote, todayOption, yesterdayOption } from '../domain/adminMessages.ts';
import { usePublishNumber } from '../hooks/usePublishNumber.ts';
import { PendingPushes } from './PendingPushes.tsx';
import { useSiteNow } from '../hooks/useSiteNow.ts';
import { GameSelect } from '../ui/GameSelect.tsx';

const Note = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${colors.muted};
`;

/**
 * The latest result of one game. It is filed under the day shown in the form: today, or
 * yesterday for an evening draw entered after midnight (see defaultResultDay); the admin may
 * switch between the two, and older days go through Update Previous Number.
 */
export function UpdateNumberForm() {
  const [game, setGame] = useState('');
  const [number, setNumber] = useState('');
  // The admin's own pick of day; null follows the default, which moves with the game and the clock.
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const { data, busy, message, publishLatest } = usePublishNumber();
  const now = useSiteNow(data.timezone);
  const games$ = useMemo(() => data.homeGames$(), [data]);
  const games = useLive(games$).data;
  const noteId = useId();

  const today = now.dateKey;
  const yesterday = addDays(today, -1);
  const gameTime = games?.find((g) => g.name === game)?.time ?? null;
  const byDefault = defaultResultDay(gameTime, now);
  // A pick made before midnight names a day that is no longer offered; the default takes over.
  const day = chosenDay === today || chosenDay === yesterday ? chosenDay : byDefault.date;
  const note =
    day === byDefault.date && byDefault.drawnYesterday && gameTime !== null
      ? drawnYesterdayNote(game, gameTime, formatGameTime(EARLY_MORNING_CUTOFF), formatDisplayDate(yesterday))
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await publishLatest({ game, number }, day, today)) {
      setNumber('');
      setChosenDay(null);
    }
  }

  return (
    <Panel title={FORM_UPDATE_NUMBER}>
      <Form onSubmit={submit} noValidate>
        <Row>
          <GameSelect value={game} onChange={setGame} />
          <Label>
            Number
            <Input value={number} onChange={(e) => setNumber(e.target.value)} inputMode="numeric" placeholder="00-99" autoComplete="off" />
          </Label>
        </Row>
        <Label>
          Date
          <Select value={day} onChange={(e) => setChosenDay(e.target.value)} aria-describedby={note === null ? undefined : noteId}>
            <option value={today}>{todayOption(formatDisplayDate(today))}</option>
            <option value={yesterday}>{yesterdayOption(formatDisplayDate(yesterday))}</option>
          </Select>
        </Label>
        {note !== null && <Note id={noteId}>{note}</Note>}
        <Button $size="compact" type="submit" disabled={busy}>
          {busy ? UPDATING : FORM_UPDATE_NUMBER}
        </Button>
      </Form>
      <StatusLine message={message} />
      <PendingPushes dateKey={today} />
    </Panel>
  );
}
