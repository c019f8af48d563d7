import { useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLive, type ScheduledNumber } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { SAVING } from '@satta/shared/domain/messages';
import { scheduleTime, scheduledClock } from '@satta/shared/domain/schedule';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import { validateTodayNumber } from '@satta/shared/domain/validation';
import { Button, colors, Form, Input, Label, Panel, Row, Select, StatusLine } from '@satta/shared/ui';
import {
  AT_CHOSEN_TIME,
  AT_GAME_TIME,
  CANCEL_SCHEDULE,
  CHANGE,
  PUBLISH_LATER,
  SCHEDULE,
  SCHEDULED_LABEL,
  TIME_IST,
  WHEN,
  editingNote,
  scheduleCancelled,
  scheduleChanged,
  scheduleFailed,
  scheduledLine,
  REFUSED_NO_DRAW,
  scheduledMessage,
} from '../domain/scheduleMessages.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useSiteNow } from '../hooks/useSiteNow.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { GameSelect } from '../ui/GameSelect.tsx';

const Note = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${colors.muted};
`;

const List = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 6px;
`;

const Item = styled.li`
  display: flex;
  gap: 8px;
  align-items: center;
  justify-content: space-between;
`;

// Under its line: the notify service did not publish it (shared/data/types.ts ScheduledNumber.refused).
const Refused = styled.span`
  display: block;
  color: ${colors.danger};
`;

type When = 'gameTime' | 'chosen';

/**
 * The Update Number area's second half, a panel of its own beside it: today's number entered ahead of time: the notify service publishes it at the game's time or at
 * a time the admin chose (scheduled/{game}/{date}, private to the admin until then). Below, the
 * numbers waiting, live from the database, each with Change (back into the form) and Cancel.
 */
export function ScheduledNumbers() {
  const data = useAdminData();
  const now = useSiteNow(data.timezone);
  const games$ = useMemo(() => data.homeGames$(), [data]);
  const games = useLive(games$).data;
  const scheduled$ = useMemo(() => data.scheduled$(), [data]);
  const scheduled = useLive(scheduled$).data ?? [];
  const [game, setGame] = useState('');
  const [number, setNumber] = useState('');
  const [when, setWhen] = useState<When>('gameTime');
  const [time, setTime] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();
  const numberInput = useRef<HTMLInputElement>(null);
  const today = now.dateKey;

  async function run(work: () => Promise<string>) {
    setBusy(true);
    try {
      show(await work(), 'success', MESSAGE_MS);
      return true;
    } catch (error) {
      // Not acknowledged in time: not a failure; the list of pending changes has it.
      if (error instanceof WritePendingError) {
        pending(error);
        return true;
      }
      show(scheduleFailed(errorText(error)), 'error', MESSAGE_MS);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateTodayNumber({ game, number });
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    const gameTime = games?.find((g) => g.name === checked.value.game)?.time ?? null;
    const slot = scheduleTime(
      when === 'gameTime' ? { kind: 'gameTime', game: checked.value.game, gameTime } : { kind: 'chosen', time },
      new Date(),
      data.timezone,
    );
    if (!slot.ok) return show(slot.error, 'error', MESSAGE_MS);
    const existing = scheduled.some((s) => s.game === checked.value.game && s.date === today);
    const done = await run(async () => {
      await data.scheduleResult(checked.value.game, today, checked.value.number, slot.at);
      return (existing ? scheduleChanged : scheduledMessage)(checked.value.game, checked.value.number, slot.time);
    });
    if (done) {
      setNumber('');
      setTime('');
      setEditing(null);
    }
  }

  function change(entry: ScheduledNumber) {
    setGame(entry.game);
    setNumber(entry.number);
    setWhen('chosen');
    setTime(scheduledClock(entry.at, data.timezone));
    setEditing(entry.game);
    numberInput.current?.focus();
  }

  function cancel(entry: ScheduledNumber) {
    void run(async () => {
      await data.cancelScheduled(entry.game, entry.date);
      if (editing === entry.game) setEditing(null);
      return scheduleCancelled(entry.game, entry.number);
    });
  }

  return (
    <Panel title={PUBLISH_LATER}>
      <Form onSubmit={submit} noValidate>
        <Row>
          <GameSelect value={game} onChange={setGame} />
          <Label>
            Number
            <Input
              ref={numberInput}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              inputMode="numeric"
              placeholder="00-99"
              autoComplete="off"
            />
          </Label>
        </Row>
        <Row>
          <Label>
            {WHEN}
            <Select value={when} onChange={(e) => setWhen(e.target.value === 'chosen' ? 'chosen' : 'gameTime')}>
              <option value="gameTime">{AT_GAME_TIME}</option>
              <option value="chosen">{AT_CHOSEN_TIME}</option>
            </Select>
          </Label>
          {when === 'chosen' && (
            <Label>
              {TIME_IST}
              <Input value={time} onChange={(e) => setTime(e.target.value)} placeholder="HH:MM AM/PM" autoComplete="off" />
            </Label>
          )}
        </Row>
        {editing !== null && <Note>{editingNote(editing)}</Note>}
        <Button $size="compact" type="submit" disabled={busy}>
          {busy ? SAVING : SCHEDULE}
        </Button>
      </Form>
      <StatusLine message={message} />
      {scheduled.length > 0 && (
        <List aria-label={SCHEDULED_LABEL}>
          {scheduled.map((entry) => (
            <Item key={`${entry.game}/${entry.date}`}>
              <span>
                {entry.date === today ? '' : `${formatDisplayDate(entry.date)}: `}
                {scheduledLine(entry.game, entry.number, scheduledClock(entry.at, data.timezone))}
                {entry.refused === 'no-draw' && <Refused>{REFUSED_NO_DRAW}</Refused>}
              </span>
              <span>
                <Button $size="compact" type="button" $variant="secondary" onClick={() => change(entry)} disabled={busy}>
                  {CHANGE}
                </Button>{' '}
                <Button $size="compact" type="button" $variant="secondary" onClick={() => cancel(entry)} disabled={busy}>
                  {CANCEL_SCHEDULE}
                </Button>
              </span>
            </Item>
          ))}
        </List>
      )}
    </Panel>
  );
}
