import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusKind as MessageKind, StatusMessage } from '@satta/shared/ui';

// The message shapes belong to the shared StatusLine that shows them.
export type { MessageKind, StatusMessage };

export interface TimedMessage {
  message: StatusMessage | null;
  /** Shows a message; it clears itself after `ms`, or stays until replaced when `ms` is null. */
  show(text: string, kind: MessageKind, ms: number | null): void;
}

/**
 * One status line of a form. A new message restarts the clock, so a quick second save never
 * has its message cut short by the first one's timer.
 */
export function useTimedMessage(): TimedMessage {
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((text: string, kind: MessageKind, ms: number | null) => {
    clearTimeout(timer.current);
    setMessage({ text, kind });
    timer.current = ms === null ? undefined : setTimeout(() => setMessage(null), ms);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show };
}
