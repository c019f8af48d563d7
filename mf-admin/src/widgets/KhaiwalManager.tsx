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
import { DONE_DELETED, writeLabelKhaiwal } from '../domain/adminMessages.ts';
import { emptyKhaiwalDraft, khaiwalDraft, type KhaiwalDraft } from '../domain/khaiwalDraft.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminWrites } from '../hooks/adminData.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { KhaiwalForm } from './KhaiwalForm.tsx';
import { KhaiwalList } from './KhaiwalList.tsx';

/** Add, edit and delete agents. Edit mode holds the record's id; Add mode holds null. */
export function KhaiwalManager() {
  const { data, writes, direct } = useAdminWrites();
  const khaiwals$ = useMemo(() => data.khaiwals$(), [data]);
  const live = useLive(khaiwals$);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState<KhaiwalDraft>(emptyKhaiwalDraft);
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();

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
      // Not acknowledged in time: the list of pending changes has it now, and the form is free.
      if (error instanceof WritePendingError) {
        pending(error);
        toAddMode();
        return;
      }
      show(errorSavingKhaiwal(errorText(error)), 'error', AGENT_SAVE_ERROR_MS);
    } finally {
      setBusy(false);
    }
  }

  async function remove(agent: Khaiwal) {
    if (!window.confirm(CONFIRM_DELETE_KHAIWAL)) return;
    setBusy(true);
    try {
      // Through the queue under the agent's name (the command knows only the id).
      await writes.submit({ label: writeLabelKhaiwal(agent.name), done: DONE_DELETED }, () => direct.deleteKhaiwal(agent.id));
      if (editingId === agent.id) toAddMode();
      show(KHAIWAL_DELETED, 'success', MESSAGE_MS);
    } catch (error) {
      if (error instanceof WritePendingError) {
        if (editingId === agent.id) toAddMode();
        pending(error);
        return;
      }
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
