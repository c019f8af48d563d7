import { useMemo } from 'react';
import { useLive } from '@satta/shared/data';
import { FORM_MAIN_INFO, LOADING, MAIN_INFO_UPDATED } from '@satta/shared/domain/messages';
import { Input, Label, Row, TextArea } from '@satta/shared/ui';
import { AdminForm } from '../ui/AdminForm.tsx';
import { checkMainInfo, mainInfoDraft, type MainInfoDraft } from '../domain/mainInfoDraft.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useDraft } from '../hooks/useDraft.ts';

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
  const set = (key: keyof MainInfoDraft) => (value: string) => edit({ ...draft, [key]: value });
  const incomplete = draft.name.trim() === '' || draft.phnnumber.trim() === '';

  return (
    <AdminForm
      title={FORM_MAIN_INFO}
      submitLabel={loading ? LOADING : FORM_MAIN_INFO}
      check={() => checkMainInfo(draft)}
      save={(value) => data.setMainInfo(value)}
      saved={MAIN_INFO_UPDATED}
      onSaved={reset}
      loading={loading}
      incomplete={incomplete}
    >
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
    </AdminForm>
  );
}
