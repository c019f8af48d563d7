import styled from 'styled-components';
import { Button, StatusLine } from '@satta/shared/ui';
import { PENDING_PUSHES_LABEL, UNDO, pushIn } from '../domain/adminMessages.ts';
import { secondsLeftOf } from '../domain/countdown.ts';
import { usePendingPushes, useUndoPush } from '../hooks/usePendingPushes.ts';

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

/**
 * Today's published numbers whose push still waits for the undo window to end, read from what
 * the notify service recorded (notifyState/pending), so the countdown survives a reload. Undo
 * takes the number back; once the window is over the entry and its Undo are gone.
 */
export function PendingPushes({ dateKey }: { dateKey: string }) {
  const { open, now } = usePendingPushes(dateKey);
  const { undo, busyGame, message } = useUndoPush(dateKey);

  return (
    <>
      {open.length > 0 && (
        <List aria-label={PENDING_PUSHES_LABEL}>
          {open.map(({ game, number, sendAt }) => (
            <Item key={game}>
              <span>{pushIn(game, number, secondsLeftOf(sendAt, now))}</span>
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
