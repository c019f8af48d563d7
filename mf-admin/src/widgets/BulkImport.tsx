import { useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { SAVING } from '@satta/shared/domain/messages';
import { ImportChangedError } from '@satta/shared/data';
import { Button, colors, Input, Label, Panel, RecordTable, Row, StatusLine, TextArea } from '@satta/shared/ui';
import {
  CHECK_ROWS,
  CHECKING_PUBLISHED,
  IMPORT_FILE_HELP,
  IMPORT_FILE_LABEL,
  IMPORT_HELP,
  IMPORT_NOTHING_VALID,
  IMPORT_PROGRESS_LABEL,
  IMPORT_RESUME,
  IMPORT_TITLE,
  confirmImport,
  importChanged,
  importCounts,
  importDone,
  importFailed,
  importFilesChosen,
  importInterrupted,
  importMoreReplaced,
  importPreviewShown,
  importProgress,
  importReplaces,
  importStalled,
  importStopped,
  importSummary,
  publishedCheckFailed,
} from '../domain/adminMessages.ts';
import { chunksOf, writeChunks, type ImportProgress } from '../domain/importChunks.ts';
import { replaceQuestion, replacements } from '../domain/importReplacements.ts';
import { resultKey } from '@satta/shared/domain/results';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import { errorText } from '../domain/errorText.ts';
import { checkResultsCsv, type CheckedLine, type ImportRow } from '../domain/resultsCsv.ts';
import { useAdminWrites } from '../hooks/adminData.ts';
import { useGameNames } from '../hooks/useGameNames.ts';
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

/** Lines the preview lists at most: a 219,000-row history is counted, and its problems listed. */
const PREVIEW_LINES = 200;
/** Replacements the confirmation names one by one; the rest are counted. */
const REPLACE_LINES = 20;

interface Chosen {
  name: string;
  text: string;
  bytes: number;
}

/** A run of the import: its parts, the replacements confirmed, where it stands, how it stopped. */
interface Run {
  parts: ImportRow[][];
  replaces: Record<string, string>;
  progress: ImportProgress;
  total: number;
  started: number;
  /** Parts sent and not answered when it stopped: a resume waits for them to settle first. */
  unsettled?: Promise<unknown>[];
  /** When it finished: the time shown stays the time it took. */
  finished?: number;
  state: 'writing' | 'stopped' | 'done';
}

/**
 * Historical results pasted or chosen as files (any layout resultsCsv.ts reads). Step one checks
 * every line, counts new, unchanged and replaced rows, and lists the rows that need a look
 * (marking each that would replace a published number, old -> new); only the admin's
 * confirmation writes, after the same question as the single-number forms for those rows. The
 * rows are written in parts (importChunks.ts), each one atomic update with its audit entry, with
 * a progress bar; a dropped connection or a failure stops the run and offers Resume, which goes
 * on from the first part not confirmed, every part compared with what is stored before it is
 * written, so nothing is written twice and no published number is replaced unconfirmed.
 */
export function BulkImport() {
  const { direct } = useAdminWrites();
  const data = direct;
  const games = useGameNames();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Chosen[]>([]);
  const [checked, setChecked] = useState<CheckedLine[] | null>(null);
  // The numbers published now for the checked rows (null while they are read).
  const [published, setPublished] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { message, show } = useWriteMessage();
  const rows = useMemo(() => (checked ?? []).flatMap((c): ImportRow[] => (c.ok ? [c.row] : [])), [checked]);
  const rejected = (checked?.length ?? 0) - rows.length;

  const replacing = useMemo(() => (published === null ? [] : replacements(rows, published)), [rows, published]);
  const unchanged = useMemo(
    () => (published === null ? 0 : rows.filter((row) => published[resultKey(row)] === row.number).length),
    [rows, published],
  );
  // A long file is counted; the table lists what needs a look first (rejected, replacing).
  const shown = useMemo(() => {
    const lines = checked ?? [];
    if (lines.length <= PREVIEW_LINES || published === null) return lines;
    const attention = lines.filter((c) => !c.ok || (published[resultKey(c.row)] ?? c.row.number) !== c.row.number);
    return [...attention, ...lines.filter((c) => c.ok && (published[resultKey(c.row)] ?? c.row.number) === c.row.number)].slice(
      0,
      PREVIEW_LINES,
    );
  }, [checked, published]);

  function reset() {
    // A preview describes the text it was made from; an edit needs a new check.
    setChecked(null);
    setPublished(null);
    setRun(null);
  }

  function edit(next: string) {
    setText(next);
    if (files.length > 0) {
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    }
    reset();
  }

  async function choose(list: FileList | null) {
    const chosen = await Promise.all(
      [...(list ?? [])].map(async (file) => ({ name: file.name, text: await file.text(), bytes: file.size })),
    );
    setFiles(chosen);
    setText('');
    reset();
  }

  async function check() {
    const context = { todayKey: data.todayKey(), games };
    const lines =
      files.length === 0
        ? checkResultsCsv(text, context)
        : files.flatMap((file) =>
            checkResultsCsv(file.text, { ...context, fileName: file.name }).map((c) =>
              files.length > 1 ? { ...c, text: `${file.name}: ${c.text}` } : c,
            ),
          );
    setChecked(lines);
    setPublished(null);
    setRun(null);
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

  async function go(from: Run) {
    setBusy(true);
    setRun({ ...from, state: 'writing' });
    show('', 'info', 0);
    const { progress, outcome, unsettled } = await writeChunks({
      unsettled: from.unsettled ?? [],
      parts: from.parts,
      progress: from.progress,
      replaces: from.replaces,
      connected$: data.adminConnected$,
      write: (chunk) => data.importChunk(chunk),
      onProgress: (next) => setRun((r) => (r ? { ...r, progress: next } : r)),
    });
    setBusy(false);
    if (outcome.kind === 'done') {
      setRun({ ...from, progress, state: 'done', finished: Date.now() });
      setText('');
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
      setChecked(null);
      setPublished(null);
      return show(importDone(from.total), 'success', MESSAGE_MS);
    }
    setRun({ ...from, progress, unsettled, state: 'stopped' });
    if (outcome.kind === 'offline') return show(importInterrupted(progress.done, from.total), 'error', null);
    if (outcome.kind === 'stalled') return show(importStalled(progress.done, from.total), 'error', null);
    const error = outcome.error;
    const words = error instanceof ImportChangedError ? importChanged(error.game, error.date, error.now) : errorText(error);
    show(
      from.parts.length === 1 ? importFailed(words) : importStopped(progress.done, from.total, words),
      'error',
      from.parts.length === 1 ? MESSAGE_MS : null,
    );
  }

  async function write() {
    if (rows.length === 0) return show(IMPORT_NOTHING_VALID, 'error', MESSAGE_MS);
    if (
      replacing.length > 0 &&
      !window.confirm(replaceQuestion(replacing.slice(0, REPLACE_LINES)) + importMoreReplaced(replacing.length - REPLACE_LINES))
    )
      return;
    const replaces = Object.fromEntries(replacing.map(({ row, old }) => [resultKey(row), old]));
    const parts = chunksOf(rows);
    await go({
      parts,
      replaces,
      total: rows.length,
      started: Date.now(),
      progress: { next: 0, done: 0, written: 0, unchanged: 0 },
      state: 'writing',
    });
  }

  const writing = run?.state === 'writing';
  const seconds = run?.finished === undefined ? 0 : Math.max(0, Math.round((run.finished - run.started) / 1000));

  return (
    <Panel title={IMPORT_TITLE} wide>
      <Label>
        CSV rows (date,game,number)
        <CsvInput
          value={text}
          onChange={(e) => edit(e.target.value)}
          rows={8}
          spellCheck={false}
          placeholder="date,game,number"
          disabled={writing}
        />
      </Label>
      <p>{IMPORT_HELP}</p>
      <Label>
        {IMPORT_FILE_LABEL}
        <Input
          ref={fileInput}
          type="file"
          multiple
          accept=".csv,.txt,text/csv,text/plain"
          disabled={writing}
          onChange={(e) => void choose(e.target.files)}
        />
      </Label>
      <p>{IMPORT_FILE_HELP}</p>
      {files.length > 0 && (
        <p>
          {importFilesChosen(
            files.map((f) => f.name),
            files.reduce((sum, f) => sum + f.bytes, 0),
          )}
        </p>
      )}
      <Row>
        <Button
          $size="compact"
          type="button"
          $variant="secondary"
          disabled={busy || (text.trim() === '' && files.length === 0)}
          onClick={() => void check()}
        >
          {CHECK_ROWS}
        </Button>
        {checked && published && run?.state !== 'stopped' && (
          <Button $size="compact" type="button" disabled={busy || rows.length === 0} onClick={() => void write()}>
            {busy ? SAVING : confirmImport(rows.length)}
          </Button>
        )}
        {run?.state === 'stopped' && (
          <Button $size="compact" type="button" disabled={busy} onClick={() => void go(run)}>
            {IMPORT_RESUME}
          </Button>
        )}
      </Row>
      {run && run.parts.length > 1 && (
        <>
          <progress max={run.total} value={run.progress.done} aria-label={IMPORT_PROGRESS_LABEL} style={{ width: '100%' }} />
          <p role="status" data-import-progress>
            {importProgress(run.progress.done, run.total)}
            {run.state === 'done' ? ` (${seconds} s)` : ''}
          </p>
        </>
      )}
      {checked && !published && <p role="status">{CHECKING_PUBLISHED}</p>}
      {checked && published && (
        <>
          <p role="status">{importSummary(rows.length, rejected, replacing.length)}</p>
          <p>{importCounts(rows.length - unchanged - replacing.length, unchanged, replacing.length)}</p>
          {shown.length < checked.length && <p>{importPreviewShown(shown.length, checked.length)}</p>}
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
                {shown.map((c, i) => {
                  if (!c.ok) {
                    return (
                      <tr key={i} data-ok="false">
                        <td>{c.line}</td>
                        <td colSpan={3}>{c.text}</td>
                        <td>{`Rejected: ${c.error}`}</td>
                      </tr>
                    );
                  }
                  const old = published[resultKey(c.row)];
                  const replaces = old !== undefined && old !== c.row.number;
                  return (
                    <tr key={i} data-ok="true" data-replaces={replaces ? old : undefined}>
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
