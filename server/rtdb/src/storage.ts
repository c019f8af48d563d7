/**
 * Durable storage of one namespace: a snapshot plus an append-only log of the writes after it.
 *
 * - A write is acknowledged only after its log line is fsynced. Lines arriving while an fsync runs are
 *   written together and share the next fsync (group commit).
 * - Compaction writes the whole tree to a temporary file, fsyncs it, renames it over the snapshot and
 *   fsyncs the directory; only then is the log emptied. Log lines already covered by the snapshot carry
 *   sequence numbers at or below the snapshot's and are skipped on load, so a crash at any step is safe.
 * - On load, only the very last log record may be torn (a crash mid-append: it was never acknowledged);
 *   anything else that does not parse stops the server, and no file is ever rewritten before a new
 *   valid snapshot exists.
 */
import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export const SNAPSHOT_FILE = 'snapshot.json';
export const LOG_FILE = 'log.jsonl';
const SNAPSHOT_FORMAT = 'rtdb-snapshot/1';

/** A data file that cannot be trusted: the server refuses to start and leaves the file as it is. */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    // One printable line: parser messages quote the broken bytes, which may be control characters.
    super(`data file ${file} ${detail.replace(/[\u0000-\u001f\u007f]/g, '?')}; it was left untouched`);
  }
}

export interface LogRecord {
  /** Sequence number: one per write, increasing by one. */
  s: number;
  /** p = set, m = update (multi-path merge). */
  o: 'p' | 'm';
  p: string;
  d: unknown;
}

export interface StoredState {
  seq: number;
  /** The snapshot's tree in export JSON (null when there is none). */
  data: unknown;
  /** Log records after the snapshot, in order. */
  records: LogRecord[];
  /** True when the log ends in a torn record: new writes must not follow it, so a fresh snapshot replaces the log first. */
  needsCompaction: boolean;
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new DataFileError(file, `cannot be read (${code ?? (err as Error).message})`);
  }
}

function parseSnapshot(file: string, buf: Buffer): { seq: number; data: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(buf.toString('utf8'));
  } catch (err) {
    throw new DataFileError(file, `is corrupt (${(err as Error).message})`);
  }
  const snap = parsed as { format?: unknown; seq?: unknown; data?: unknown } | null;
  if (snap === null || typeof snap !== 'object' || snap.format !== SNAPSHOT_FORMAT || !Number.isSafeInteger(snap.seq) || !('data' in snap)) {
    throw new DataFileError(file, 'is corrupt (not an rtdb snapshot)');
  }
  return { seq: snap.seq as number, data: snap.data };
}

function asRecord(value: unknown): LogRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const r = value as Partial<LogRecord>;
  if (!Number.isSafeInteger(r.s) || (r.o !== 'p' && r.o !== 'm') || typeof r.p !== 'string' || !('d' in r)) return null;
  if (r.o === 'm' && (r.d === null || typeof r.d !== 'object')) return null;
  return r as LogRecord;
}

function parseLog(file: string, buf: Buffer, afterSeq: number): { records: LogRecord[]; torn: boolean } {
  const lines = buf.toString('utf8').split('\n');
  // Only the last non-empty segment may be torn: a newline-terminated record is complete unless it is last.
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const records: LogRecord[] = [];
  let torn = buf.length > 0 && buf[buf.length - 1] !== 0x0a;
  let expected = afterSeq + 1;
  lines.forEach((line, i) => {
    let record: LogRecord | null = null;
    try {
      record = asRecord(JSON.parse(line));
    } catch {
      record = null;
    }
    const isLast = i === lines.length - 1;
    if (record === null) {
      if (isLast) {
        torn = true;
        return;
      }
      throw new DataFileError(file, `is corrupt (record ${i + 1} of ${lines.length} does not parse)`);
    }
    if (record.s <= afterSeq) return;
    if (record.s !== expected) throw new DataFileError(file, `is corrupt (record ${i + 1} has sequence ${record.s}, expected ${expected})`);
    expected++;
    records.push(record);
  });
  return { records, torn };
}

