import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { SAVING } from '@satta/shared/domain/messages';
import { Button, colors, Label, Panel, RecordTable, Row, StatusLine, TextArea } from '@satta/shared/ui';
import {
  CHECK_ROWS,
  CHECKING_PUBLISHED,
  IMPORT_HELP,
  IMPORT_NOTHING_VALID,
  IMPORT_TITLE,
  confirmImport,
  importDone,
  importFailed,
  importReplaces,
  importSummary,
  publishedCheckFailed,
} from '../domain/adminMessages.ts';
import { replaceQuestion, replacements } from '../domain/importReplacements.ts';
import { resultKey } from '@satta/shared/domain/results';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import { errorText } from '../domain/errorText.ts';
import { checkResultsCsv, type CheckedLine, type ImportRow } from '../domain/resultsCsv.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useGameNames } from '../hooks/useGameNames.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';

// Columns line up in a monospace face, which makes a pasted CSV easier to proofread.
const CsvInput = styled(TextArea)`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 0.9rem;
`;

const Preview = styled(RecordTable)`
  max-height: 360px;
  margin-top: 8px;
  tr[data-ok='false'] td,
  tr[data-replaces] td {
    color: ${colors.danger};
    font-weight: 600;
  }
`;

/**
 * Historical results pasted as CSV. Step one checks every line and shows the verdicts, marking
 * each row that would replace a published number (old -> new); only the admin's confirmation
 * writes, after the same question as the single-number forms for those rows, and then every
 * valid row in one atomic update, so an import is never half done.
 */
export function BulkImport() {
  const data = useAdminData();
  const games = useGameNames();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<CheckedLine[] | null>(null);
  // The numbers published now for the checked rows (null while they are read).
  const [published, setPublished] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();
  const rows = useMemo(() => (checked ?? []).flatMap((c): ImportRow[] => (c.ok ? [c.row] : [])), [checked]);
  const rejected = (checked?.length ?? 0) - rows.length;

  const replacing = useMemo(() => (published === null ? [] : replacements(rows, published)), [rows, published]);

  function edit(next: string) {
    setText(next);
    // A preview describes the text it was made from; an edit needs a new check.
    setChecked(null);
    setPublished(null);
  }

  async function check() {
    const lines = checkResultsCsv(text, { todayKey: data.todayKey(), games });
    setChecked(lines);
    setPublished(null);
    const valid = lines.flatMap((c): ImportRow[] => (c.ok ? [c.row] : []));
    if (valid.length === 0) return setPublished({});
    setBusy(true);
    try {
      setPublished(await data.publishedNumbers(valid));
    } catch (error) {
      setChecked(null);
      show(publishedCheckFailed(errorText(error)), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  async function write() {
    if (rows.length === 0) return show(IMPORT_NOTHING_VALID, 'error', MESSAGE_MS);
    if (replacing.length > 0 && !window.confirm(replaceQuestion(replacing))) return;
    setBusy(true);
    try {
      const written = await data.importResults(rows);
      setText('');
      setChecked(null);
      setPublished(null);
      show(importDone(written), 'success', MESSAGE_MS);
    } catch (error) {
      // Not acknowledged in time: not a failure; the list of pending changes has it.
      if (error instanceof WritePendingError) return pending(error);
      show(importFailed(errorText(error)), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={IMPORT_TITLE} wide>
      <Label>
        CSV rows (date,game,number)
        <CsvInput value={text} onChange={(e) => edit(e.target.value)} rows={8} spellCheck={false} placeholder="date,game,number" />
      </Label>
      <p>{IMPORT_HELP}</p>
      <Row>
        <Button $size="compact" type="button" $variant="secondary" disabled={busy || text.trim() === ''} onClick={() => void check()}>
          {CHECK_ROWS}
        </Button>
        {checked && published && (
          <Button $size="compact" type="button" disabled={busy || rows.length === 0} onClick={() => void write()}>
            {busy ? SAVING : confirmImport(rows.length)}
          </Button>
        )}
      </Row>
      {checked && !published && <p role="status">{CHECKING_PUBLISHED}</p>}
      {checked && published && (
        <>
          <p role="status">{importSummary(rows.length, rejected, replacing.length)}</p>
          <Preview>
            <table aria-label="Import preview">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Date</th>
                  <th scope="col">Game</th>
                  <th scope="col">Number</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {checked.map((c) => {
                  if (!c.ok) {
                    return (
                      <tr key={c.line} data-ok="false">
                        <td>{c.line}</td>
                        <td colSpan={3}>{c.text}</td>
                        <td>{`Rejected: ${c.error}`}</td>
                      </tr>
                    );
                  }
                  const old = published[resultKey(c.row)];
                  const replaces = old !== undefined && old !== c.row.number;
                  return (
                    <tr key={c.line} data-ok="true" data-replaces={replaces ? old : undefined}>
                      <td>{c.line}</td>
                      <td>{formatDisplayDate(c.row.date)}</td>
                      <td>{c.row.game}</td>
                      <td>{c.row.number}</td>
                      <td>{replaces ? importReplaces(old, c.row.number) : 'OK'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Preview>
        </>
      )}
      <StatusLine message={message} />
    </Panel>
  );
}
