/**
 * Durable storage of one namespace: a snapshot plus an append-only log of the writes after it.
 *
 * - A write is acknowledged only after its log line is fsynced. Lines arriving while an fsync runs are
 *   written together and share the next fsync (group commit).
 * - Compaction writes the whole tree to a temporary file, fsyncs it, renames it over the snapshot and
 *   fsyncs the directory; only then is the log emptied. Log lines already covered by the snapshot carry
 *   sequence numbers at or below the snapshot's and are skipped on load, so a crash at any step is safe.
 * - Every log line and every snapshot carries a checksum of its JSON. On load, only an unterminated last
 *   line may be ignored (a crash mid-append: its newline was never fsynced, so it was never
 *   acknowledged); any complete line or snapshot that does not parse or match its checksum stops the
 *   server, and no file is ever rewritten before a new valid snapshot exists.
 * - Files of the older format (no checksums) still load; the next compaction rewrites them.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export const SNAPSHOT_FILE = 'snapshot.json';
export const LOG_FILE = 'log.jsonl';
/** Older snapshots: one line of JSON without a checksum. */
const SNAPSHOT_FORMAT_V1 = 'rtdb-snapshot/1';
/** A header line `{"format","seq","sum"}`, then the data's JSON on the next line. */
const SNAPSHOT_FORMAT = 'rtdb-snapshot/2';

/** JSON text never holds a raw tab, so a tab separates a log record from its checksum unambiguously. */
const SUM_SEPARATOR = '\t';

function checksum(json: string): string {
  return createHash('sha256').update(json, 'utf8').digest('hex').slice(0, 16);
}

/** One log line: the record's JSON, a tab, its checksum. */
export function logLine(record: LogRecord): string {
  const json = JSON.stringify(record);
  return `${json}${SUM_SEPARATOR}${checksum(json)}\n`;
}

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

/** Operations of log records: the letters the wire uses for put and merge, kept for existing data files. */
export const LOG_OP = { SET: 'p', UPDATE: 'm' } as const;

export interface LogRecord {
  /** Sequence number: one per write, increasing by one. */
  s: number;
  /** A set, or an update (multi-path merge). */
  o: typeof LOG_OP.SET | typeof LOG_OP.UPDATE;
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
  const text = buf.toString('utf8');
  const newline = text.indexOf('\n');
  let header: unknown;
  try {
    header = JSON.parse(newline === -1 ? text : text.slice(0, newline));
  } catch (err) {
    throw new DataFileError(file, `is corrupt (${(err as Error).message})`);
  }
  const snap = header as { format?: unknown; seq?: unknown; sum?: unknown; data?: unknown } | null;
  if (snap === null || typeof snap !== 'object' || !Number.isSafeInteger(snap.seq)) {
    throw new DataFileError(file, 'is corrupt (not an rtdb snapshot)');
  }
  if (snap.format === SNAPSHOT_FORMAT_V1 && 'data' in snap) return { seq: snap.seq as number, data: snap.data };
  if (snap.format !== SNAPSHOT_FORMAT || typeof snap.sum !== 'string' || newline === -1 || !text.endsWith('\n')) {
    throw new DataFileError(file, 'is corrupt (not an rtdb snapshot)');
  }
  const dataJson = text.slice(newline + 1, -1);
  if (checksum(dataJson) !== snap.sum) throw new DataFileError(file, 'is corrupt (its data does not match its checksum)');
  try {
    return { seq: snap.seq as number, data: JSON.parse(dataJson) };
  } catch (err) {
    throw new DataFileError(file, `is corrupt (${(err as Error).message})`);
  }
}

function asRecord(value: unknown): LogRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const r = value as Partial<LogRecord>;
  if (!Number.isSafeInteger(r.s) || (r.o !== LOG_OP.SET && r.o !== LOG_OP.UPDATE) || typeof r.p !== 'string' || !('d' in r)) return null;
  if (r.o === LOG_OP.UPDATE && (r.d === null || typeof r.d !== 'object')) return null;
  return r as LogRecord;
}

/** A complete log line as a record, or the reason it cannot be one. */
function parseLine(line: string, afterChecksummed: boolean): LogRecord | string {
  const tab = line.lastIndexOf(SUM_SEPARATOR);
  // Lines of the older format have no checksum; they can only precede the first checksummed line.
  if (tab === -1 && afterChecksummed) return 'has no checksum';
  const json = tab === -1 ? line : line.slice(0, tab);
  if (tab !== -1 && checksum(json) !== line.slice(tab + 1)) return 'does not match its checksum';
  try {
    return asRecord(JSON.parse(json)) ?? 'is not a log record';
  } catch {
    return 'does not parse';
  }
}

function parseLog(file: string, buf: Buffer, afterSeq: number): { records: LogRecord[]; torn: boolean } {
  const lines = buf.toString('utf8').split('\n');
  // The text after the last newline was never acknowledged (its newline was not on disk): a torn append.
  const tail = lines.pop() as string;
  const torn = tail !== '';
  const records: LogRecord[] = [];
  let expected = afterSeq + 1;
  let checksummed = false;
  lines.forEach((line, i) => {
    const record = parseLine(line, checksummed);
    if (typeof record === 'string') throw new DataFileError(file, `is corrupt (line ${i + 1} of ${lines.length} ${record})`);
    checksummed ||= line.includes(SUM_SEPARATOR);
    if (record.s <= afterSeq) return;
    if (record.s !== expected) throw new DataFileError(file, `is corrupt (line ${i + 1} has sequence ${record.s}, expected ${expected})`);
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
  return `{"format":"${SNAPSHOT_FORMAT}","seq":${seq},"sum":"${checksum(dataJson)}"}\n${dataJson}\n`;
}

/** After a snapshot could not be written, the log grows this long before the next attempt. */
const COMPACTION_RETRY_MS = 3000;

export class NamespaceLog {
  private retryCompactionAt = 0;
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
    this.pending.push(logLine(record));
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
        if (this.bytes >= this.options.compactBytes && Date.now() >= this.retryCompactionAt) await this.compactWhenPossible();
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

  /**
   * Compaction while serving. A snapshot that cannot be written (no descriptor free, the disk full for a
   * moment) loses nothing, since the log still holds every write: it is tried again later instead of
   * stopping the server. Only a failure on the log itself is fatal.
   */
  private async compactWhenPossible(): Promise<void> {
    try {
      await this.writeSnapshot();
    } catch {
      this.retryCompactionAt = Date.now() + COMPACTION_RETRY_MS;
      return;
    }
    await this.emptyLog();
  }

  private async compactUnlocked(): Promise<void> {
    await this.writeSnapshot();
    await this.emptyLog();
  }

  private async writeSnapshot(): Promise<void> {
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
  }

  private async emptyLog(): Promise<void> {
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