/** Reads a namespace directory without modifying anything in it. */
export async function readNamespaceDir(dir: string): Promise<StoredState> {
  const snapFile = join(dir, SNAPSHOT_FILE);
  const logFile = join(dir, LOG_FILE);
  const snapBuf = await readIfExists(snapFile);
  const snap = snapBuf === null ? { seq: 0, data: null } : parseSnapshot(snapFile, snapBuf);
  const logBuf = await readIfExists(logFile);
  const log = logBuf === null ? { records: [], torn: false } : parseLog(logFile, logBuf, snap.seq);
  return { seq: snap.seq, data: snap.data, records: log.records, needsCompaction: log.torn };
}

export async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** mkdir -p that also makes the new directory entries durable. */
export async function ensureDir(dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true });
  if (created !== undefined) {
    await fsyncDir(dir);
    await fsyncDir(join(dir, '..'));
  }
}

async function writeAll(fh: FileHandle, text: string): Promise<void> {
  const buf = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < buf.length) {
    const { bytesWritten } = await fh.write(buf, offset, buf.length - offset);
    offset += bytesWritten;
  }
}

export interface LogOptions {
  /** Called after each fsync with the highest sequence number now durable. */
  onDurable(seq: number): void;
  /** The namespace's current state for a snapshot: called synchronously, between fsyncs. */
  snapshot(): { seq: number; text: string };
  /** A failed write or fsync: the in-memory state is ahead of the disk, so the server must stop. */
  onFatal(err: Error): void;
  /** Log size that triggers compaction. */
  compactBytes: number;
}

export function snapshotText(seq: number, dataJson: string): string {
  return `{"format":"${SNAPSHOT_FORMAT}","seq":${seq},"data":${dataJson}}\n`;
}

export class NamespaceLog {
  private pending: string[] = [];
  private pendingLastSeq = 0;
  private flushing: Promise<void> | null = null;
  private bytes = 0;
  private failed: Error | null = null;

  private constructor(
    private readonly dir: string,
    private readonly fh: FileHandle,
    private readonly options: LogOptions,
  ) {}

  static async open(dir: string, options: LogOptions): Promise<NamespaceLog> {
    await ensureDir(dir);
    const fh = await open(join(dir, LOG_FILE), 'a');
    // The log may have just been created: its directory entry must survive a crash too.
    await fsyncDir(dir);
    const log = new NamespaceLog(dir, fh, options);
    log.bytes = (await fh.stat()).size;
    return log;
  }

  append(record: LogRecord): void {
    if (this.failed) throw this.failed;
    this.pending.push(JSON.stringify(record) + '\n');
    this.pendingLastSeq = record.s;
    if (this.flushing === null) this.flushing = this.flushLoop();
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.join('');
        const last = this.pendingLastSeq;
        this.pending = [];
        await writeAll(this.fh, batch);
        await this.fh.datasync();
        this.bytes += Buffer.byteLength(batch);
        this.options.onDurable(last);
        if (this.bytes >= this.options.compactBytes) await this.compactUnlocked();
      }
    } catch (err) {
      this.failed = err as Error;
      this.options.onFatal(this.failed);
    } finally {
      this.flushing = null;
    }
  }

  /** Folds the log into a new snapshot; waits for a running flush so both never touch the files at once. */
  async compact(): Promise<void> {
    // No await between the check and taking the slot, so no flush can start in between.
    while (this.flushing !== null) await this.flushing;
    if (this.failed) throw this.failed;
    this.flushing = this.compactUnlocked();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
    if (this.pending.length > 0) this.flushing = this.flushLoop();
  }

  private async compactUnlocked(): Promise<void> {
    const { text } = this.options.snapshot();
    const tmp = join(this.dir, `${SNAPSHOT_FILE}.tmp`);
    const out = await open(tmp, 'w');
    try {
      await writeAll(out, text);
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(tmp, join(this.dir, SNAPSHOT_FILE));
    await fsyncDir(this.dir);
    // Only now may the log shrink: every record in it is covered by the renamed snapshot.
    await this.fh.truncate(0);
    await this.fh.sync();
    this.bytes = 0;
  }

  /** Resolves when everything appended so far is durable. */
  async idle(): Promise<void> {
    while (this.flushing !== null) await this.flushing;
    if (this.failed) throw this.failed;
  }

  async close(): Promise<void> {
    try {
      await this.idle();
    } finally {
      await this.fh.close();
    }
  }
}
