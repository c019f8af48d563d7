import { useCallback, useRef } from 'react';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { writeStatusText, type PendingWrite, type WritePendingError } from './pendingWrites.ts';
import { useTimedMessage, type MessageKind, type StatusMessage } from './useTimedMessage.ts';

const settledKind = (write: PendingWrite): MessageKind =>
  write.state === 'confirmed' ? 'success' : write.state === 'failed' ? 'error' : 'info';

/**
 * A form's status line that also follows a write the server has not acknowledged in time:
 * `pending` says where it stands (worded by `word`, e.g. naming the game) until it settles (no
 * timer: it stays true until then), then how it ended, for 3 s, unless the form has said
 * something else since.
 */
export function useWriteMessage(): {
  message: StatusMessage | null;
  show(text: string, kind: MessageKind, ms: number | null): void;
  pending(error: WritePendingError, word?: (text: string) => string): void;
} {
  const { message, show: showNow } = useTimedMessage();
  const said = useRef(0);

  const show = useCallback(
    (text: string, kind: MessageKind, ms: number | null) => {
      said.current += 1;
      showNow(text, kind, ms);
    },
    [showNow],
  );

  const pending = useCallback(
    (error: WritePendingError, word: (text: string) => string = (text) => text) => {
      // Not sent is a problem the admin must see; sent and waiting for the answer is not.
      show(word(error.message), error.write.state === 'sending' ? 'info' : 'error', null);
      const mine = said.current;
      void error.settled.then((write) => {
        // The write's label names what it was (the game too).
        if (said.current === mine) show(writeStatusText(write, true), settledKind(write), MESSAGE_MS);
      });
    },
    [show],
  );

  return { message, show, pending };
}
