import { useEffect, useRef, type FormEvent } from 'react';
import { SAVING } from '@satta/shared/domain/messages';
import { Button, Form, Input, Label, Row } from '@satta/shared/ui';
import { ADD_KHAIWAL, CANCEL_EDIT, UPDATE_KHAIWAL } from '../domain/adminMessages.ts';
import type { KhaiwalDraft } from '../domain/khaiwalDraft.ts';
import { TimingsEditor } from './TimingsEditor.tsx';

type TextField = 'name' | 'phone' | 'phone2' | 'wa' | 'site' | 'payment';

const FIELDS: { key: TextField; label: string; type: string; required: boolean }[] = [
  { key: 'name', label: 'Name', type: 'text', required: true },
  { key: 'phone', label: 'Phone', type: 'tel', required: true },
  { key: 'phone2', label: 'Phone 2 (optional)', type: 'tel', required: false },
  { key: 'wa', label: 'WhatsApp number', type: 'tel', required: true },
  { key: 'site', label: 'Website URL', type: 'url', required: true },
  { key: 'payment', label: 'Payment', type: 'text', required: true },
];

/** The khaiwal record's fields; Add or Edit mode is the manager's state, not this form's. */
export function KhaiwalForm({
  draft,
  editing,
  busy,
  onChange,
  onSubmit,
  onCancel,
}: {
  draft: KhaiwalDraft;
  /** The id of the agent being edited, or null in Add mode. */
  editing: string | null;
  busy: boolean;
  onChange(next: KhaiwalDraft): void;
  onSubmit(): void;
  onCancel(): void;
}) {
  const first = useRef<HTMLInputElement>(null);
  // Edit is pressed in the list below the form: bring the loaded record to the admin's hands.
  useEffect(() => {
    if (editing === null) return;
    first.current?.focus();
    first.current?.scrollIntoView?.({ block: 'center' });
  }, [editing]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Form onSubmit={submit} noValidate>
      <Row>
        {FIELDS.map(({ key, label, type, required }) => (
          <Label key={key}>
            {label}
            <Input
              ref={key === 'name' ? first : undefined}
              type={type}
              value={draft[key]}
              required={required}
              onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
            />
          </Label>
        ))}
      </Row>
      <TimingsEditor timings={draft.customTimings} onChange={(customTimings) => onChange({ ...draft, customTimings })} />
      <Row>
        <Label>
          Jodi rate
          <Input
            value={draft.customRates.jodi}
            onChange={(e) => onChange({ ...draft, customRates: { ...draft.customRates, jodi: e.target.value } })}
          />
        </Label>
        <Label>
          Haruf rate
          <Input
            value={draft.customRates.haruf}
            onChange={(e) => onChange({ ...draft, customRates: { ...draft.customRates, haruf: e.target.value } })}
          />
        </Label>
      </Row>
      <Row>
        <Button $size="compact" type="submit" disabled={busy}>
          {busy ? SAVING : editing !== null ? UPDATE_KHAIWAL : ADD_KHAIWAL}
        </Button>
        {editing !== null && (
          <Button $size="compact" type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
            {CANCEL_EDIT}
          </Button>
        )}
      </Row>
    </Form>
  );
}
