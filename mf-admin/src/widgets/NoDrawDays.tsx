import { useId, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DataError, useLive } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { WEEKDAYS, WEEKDAY_LABELS, isWeekday, marksOf, type Weekday } from '@satta/shared/domain/holidays';
import {
  DATE_FORMAT_ERROR,
  DATE_FORMAT_HINT,
  PLEASE_SELECT_DATE,
  PLEASE_SELECT_SATTANAME,
  SAVING,
  forGame,
} from '@satta/shared/domain/messages';
import { formatDisplayDate, parseDisplayDate } from '@satta/shared/domain/siteTime';
import { Button, colors, Form, Input, Label, Panel, Select, StatusLine } from '@satta/shared/ui';
import { errorText } from '../domain/errorText.ts';
import { RECENT_DAYS, noDrawMarks } from '../domain/noDrawMarks.ts';
import {
  DAY_OF_WEEK,
  EVERY_WEEK,
  MARKED_DAYS,
  MARK_DATE,
  MARK_WEEKDAY,
  NO_DRAW_INTRO,
  NO_DRAW_TITLE,
  NO_MARKS,
  ONE_DATE,
  PLEASE_SELECT_WEEKDAY,
  SELECT_DAY,
  alreadyNoDraw,
  alreadyNoDrawWeekday,
  markedDateLine,
  markedWeekdayLine,
  noDrawMarked,
  noDrawRemoved,
  noDrawWeekdayMarked,
  noDrawWeekdayRemoved,
  olderMarks,
  removeDateName,
  removeWeekdayName,
  weeklyFromNote,
} from '../domain/noDrawMessages.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useSiteNow } from '../hooks/useSiteNow.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { EntryList, EntryRow, GameEntrySection, Hint, Note, useEntryWrites } from '../ui/PerGameEntries.tsx';

// A group of its form's fields under a small title, without a box of its own.
const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: 6px;
    font-weight: 600;
    color: ${colors.ink};
  }
`;

const GameName = styled.h4`
  margin: 0 0 4px;
  font-size: 1rem;
`;

const Marks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
`;

/** What a Remove takes away: one date, or a weekly mark. */
type Removal = { game: string; dateKey: string } | { game: string; weekday: Weekday };

/**
 * Days without a draw: the admin marks a game as having no draw on a date (a holiday), typed
 * DD-MM-YYYY as every dashboard date, today by default; or on a weekday every week, from today on.
 * The site then shows "आज अवकाश (No draw today)" for it, and every number form refuses a number
 * for that day. Below, the marks of every game (recent and upcoming dates, weekly marks), each
 * with Remove. A date that already has a number cannot be marked: the service says so, naming
 * the number.
 */
