import { useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { publicReads, useLive } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { normalizeNotice, noticeProblem } from '@satta/shared/domain/gameNotice';
import { LOADING, PLEASE_SELECT_SATTANAME, forGame } from '@satta/shared/domain/messages';
import type { Validation } from '@satta/shared/domain/validation';
import { Button, colors, Input, Label, StatusLine, VisuallyHidden } from '@satta/shared/ui';
import { errorText } from '../domain/errorText.ts';
import {
  GAME_NOTICE_INTRO,
  GAME_NOTICE_TITLE,
  NOTICE_LABEL,
  NOTICE_PLACEHOLDER,
  NO_NOTICES,
  REMOVE,
  SAVE_NOTICE,
  TODAYS_NOTICES,
  noticeCount,
  noticeRemoved,
  noticeSaved,
  removeNoticeName,
} from '../domain/gameNoticeMessages.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useSiteNow } from '../hooks/useSiteNow.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { AdminForm } from '../ui/AdminForm.tsx';
import { GameSelect } from '../ui/GameSelect.tsx';

const Note = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${colors.muted};
`;

const Hint = styled.p`
  margin: 4px 0 0;
  font-size: 0.8rem;
  color: ${colors.muted};
`;

// A column: the game picker's flex basis would be its height here (see NoDrawDays).
const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;

  &&& > * {
    flex: none;
  }
`;

const ListHeading = styled.h3`
  margin: 16px 0 0;
  font-size: 1rem;
  &:focus {
    outline: none;
  }
`;

const Notices = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 6px;
`;

const Notice = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 8px;
  align-items: center;
  justify-content: space-between;
`;

/**
 * A game's notice for today (shared/domain/gameNotice.ts), on the dashboard's form skeleton
 * (AdminForm): the admin picks the game and writes a short line (at most 60 characters, Hindi
 * welcome), which every page shows in that game's row instead of 'Wait...' until its number is
 * published. Below, today's notices, each with Remove; at midnight they end by themselves. An
 * empty or too long notice is refused here with the reason, and nothing is written.
 */
export function GameNoticeForm() {
  const data = useAdminData();
  const today = useSiteNow(data.timezone).dateKey;
  const notices$ = useNotices(data, today);
  const notices = useLive(notices$).data;
  const listed = Object.entries(notices ?? {}).sort(([a], [b]) => a.localeCompare(b));

  const [game, setGame] = useState('');
  const [text, setText] = useState('');
  // The game whose Remove is being written.
  const [removing, setRemoving] = useState<string | null>(null);
  const list = useWriteMessage();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const hintId = useId();

  function check(): Validation<{ game: string; text: string }> {
    if (game === '') return { ok: false, error: PLEASE_SELECT_SATTANAME };
    const problem = noticeProblem(text);
    return problem === null ? { ok: true, value: { game, text } } : { ok: false, error: problem };
  }

  async function remove(name: string) {
    setRemoving(name);
    try {
      await data.removeGameNotice(name);
      list.show(noticeRemoved(name), 'success', MESSAGE_MS);
    } catch (error) {
      // Not acknowledged in time: not a failure; the list of pending changes has it.
      if (error instanceof WritePendingError) list.pending(error, (said) => forGame(said, name));
      else list.show(forGame(errorText(error), name), 'error', MESSAGE_MS);
    } finally {
      setRemoving(null);
    }
    // The button pressed is gone (or going): the focus waits above the message.
    listHeading.current?.focus();
  }

  const after = (
    <>
      <ListHeading ref={listHeading} tabIndex={-1}>
        {TODAYS_NOTICES}
      </ListHeading>
      <StatusLine message={list.message} />
      {notices === undefined && <p>{LOADING}</p>}
      {notices !== undefined && listed.length === 0 && <p>{NO_NOTICES}</p>}
      {listed.length > 0 && (
        <Notices aria-label={TODAYS_NOTICES}>
          {listed.map(([name, notice]) => (
            <Notice key={name}>
              <span>
                <strong>{name}</strong>: {notice}
              </span>
              <Button $size="compact" $variant="secondary" type="button" disabled={removing !== null} onClick={() => void remove(name)}>
                {REMOVE}
                <VisuallyHidden>{removeNoticeName(name)}</VisuallyHidden>
              </Button>
            </Notice>
          ))}
        </Notices>
      )}
    </>
  );

  return (
    <AdminForm
      title={GAME_NOTICE_TITLE}
      submitLabel={SAVE_NOTICE}
      check={check}
      save={(value) => data.setGameNotice(value.game, value.text)}
      saved={(value) => noticeSaved(value.game)}
      onSaved={() => setText('')}
      after={after}
    >
      <Section>
        <Note>{GAME_NOTICE_INTRO}</Note>
        <GameSelect value={game} onChange={setGame} />
        <div>
          <Label>
            {NOTICE_LABEL}
            <Input
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={NOTICE_PLACEHOLDER}
              aria-describedby={hintId}
              autoComplete="off"
            />
          </Label>
          <Hint id={hintId}>{noticeCount(normalizeNotice(text).length)}</Hint>
        </div>
      </Section>
    </AdminForm>
  );
}

/** Today's notices, one read of the table (cache first, followed live), memoised on the day. */
function useNotices(data: ReturnType<typeof useAdminData>, today: string) {
  return useMemo(() => data.read$(publicReads.gameNotices(today)), [data, today]);
}
