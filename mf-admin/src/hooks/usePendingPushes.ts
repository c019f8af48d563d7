import { useEffect, useMemo, useState } from 'react';
import { useLive, type PendingPush } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { undoFailed, undoneRemoved, undoneRestored } from '../domain/adminMessages.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from './adminData.ts';
import { useTimedMessage, type StatusMessage } from './useTimedMessage.ts';

const NONE: readonly never[] = [];

/**
 * `dateKey`'s published numbers whose push still waits for the undo window to end, read from
 * what the notify service recorded (notifyState/pending), so the countdown survives a reload;
 * `now` ticks every second while one counts down. An entry whose window is over is left out.
 */
export function usePendingPushes(dateKey: string): { open: readonly PendingPush[]; now: number } {
  const data = useAdminData();
  const pending$ = useMemo(() => data.pendingPushes$(dateKey), [data, dateKey]);
  const pendingData = useLive(pending$).data;
  const pending = pendingData ?? NONE;
  const [now, setNow] = useState(() => Date.now());
  const open = useMemo(() => pending.filter((p) => p.sendAt > now), [pending, now]);

  // A clock only while something counts down.
  const counting = open.length > 0;
  useEffect(() => {
    if (!counting) return;
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, [counting]);
  // New entries count from now (a stable value while loading: a fresh [] each render would loop).
  useEffect(() => setNow(Date.now()), [pendingData]);
  return { open, now };
}

/** Undo of a number in its undo window, with its own message: which number is back, or why not. */
export function useUndoPush(dateKey: string): {
  undo(game: string, number: string): Promise<void>;
  busyGame: string | null;
  message: StatusMessage | null;
} {
  const data = useAdminData();
  const [busyGame, setBusyGame] = useState<string | null>(null);
  const { message, show } = useTimedMessage();

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

  return { undo, busyGame, message };
}
