import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useLive } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { Button, StatusLine } from '@satta/shared/ui';
import { PENDING_PUSHES_LABEL, UNDO, pushIn, undoFailed, undoneRemoved, undoneRestored } from '../domain/adminMessages.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';

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

const NONE: readonly never[] = [];

/**
 * Today's published numbers whose push still waits for the undo window to end, read from what
 * the notify service recorded (notifyState/pending), so the countdown survives a reload. Undo
 * takes the number back; once the window is over the entry and its Undo are gone.
 */
export function PendingPushes({ dateKey }: { dateKey: string }) {
  const data = useAdminData();
  const pending$ = useMemo(() => data.pendingPushes$(dateKey), [data, dateKey]);
  const pendingData = useLive(pending$).data;
  const pending = pendingData ?? NONE;
  const [now, setNow] = useState(() => Date.now());
  const [busyGame, setBusyGame] = useState<string | null>(null);
  const { message, show } = useTimedMessage();
  const open = pending.filter((p) => p.sendAt > now);

  // A clock only while something counts down.
  const counting = open.length > 0;
  useEffect(() => {
    if (!counting) return;
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, [counting]);
  // New entries count from now (a stable value while loading: a fresh [] each render would loop).
  useEffect(() => setNow(Date.now()), [pendingData]);

  async function undo(game: string, number: string) {
    setBusyGame(game);
    try {
      const restored = await data.undoResult(game, dateKey);
      show(restored === null ? undoneRemoved(game, number) : undoneRestored(game, number, restored), 'success', MESSAGE_MS);
    } catch (error) {
      show(undoFailed(errorText(error)), 'error', MESSAGE_MS);
    } finally {
      setBusyGame(null);
    }
  }

  return (
    <>
      {open.length > 0 && (
        <List aria-label={PENDING_PUSHES_LABEL}>
          {open.map(({ game, number, sendAt }) => (
            <Item key={game}>
              <span>{pushIn(game, number, Math.max(1, Math.ceil((sendAt - now) / 1000)))}</span>
              <Button
                $size="compact"
                type="button"
                $variant="secondary"
                onClick={() => void undo(game, number)}
                disabled={busyGame !== null}
              >
                {UNDO}
              </Button>
            </Item>
          ))}
        </List>
      )}
      <StatusLine message={message} />
    </>
  );
}
