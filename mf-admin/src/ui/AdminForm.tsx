import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { UPDATING } from '@satta/shared/domain/messages';
import type { Validation } from '@satta/shared/domain/validation';
import { Button, Form, Panel, StatusLine } from '@satta/shared/ui';
import { errorText } from '../domain/errorText.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { LoadingFields } from './LoadingFields.tsx';

export interface AdminFormProps<T> {
  title: string;
  /** The submit button's words; 'Updating...' while the write is on its way. */
  submitLabel: string;
  /** The fields as the value to write, or the error the status line shows instead. */
  check: () => Validation<T>;
  /** The write. */
  save: (value: T) => Promise<unknown>;
  /** What the status line says once the write is done. */
  saved: string | ((value: T) => string);
  /** After the write is done (a draft goes back to the stored record, fields are emptied). */
  onSaved?: () => void;
  /**
   * While the record the fields edit has not arrived: the fields and the button are shut and the
   * form is busy, so nothing typed on empty fields can save over the record. Absent for a form
   * that edits no stored record.
   */
  loading?: boolean;
  /** The button stays shut (a required field is empty). */
  incomplete?: boolean;
  children: ReactNode;
  /** What the panel shows below the form and its status line (a list of what is stored). */
  after?: ReactNode;
}

/**
 * The skeleton of the dashboard's record forms: a panel with the form, its fields, a submit button
 * and a status line. On submit the fields are checked (an error is said, nothing written), the
 * write runs with the button shut, and the line says how it went: done, refused (errorText), or,
 * for a write the server has not acknowledged in time, where it stands until it settles
 * (useWriteMessage).
 */
export function AdminForm<T>({ title, submitLabel, check, save, saved, onSaved, loading, incomplete, children, after }: AdminFormProps<T>) {
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check();
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    setBusy(true);
    try {
      await save(checked.value);
      onSaved?.();
      show(typeof saved === 'string' ? saved : saved(checked.value), 'success', MESSAGE_MS);
    } catch (error) {
      if (error instanceof WritePendingError) return pending(error);
      show(errorText(error), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  const button = (
    <Button $size="compact" type="submit" disabled={loading === true || busy || incomplete === true}>
      {busy ? UPDATING : submitLabel}
    </Button>
  );
  return (
    <Panel title={title}>
      <Form onSubmit={submit} noValidate aria-busy={loading}>
        {loading === undefined ? (
          <>
            {children}
            {button}
          </>
        ) : (
          <LoadingFields disabled={loading}>
            {children}
            {button}
          </LoadingFields>
        )}
      </Form>
      <StatusLine message={message} />
      {after}
    </Panel>
  );
}