export function NoDrawDays() {
  const data = useAdminData();
  const now = useSiteNow(data.timezone);
  const today = now.dateKey;
  const holidays$ = useMemo(() => data.holidays$(), [data]);
  const holidays = useLive(holidays$).data;
  const marks = useMemo(() => noDrawMarks(holidays, today), [holidays, today]);

  const [game, setGame] = useState('');
  // What the admin typed; null follows today (which moves at midnight).
  const [typedDate, setTypedDate] = useState<string | null>(null);
  const [weekday, setWeekday] = useState<Weekday | ''>('');
  // Which action is being written (list.busy): 'date', 'weekday' or a Remove's key.
  const list = useEntryWrites();
  const form = useWriteMessage();
  // The form the message is about: it is shown under that form's button.
  const [formLine, setFormLine] = useState<'date' | 'weekday'>('date');
  const dateHintId = useId();
  const weekdayHintId = useId();
  const busy = list.busy;

  const date = typedDate ?? formatDisplayDate(today);

  /** A no-draw refusal names the game and the day already; anything else gets the game appended. */
  const failure = (error: unknown, name: string): string => {
    const own = error instanceof DataError && (error.code === 'data/no-draw-has-number' || error.code === 'data/no-draw');
    return own ? errorText(error) : forGame(errorText(error), name);
  };

  /** Writes on the form's line, through the pending-writes queue; true once written or queued. */
  const write = (key: string, name: string, command: () => Promise<void>, done: string) =>
    list.write(key, form, name, command, done, (error) => failure(error, name));

  async function markDate(event: FormEvent) {
    event.preventDefault();
    setFormLine('date');
    if (game === '') return form.show(PLEASE_SELECT_SATTANAME, 'error', MESSAGE_MS);
    if (date.trim() === '') return form.show(PLEASE_SELECT_DATE, 'error', MESSAGE_MS);
    const dateKey = parseDisplayDate(date);
    if (dateKey === null) return form.show(DATE_FORMAT_ERROR, 'error', MESSAGE_MS);
    const shown = formatDisplayDate(dateKey);
    if (marksOf(holidays, game)?.dates[dateKey]) return form.show(alreadyNoDraw(game, shown), 'info', MESSAGE_MS);
    if (await write('date', game, () => data.setNoDrawDate(game, dateKey, true), noDrawMarked(game, shown))) setTypedDate(null);
  }

  async function markWeekday(event: FormEvent) {
    event.preventDefault();
    setFormLine('weekday');
    if (game === '') return form.show(PLEASE_SELECT_SATTANAME, 'error', MESSAGE_MS);
    if (weekday === '') return form.show(PLEASE_SELECT_WEEKDAY, 'error', MESSAGE_MS);
    const day = WEEKDAY_LABELS[weekday];
    // Marking again would move its first date to today and unmark the weeks before.
    const from = marksOf(holidays, game)?.weekdays[weekday];
    if (from !== undefined) return form.show(alreadyNoDrawWeekday(game, day, formatDisplayDate(from)), 'info', MESSAGE_MS);
    const done = noDrawWeekdayMarked(game, day, formatDisplayDate(today));
    if (await write('weekday', game, () => data.setNoDrawWeekday(game, weekday, today), done)) setWeekday('');
  }

  async function remove(removal: Removal) {
    const key = 'dateKey' in removal ? `${removal.game}/${removal.dateKey}` : `${removal.game}/${removal.weekday}`;
    const done =
      'dateKey' in removal
        ? noDrawRemoved(removal.game, formatDisplayDate(removal.dateKey))
        : noDrawWeekdayRemoved(removal.game, WEEKDAY_LABELS[removal.weekday]);
    await list.remove(
      key,
      removal.game,
      () =>
        'dateKey' in removal
          ? data.setNoDrawDate(removal.game, removal.dateKey, false)
          : data.setNoDrawWeekday(removal.game, removal.weekday, null),
      done,
      (error) => failure(error, removal.game),
    );
  }

  return (
    <Panel title={NO_DRAW_TITLE}>
      <GameEntrySection intro={NO_DRAW_INTRO} game={game} onGame={setGame}>
        <Form onSubmit={markDate} noValidate>
          <Fieldset>
            <legend>{ONE_DATE}</legend>
            <div>
              <Label>
                Date
                <Input
                  value={date}
                  onChange={(e) => setTypedDate(e.target.value)}
                  placeholder="DD-MM-YYYY"
                  aria-describedby={dateHintId}
                  autoComplete="off"
                />
              </Label>
              <Hint id={dateHintId}>{DATE_FORMAT_HINT}</Hint>
            </div>
            <Button $size="compact" type="submit" disabled={busy !== null}>
              {busy === 'date' ? SAVING : MARK_DATE}
            </Button>
          </Fieldset>
          <StatusLine message={formLine === 'date' ? form.message : null} />
        </Form>
        <Form onSubmit={markWeekday} noValidate>
          <Fieldset>
            <legend>{EVERY_WEEK}</legend>
            <div>
              <Label>
                {DAY_OF_WEEK}
                <Select
                  value={weekday}
                  onChange={(e) => setWeekday(isWeekday(e.target.value) ? e.target.value : '')}
                  aria-describedby={weekdayHintId}
                >
                  <option value="">{SELECT_DAY}</option>
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {WEEKDAY_LABELS[day]}
                    </option>
                  ))}
                </Select>
              </Label>
              <Hint id={weekdayHintId}>{weeklyFromNote(formatDisplayDate(today))}</Hint>
            </div>
            <Button $size="compact" type="submit" disabled={busy !== null}>
              {busy === 'weekday' ? SAVING : MARK_WEEKDAY}
            </Button>
          </Fieldset>
          <StatusLine message={formLine === 'weekday' ? form.message : null} />
        </Form>
      </GameEntrySection>
      <EntryList title={MARKED_DAYS} list={list} count={holidays === undefined ? undefined : marks.length} empty={NO_MARKS} gap={12}>
        {marks.map((entry) => (
          <li key={entry.game}>
            <GameName>{entry.game}</GameName>
            {entry.weekly.length + entry.dates.length > 0 && (
              <Marks aria-label={entry.game}>
                {entry.weekly.map(({ weekday: day, from }) => (
                  <EntryRow
                    key={day}
                    removeName={removeWeekdayName(entry.game, WEEKDAY_LABELS[day])}
                    disabled={busy !== null}
                    onRemove={() => void remove({ game: entry.game, weekday: day })}
                  >
                    {markedWeekdayLine(WEEKDAY_LABELS[day], formatDisplayDate(from))}
                  </EntryRow>
                ))}
                {entry.dates.map(({ dateKey, weekday: day }) => (
                  <EntryRow
                    key={dateKey}
                    removeName={removeDateName(entry.game, formatDisplayDate(dateKey))}
                    disabled={busy !== null}
                    onRemove={() => void remove({ game: entry.game, dateKey })}
                  >
                    {markedDateLine(formatDisplayDate(dateKey), WEEKDAY_LABELS[day], dateKey === today)}
                  </EntryRow>
                ))}
              </Marks>
            )}
            {entry.older > 0 && <Note>{olderMarks(entry.older, RECENT_DAYS)}</Note>}
          </li>
        ))}
      </EntryList>
    </Panel>
  );
}
