import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import styled, { css } from 'styled-components';
import { useLive, type ScheduledNumber } from '@satta/shared/data';
import { LOADING, UPDATING } from '@satta/shared/domain/messages';
import { addDays, formatDisplayDate } from '@satta/shared/domain/siteTime';
import { Button, color, colors, onMobile, Panel, StatusLine, VisuallyHidden } from '@satta/shared/ui';
import {
  DAY_BOARD_EMPTY,
  DAY_BOARD_LIST,
  DAY_BOARD_TITLE,
  NEXT_GAME,
  NO_DRAW_BOARD_NOTE,
  NO_TIME,
  PUBLISH,
  UNDO,
  numberFor,
  todayOption,
  yesterdayOption,
} from '../domain/adminMessages.ts';
import { dayBoardRows, dayBoardStateText, nextDueGame, type DayBoardRow, type DayBoardState } from '../domain/dayBoard.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { usePendingPushes, useUndoPush } from '../hooks/usePendingPushes.ts';
import { usePublishNumber } from '../hooks/usePublishNumber.ts';
import { useSiteNow } from '../hooks/useSiteNow.ts';

const NONE: readonly ScheduledNumber[] = [];

const Caption = styled.p`
  margin: -0.5rem 0 0.75rem;
  color: ${colors.muted};
`;

// One column on a phone, as many as fit on a wide screen; read across, then down. Scrolls on
// its own, so that it can open on the game due next with the header still in view.
const List = styled.ol`
  position: relative;
  list-style: none;
  margin: 0;
  padding: 4px;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: 8px;
  max-height: 62vh;
  overflow-y: auto;
  border-radius: 8px;
  background: ${colors.page};
`;

const Item = styled.li<{ $next: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  padding: 10px;
  border: 1px solid ${colors.line};
  border-radius: 8px;
  background: ${colors.panel};
  ${({ $next }) =>
    $next &&
    css`
      border: 3px solid ${color('--color-accent')};
      background: ${color('--color-banner-bg')};
      padding: 8px;
    `}
`;

const Head = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 2px 10px;
  margin: 0;
  strong {
    font-size: 1.15rem;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.span`
  color: ${colors.muted};
`;

const Note = styled.p`
  margin: 0;
  color: ${colors.muted};
`;

const Badge = styled.span`
  margin-left: auto;
  padding: 0 8px;
  border-radius: 999px;
  background: ${color('--color-brand')};
  color: ${color('--color-brand-text')};
  font-weight: 700;
`;

const STATE_COLOR: Record<DayBoardState['kind'], string> = {
  waiting: colors.muted,
  due: colors.danger,
  noDraw: colors.muted,
  scheduled: colors.muted,
  undo: colors.ink,
  published: colors.success,
  corrected: colors.success,
};

const State = styled.p<{ $kind: DayBoardState['kind'] }>`
  margin: 0;
  font-weight: 600;
  color: ${({ $kind }) => STATE_COLOR[$kind]};
  overflow-wrap: anywhere;
`;

// The number takes the room the buttons leave; Enter in it publishes.
const RowForm = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-auto-flow: column;
  grid-auto-columns: auto;
  gap: 8px;
  align-items: stretch;
`;

// Large enough to read and hit at arm's length; above the dashboard's phone rules for fields.
const NumberInput = styled.input`
  &&& {
    box-sizing: border-box;
    width: 100%;
    min-width: 0;
    min-height: 48px;
    padding: 4px 8px;
    border: 1px solid ${colors.line};
    border-radius: 6px;
    background: ${colors.panel};
    color: ${colors.ink};
    font: inherit;
    font-size: 1.6rem;
    font-weight: 700;
    letter-spacing: 0.1em;
    text-align: center;
    &:focus-visible {
      outline: 3px solid ${colors.focus};
      outline-offset: 1px;
    }
  }
`;

const RowButton = styled(Button)`
  &&& {
    min-height: 48px;
  }
  ${onMobile} {
    && {
      min-width: 44px;
    }
  }
`;

/**
 * The top of the dashboard: the games of the site's day in the order of their draws, each with
 * its time and where it stands (waiting, due now, no draw today, scheduled, in the undo window
 * with its countdown, published, corrected), and a two-digit field that publishes it exactly as
 * Update Number does (none for a game marked as having no draw that day). The game to publish next is marked (visibly, and `aria-current` for a screen
 * reader).
 */
export function DayBoard() {
  const data = useAdminData();
  const now = useSiteNow(data.timezone);
  const games$ = useMemo(() => data.homeGames$(), [data]);
  const games = useLive(games$).data;
  const scheduled$ = useMemo(() => data.scheduled$(), [data]);
  const scheduled = useLive(scheduled$).data ?? NONE;
  const holidays$ = useMemo(() => data.holidays$(), [data]);
  const holidays = useLive(holidays$).data;
  const today = now.dateKey;
  const yesterday = addDays(today, -1);
  // An evening draw entered after midnight is filed under yesterday: its undo window is there.
  const pushesToday = usePendingPushes(today);
  const pushesYesterday = usePendingPushes(yesterday);
  const nowMs = Math.max(pushesToday.now, pushesYesterday.now);

  const rows = useMemo(
    () =>
      games
        ? dayBoardRows({
            games,
            now,
            nowMs,
            scheduled,
            pending: { [today]: pushesToday.open, [yesterday]: pushesYesterday.open },
            holidays,
          })
        : [],
    [games, now, nowMs, scheduled, holidays, today, yesterday, pushesToday.open, pushesYesterday.open],
  );
  const next = nextDueGame(rows);

  // Opens on the game due next: the list is scrolled to it once a day, not at every change
  // (the admin may have scrolled elsewhere since).
  const list = useRef<HTMLOListElement>(null);
  const openedOn = useRef<string | null>(null);
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current]');
    if (!box || !item || openedOn.current === today) return;
    openedOn.current = today;
    box.scrollTop = Math.max(0, item.offsetTop - 4);
  }, [next, today]);

  return (
    <Panel title={DAY_BOARD_TITLE} wide>
      <Caption>{todayOption(formatDisplayDate(today))}</Caption>
      {!games && <p>{LOADING}</p>}
      {games && rows.length === 0 && <p>{DAY_BOARD_EMPTY}</p>}
      {rows.length > 0 && (
        <List ref={list} aria-label={DAY_BOARD_LIST}>
          {rows.map((row) => (
            <DayBoardItem key={row.game} row={row} next={row.game === next} today={today} nowMs={nowMs} timezone={data.timezone} />
          ))}
        </List>
      )}
    </Panel>
  );
}

