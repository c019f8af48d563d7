import { useId, useMemo, useState } from 'react';
import { publicReads, useLive } from '@satta/shared/data';
import { normalizeNotice, noticeProblem } from '@satta/shared/domain/gameNotice';
import { PLEASE_SELECT_SATTANAME } from '@satta/shared/domain/messages';
import type { Validation } from '@satta/shared/domain/validation';
import { Input, Label } from '@satta/shared/ui';
import {
  GAME_NOTICE_INTRO,
  GAME_NOTICE_TITLE,
  NOTICE_LABEL,
  NOTICE_PLACEHOLDER,
  NO_NOTICES,
  SAVE_NOTICE,
  TODAYS_NOTICES,
  noticeCount,
  noticeRemoved,
  noticeSaved,
  removeNoticeName,
} from '../domain/gameNoticeMessages.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useSiteNow } from '../hooks/useSiteNow.ts';
import { AdminForm } from '../ui/AdminForm.tsx';
import { EntryList, EntryRow, GameEntrySection, Hint, useEntryWrites } from '../ui/PerGameEntries.tsx';

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
  const list = useEntryWrites();
  const hintId = useId();

  function check(): Validation<{ game: string; text: string }> {
    if (game === '') return { ok: false, error: PLEASE_SELECT_SATTANAME };
    const problem = noticeProblem(text);
    return problem === null ? { ok: true, value: { game, text } } : { ok: false, error: problem };
  }

  const after = (
    <EntryList title={TODAYS_NOTICES} list={list} count={notices === undefined ? undefined : listed.length} empty={NO_NOTICES}>
      {listed.map(([name, notice]) => (
        <EntryRow
          key={name}
          removeName={removeNoticeName(name)}
          disabled={list.busy !== null}
          onRemove={() => void list.remove(name, name, () => data.removeGameNotice(name), noticeRemoved(name))}
        >
          <strong>{name}</strong>: {notice}
        </EntryRow>
      ))}
    </EntryList>
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
      <GameEntrySection intro={GAME_NOTICE_INTRO} game={game} onGame={setGame}>
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
      </GameEntrySection>
    </AdminForm>
  );
}

/** Today's notices, one read of the table (cache first, followed live), memoised on the day. */
function useNotices(data: ReturnType<typeof useAdminData>, today: string) {
  return useMemo(() => data.read$(publicReads.gameNotices(today)), [data, today]);
}
