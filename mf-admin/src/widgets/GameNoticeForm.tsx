import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useRead } from '@satta/shared/data';
import { publicReads } from '@satta/shared/data/publicReads';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { normalizeNotice, noticeProblem } from '@satta/shared/domain/gameNotice';
import { LOADING, PLEASE_SELECT_SATTANAME, SAVING, forGame } from '@satta/shared/domain/messages';
import { Button, colors, Form, Input, Label, Panel, StatusLine, VisuallyHidden } from '@satta/shared/ui';
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
  noticeUnchanged,
  removeNoticeName,
} from '../domain/gameNoticeMessages.ts';
import { useAdminData, type AdminData } from '../hooks/adminData.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useSiteNow } from '../hooks/useSiteNow.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { GameSelect } from '../ui/GameSelect.tsx';

/** The notice's commands (shared/data/gameNoticeCommands.ts), as the dashboard's data offers them. */
type NoticeCommands = {
  setGameNotice(game: string, text: string): Promise<void>;
  removeGameNotice(game: string): Promise<void>;
};

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
 * A game's notice for today (shared/domain/gameNotice.ts): the admin picks the game and writes a
 * short line (at most 60 characters, Hindi welcome), which every page shows in that game's row
 * instead of 'Wait...' until its number is published. Below, today's notices, each with Remove;
 * at midnight they end by themselves. An empty or too long notice is refused here with the
 * reason, and nothing is written.
 */
export function GameNoticeForm() {
  const data = useAdminData() as AdminData & NoticeCommands;
  const today = useSiteNow(data.timezone).dateKey;
  const notices = useRead((service) => service.read$(publicReads.gameNotices(today)), [today]).data;
  const listed = Object.entries(notices ?? {}).sort(([a], [b]) => a.localeCompare(b));

  const [game, setGame] = useState('');
  const [text, setText] = useState('');
  // What is being written: 'save' or the game of a Remove.
  const [busy, setBusy] = useState<string | null>(null);
  const form = useWriteMessage();
  const list = useWriteMessage();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const hintId = useId();

  /** Writes and says how it went on `line`; true once written or queued. */
  async function write(key: string, line: ReturnType<typeof useWriteMessage>, name: string, command: () => Promise<void>, done: string) {
    setBusy(key);
    try {
      await command();
      line.show(done, 'success', MESSAGE_MS);
      return true;
    } catch (error) {
      // Not acknowledged in time: not a failure; the list of pending changes has it.
      if (error instanceof WritePendingError) {
        line.pending(error, (said) => forGame(said, name));
        return true;
      }
      line.show(forGame(errorText(error), name), 'error', MESSAGE_MS);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (game === '') return form.show(PLEASE_SELECT_SATTANAME, 'error', MESSAGE_MS);
    const problem = noticeProblem(text);
    if (problem !== null) return form.show(problem, 'error', MESSAGE_MS);
    if (notices?.[game] === normalizeNotice(text)) return form.show(noticeUnchanged(game), 'info', MESSAGE_MS);
    if (await write('save', form, game, () => data.setGameNotice(game, text), noticeSaved(game))) setText('');
  }

  async function remove(name: string) {
    await write(name, list, name, () => data.removeGameNotice(name), noticeRemoved(name));
    // The button pressed is gone (or going): the focus waits above the message.
    listHeading.current?.focus();
  }

  return (
    <Panel title={GAME_NOTICE_TITLE}>
      <Form onSubmit={save} noValidate>
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
          <Button $size="compact" type="submit" disabled={busy !== null}>
            {busy === 'save' ? SAVING : SAVE_NOTICE}
          </Button>
        </Section>
        <StatusLine message={form.message} />
      </Form>
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
              <Button $size="compact" $variant="secondary" type="button" disabled={busy !== null} onClick={() => void remove(name)}>
                {REMOVE}
                <VisuallyHidden>{removeNoticeName(name)}</VisuallyHidden>
              </Button>
            </Notice>
          ))}
        </Notices>
      )}
    </Panel>
  );
}