function DayBoardItem({
  row,
  next,
  today,
  nowMs,
  timezone,
}: {
  row: DayBoardRow;
  next: boolean;
  today: string;
  nowMs: number;
  timezone: string;
}) {
  const [number, setNumber] = useState('');
  const { busy, message, publishLatest } = usePublishNumber();
  const { undo, busyGame, message: undoMessage } = useUndoPush(row.date);
  const stateId = useId();
  const { state } = row;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await publishLatest({ game: row.game, number }, row.date, today)) setNumber('');
  }

  return (
    <Item $next={next} aria-current={next ? 'true' : undefined} data-game={row.game} data-state={state.kind}>
      <Head>
        <strong>{row.game}</strong>
        <Muted>{row.time ?? NO_TIME}</Muted>
        {row.date !== today && <Muted>{yesterdayOption(formatDisplayDate(row.date))}</Muted>}
        {next && <Badge>{NEXT_GAME}</Badge>}
      </Head>
      <State id={stateId} $kind={state.kind}>
        {dayBoardStateText(state, nowMs, timezone)}
      </State>
      {state.kind === 'noDraw' ? (
        <Note>{NO_DRAW_BOARD_NOTE}</Note>
      ) : (
        <RowForm onSubmit={submit} noValidate>
          <NumberInput
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            aria-label={numberFor(row.game)}
            aria-describedby={stateId}
            inputMode="numeric"
            enterKeyHint="send"
            placeholder="00"
            autoComplete="off"
          />
          <RowButton $size="compact" type="submit" disabled={busy}>
            {busy ? UPDATING : PUBLISH}
            <VisuallyHidden> {row.game}</VisuallyHidden>
          </RowButton>
          {state.kind === 'undo' && (
            <RowButton
              $size="compact"
              type="button"
              $variant="secondary"
              onClick={() => void undo(row.game, state.number)}
              disabled={busyGame !== null}
            >
              {UNDO}
              <VisuallyHidden> {row.game}</VisuallyHidden>
            </RowButton>
          )}
        </RowForm>
      )}
      <StatusLine message={message} />
      <StatusLine message={undoMessage} />
    </Item>
  );
}
