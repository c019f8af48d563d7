import { useMemo, useState, type FormEvent } from 'react';
import { useLive, MAX_UNDO_WINDOW_SEC } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { UPDATING } from '@satta/shared/domain/messages';
import { Button, Form, Input, Label, Panel, StatusLine } from '@satta/shared/ui';
import { SAVE_UNDO_WINDOW, UNDO_WINDOW_ERROR, UNDO_WINDOW_LABEL, UNDO_WINDOW_TITLE, undoWindowSaved } from '../domain/adminMessages.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';

/** A whole number of seconds from 0 to 600, as typed; null otherwise. */
export function parseUndoWindowInput(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const seconds = Number(text.trim());
  return seconds <= MAX_UNDO_WINDOW_SEC ? seconds : null;
}

/**
 * How long the notify service holds a published number's push, during which Undo takes the
 * number back (notifyState/undoWindowSec; 30 s until set, 0 = push at once).
 */
export function UndoWindowForm() {
  const data = useAdminData();
  const window$ = useMemo(() => data.undoWindow$(), [data]);
  const stored = useLive(window$).data;
  // The admin's typing; null shows the stored value.
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const seconds = parseUndoWindowInput(draft ?? String(stored ?? ''));
    if (seconds === null) return show(UNDO_WINDOW_ERROR, 'error', MESSAGE_MS);
    setBusy(true);
    try {
      await data.setUndoWindow(seconds);
      setDraft(null);
      show(undoWindowSaved(seconds), 'success', MESSAGE_MS);
    } catch (error) {
      if (error instanceof WritePendingError) return pending(error);
      show(errorText(error), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={UNDO_WINDOW_TITLE}>
      <Form onSubmit={submit} noValidate>
        <Label>
          {UNDO_WINDOW_LABEL}
          <Input
            value={draft ?? (stored === undefined ? '' : String(stored))}
            onChange={(e) => setDraft(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
          />
        </Label>
        <Button $size="compact" type="submit" disabled={busy}>
          {busy ? UPDATING : SAVE_UNDO_WINDOW}
        </Button>
      </Form>
      <StatusLine message={message} />
    </Panel>
  );
}
