import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLive } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { orderGames } from '@satta/shared/domain/games';
import {
  FORM_SATTANAME_INFO,
  LOADING,
  TIME_PLACEHOLDER,
  TIME_UPDATED,
  UPDATING,
  errorUpdatingTime,
  forGame,
} from '@satta/shared/domain/messages';
import { validateTime } from '@satta/shared/domain/validation';
import { Button, Input, Label, Panel, StatusLine } from '@satta/shared/ui';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';

// Seventeen games: side by side where there is room, one per line on a phone.
const Rows = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: 8px 16px;
`;

const GameRow = styled.form`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  & > label {
    flex: 1 1 auto;
  }
`;

/** Each game's draw time, edited one game at a time. */
export function GameTimesForm() {
  const data = useAdminData();
  const games$ = useMemo(() => data.homeGames$(), [data]);
  const games = useLive(games$).data;
  const ordered = useMemo(() => (games ? orderGames(games) : undefined), [games]);
  // Only the rows the admin has typed in; the others show the live time.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // A time just saved, shown until the live data moves on from the time it had then (the page
  // learns of the change a moment after the server confirmed it): the row never flashes back.
  const [saved, setSaved] = useState<Record<string, { value: string; before: string | null }>>({});
  const [busyGame, setBusyGame] = useState<string | null>(null);
  const { message, show, pending } = useWriteMessage();
  // The row the message is about: it is shown under that row's Update button.
  const [messageGame, setMessageGame] = useState<string | null>(null);

  async function save(event: FormEvent, game: string, text: string) {
    event.preventDefault();
    setMessageGame(game);
    const report = (line: string, kind: 'success' | 'error') => show(forGame(line, game), kind, MESSAGE_MS);
    const checked = validateTime(text);
    if (!checked.ok) return report(errorUpdatingTime(checked.error), 'error');
    setBusyGame(game);
    try {
      await data.setGameTime(game, checked.value);
      // The row shows the canonical upper-case time, then the live one once it has arrived.
      const before = games?.find((g) => g.name === game)?.time ?? null;
      setSaved((all) => ({ ...all, [game]: { value: checked.value, before } }));
      setDrafts((all) => Object.fromEntries(Object.entries(all).filter(([name]) => name !== game)));
      report(TIME_UPDATED, 'success');
    } catch (error) {
      // Not acknowledged in time: the list of pending changes has it, and the row is free.
      if (error instanceof WritePendingError) return pending(error, (text) => forGame(text, game));
      report(errorUpdatingTime(errorText(error)), 'error');
    } finally {
      setBusyGame(null);
    }
  }

  return (
    <Panel title={FORM_SATTANAME_INFO} wide>
      {!ordered && <p>{LOADING}</p>}
      <Rows>
        {ordered?.map(({ name, time }) => {
          const justSaved = saved[name];
          const value = drafts[name] ?? (justSaved && justSaved.before === time ? justSaved.value : time) ?? '';
          return (
            <div key={name}>
              <GameRow onSubmit={(e) => void save(e, name, value)} noValidate>
                <Label>
                  {`${name} time`}
                  <Input
                    value={value}
                    placeholder={TIME_PLACEHOLDER}
                    onChange={(e) => setDrafts((d) => ({ ...d, [name]: e.target.value }))}
                    autoComplete="off"
                  />
                </Label>
                <Button $size="compact" type="submit" disabled={busyGame !== null} aria-label={`Update ${name} time`}>
                  {busyGame === name ? UPDATING : 'Update'}
                </Button>
              </GameRow>
              <StatusLine message={messageGame === name ? message : null} />
            </div>
          );
        })}
      </Rows>
    </Panel>
  );
}
