import { useMemo, useState } from 'react';
import { useLive, MAX_UNDO_WINDOW_SEC } from '@satta/shared/data';
import type { Validation } from '@satta/shared/domain/validation';
import { Input, Label } from '@satta/shared/ui';
import { SAVE_UNDO_WINDOW, UNDO_WINDOW_ERROR, UNDO_WINDOW_LABEL, UNDO_WINDOW_TITLE, undoWindowSaved } from '../domain/adminMessages.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { AdminForm } from '../ui/AdminForm.tsx';

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

  function check(): Validation<number> {
    const seconds = parseUndoWindowInput(draft ?? String(stored ?? ''));
    return seconds === null ? { ok: false, error: UNDO_WINDOW_ERROR } : { ok: true, value: seconds };
  }

  return (
    <AdminForm
      title={UNDO_WINDOW_TITLE}
      submitLabel={SAVE_UNDO_WINDOW}
      check={check}
      save={(seconds) => data.setUndoWindow(seconds)}
      saved={undoWindowSaved}
      onSaved={() => setDraft(null)}
    >
      <Label>
        {UNDO_WINDOW_LABEL}
        <Input
          value={draft ?? (stored === undefined ? '' : String(stored))}
          onChange={(e) => setDraft(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
        />
      </Label>
    </AdminForm>
  );
}
