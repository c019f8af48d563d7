import { useEffect, useMemo, useState } from 'react';
import { useLive } from '@satta/shared/data';
import type { Khaiwal } from '@satta/shared/domain/agents';
import { AGENT_SAVE_ERROR_MS, MESSAGE_MS } from '@satta/shared/domain/constants';
import {
  CONFIRM_DELETE_KHAIWAL,
  ERROR_DELETING_KHAIWAL,
  ERROR_FETCHING_KHAIWALS,
  FORM_KHAIWALS,
  KHAIWAL_ADDED,
  KHAIWAL_DELETED,
  KHAIWAL_UPDATED,
  errorSavingKhaiwal,
} from '@satta/shared/domain/messages';
import { validateAgent } from '@satta/shared/domain/validation';
import { Panel, StatusLine } from '@satta/shared/ui';
import { emptyKhaiwalDraft, khaiwalDraft, type KhaiwalDraft } from '../domain/khaiwalDraft.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';
import { KhaiwalForm } from './KhaiwalForm.tsx';
import { KhaiwalList } from './KhaiwalList.tsx';

/** Add, edit and delete agents. Edit mode holds the record's id; Add mode holds null. */
export function KhaiwalManager() {
  const data = useAdminData();
  const khaiwals$ = useMemo(() => data.khaiwals$(), [data]);
  const live = useLive(khaiwals$);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState<KhaiwalDraft>(emptyKhaiwalDraft);
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  useEffect(() => {
    if (live.error) show(ERROR_FETCHING_KHAIWALS, 'error', MESSAGE_MS);
  }, [live.error, show]);

  function toAddMode() {
    setEditingId(null);
    setDraft(emptyKhaiwalDraft());
  }

  function edit(agent: Khaiwal) {
    setEditingId(agent.id);
    setDraft(khaiwalDraft(agent));
  }

  async function save() {
    const checked = validateAgent(draft);
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    setBusy(true);
    try {
      await data.saveKhaiwal(editingId, checked.value);
      show(editingId ? KHAIWAL_UPDATED : KHAIWAL_ADDED, 'success', MESSAGE_MS);
      toAddMode();
    } catch (error) {
      show(errorSavingKhaiwal(errorText(error)), 'error', AGENT_SAVE_ERROR_MS);
    } finally {
      setBusy(false);
    }
  }

  async function remove(agent: Khaiwal) {
    if (!window.confirm(CONFIRM_DELETE_KHAIWAL)) return;
    setBusy(true);
    try {
      await data.deleteKhaiwal(agent.id);
      if (editingId === agent.id) toAddMode();
      show(KHAIWAL_DELETED, 'success', MESSAGE_MS);
    } catch (error) {
      console.error('admin: could not delete khaiwal', agent.id, error);
      show(ERROR_DELETING_KHAIWAL, 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={FORM_KHAIWALS} wide>
      <KhaiwalForm draft={draft} editing={editingId} busy={busy} onChange={setDraft} onSubmit={() => void save()} onCancel={toAddMode} />
      <StatusLine message={message} />
      <KhaiwalList agents={live.data} busy={busy} onEdit={edit} onDelete={(agent) => void remove(agent)} />
    </Panel>
  );
}
