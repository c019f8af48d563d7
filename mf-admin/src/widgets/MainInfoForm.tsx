import { useMemo, useState, type FormEvent } from 'react';
import { useLive } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { FORM_MAIN_INFO, LOADING, MAIN_INFO_UPDATED, UPDATING } from '@satta/shared/domain/messages';
import { Button, Form, Input, Label, Panel, Row, StatusLine, TextArea } from '@satta/shared/ui';
import { LoadingFields } from '../ui/LoadingFields.tsx';
import { checkMainInfo, mainInfoDraft, type MainInfoDraft } from '../domain/mainInfoDraft.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useDraft } from '../hooks/useDraft.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';

/** The `mian` record: contact name and number, plus the banner, notice and channel link the home page shows. */
export function MainInfoForm() {
  const data = useAdminData();
  const info$ = useMemo(() => data.mainInfo$(), [data]);
  const live = useLive(info$);
  const info = live.data;
  // Until the record arrives the fields stay shut: a draft begun on empty fields would keep
  // them empty (the name and phone, so the button never opens) or save them over the record.
  const loading = info === undefined && live.stale && !live.error;
  const source = useMemo(() => mainInfoDraft(info), [info]);
  const [draft, edit, reset] = useDraft(source);
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();
  const set = (key: keyof MainInfoDraft) => (value: string) => edit({ ...draft, [key]: value });
  const incomplete = draft.name.trim() === '' || draft.phnnumber.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkMainInfo(draft);
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    setBusy(true);
    try {
      await data.setMainInfo(checked.value);
      reset();
      show(MAIN_INFO_UPDATED, 'success', MESSAGE_MS);
    } catch (error) {
      if (error instanceof WritePendingError) return pending(error);
      show(errorText(error), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={FORM_MAIN_INFO}>
      <Form onSubmit={submit} noValidate aria-busy={loading}>
        <LoadingFields disabled={loading}>
          <Row>
            <Label>
              Name
              <Input value={draft.name} onChange={(e) => set('name')(e.target.value)} required />
            </Label>
            <Label>
              Phone number
              <Input type="tel" value={draft.phnnumber} onChange={(e) => set('phnnumber')(e.target.value)} required />
            </Label>
          </Row>
          <Row>
            <Label>
              Email
              <Input type="email" value={draft.email} onChange={(e) => set('email')(e.target.value)} />
            </Label>
            <Label>
              Channel link
              <Input type="url" value={draft.channel} onChange={(e) => set('channel')(e.target.value)} placeholder="https://" />
            </Label>
          </Row>
          <Label>
            Banner text
            <TextArea value={draft.banner} onChange={(e) => set('banner')(e.target.value)} rows={2} />
          </Label>
          <Label>
            Notice text
            <TextArea value={draft.notice} onChange={(e) => set('notice')(e.target.value)} rows={2} />
          </Label>
          <Button $size="compact" type="submit" disabled={loading || busy || incomplete}>
            {loading ? LOADING : busy ? UPDATING : FORM_MAIN_INFO}
          </Button>
        </LoadingFields>
      </Form>
      <StatusLine message={message} />
    </Panel>
  );
}
