import type { Observable } from 'rxjs';
import type { ImportChunk, ImportChunkResult } from '@satta/shared/data';
import type { ImportRow } from './resultsCsv.ts';

/**
 * Rows per part of an import: each part is one multi-path update with its audit entry. A write
 * costs the local database a fixed part (the round trip, the ack after persisting) and a part per
 * row; at 5,000 rows a part takes about a second, so a dropped connection loses at most that, and
 * 219,000 rows make 44 parts.
 */
export const IMPORT_CHUNK_ROWS = 5000;

/**
 * The rows in parts of `size`, each game's rows together (games in the order the file first
 * names them) and by date: a part then covers one or two games and one range of dates each,
 * which the command reads back in one key-range read per game.
 */
export function chunksOf(rows: readonly ImportRow[], size = IMPORT_CHUNK_ROWS): ImportRow[][] {
  const byGame = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const list = byGame.get(row.game);
    if (list) list.push(row);
    else byGame.set(row.game, [row]);
  }
  const sorted = [...byGame.values()].flatMap((list) => list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)));
  const parts: ImportRow[][] = [];
  for (let i = 0; i < sorted.length; i += size) parts.push(sorted.slice(i, i + size));
  return parts;
}

/** Where an import stands: the next part to write and what the parts so far did. */
export interface ImportProgress {
  next: number;
  /** Rows of the parts done (written or already there). */
  done: number;
  written: number;
  unchanged: number;
}

export type ImportOutcome = { kind: 'done' } | { kind: 'offline' } | { kind: 'stalled' } | { kind: 'failed'; error: unknown };

/**
 * How long a part may go without an answer while the connection says it is up before the run
 * stops and offers Resume: a part takes about a second, so this is a write lost on its way, never
 * a slow one. Resume then compares with the data as always.
 */
export const PART_STALL_MS = 30_000;

/** The connection ended while a part was on its way. */
class ConnectionLost extends Error {}
/** A part had no answer within PART_STALL_MS. */
class Stalled extends Error {}

/**
 * Parts on their way at once: while the database applies one, the page prepares and sends the
 * next (its rows read back and compared), which hides most of a part's round trip. Parts hold
 * disjoint rows, so they never compare against each other's writes. Three rather than two: the
 * 219,000-row bench wrote in 40.1-41.6 s against 45.2-48.3 s (quiet, alternated), since neither
 * the page nor the database had a core's worth of work while the other waited.
 */
export const PARTS_IN_FLIGHT = 3;

/**
 * Writes the parts from `progress.next` on, up to PARTS_IN_FLIGHT at a time, counting them in
 * order. It stops when the connection drops (before a part, or while parts are on their way) or
 * when a part fails; `progress.next` is then the first part not confirmed. A part after it may
 * have landed anyway (its answer lost, or confirmed after the failure): Resume writes it again
 * only if it did not, since the command compares each part with what is stored. Which parts
 * landed is thus always read from the data, not remembered.
 */
export async function writeChunks(options: {
  parts: readonly ImportRow[][];
  progress: ImportProgress;
  replaces: Readonly<Record<string, string>>;
  connected$: Observable<boolean>;
  write: (chunk: ImportChunk) => Promise<ImportChunkResult>;
  onProgress: (progress: ImportProgress) => void;
  stallMs?: number;
  /**
   * Parts an earlier run sent and never heard back from. The SDK sends them again once the
   * connection is back; the run waits for them to settle (at most `stallMs`) before reading
   * anything, so that it never compares with data a moment before such a part lands (which
   * would write those rows a second time, with a second audit entry).
   */
  unsettled?: readonly Promise<unknown>[];
}): Promise<{ progress: ImportProgress; outcome: ImportOutcome; unsettled: Promise<unknown>[] }> {
  const { parts, replaces, write, onProgress, stallMs = PART_STALL_MS } = options;
  if (options.unsettled && options.unsettled.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled(options.unsettled),
      new Promise((ok) => {
        timer = setTimeout(ok, stallMs);
      }),
    ]);
    clearTimeout(timer);
  }
  let progress = options.progress;
  let online = true;
  let lost: (error: Error) => void = () => undefined;
  const dropped = new Promise<never>((_, reject) => {
    lost = reject;
  });
  // Never unhandled: parts that finish first leave it pending.
  dropped.catch(() => undefined);
  const watch = options.connected$.subscribe((connected) => {
    online = connected;
    if (!connected) lost(new ConnectionLost());
  });
  const flying: Promise<ImportChunkResult>[] = [];
  // What a stopped run leaves on its way: the part it waited for and those sent after it.
  const leftOver = (sent?: Promise<ImportChunkResult>): Promise<unknown>[] => (sent ? [sent, ...flying] : [...flying]);
  let launched = progress.next;
  const launch = (): void => {
    while (online && flying.length < PARTS_IN_FLIGHT && launched < parts.length) {
      const index = launched++;
      const sent = write({ rows: parts[index] ?? [], index, of: parts.length, replaces });
      // Its outcome is read in order below, or never (the run stopped before it).
      sent.catch(() => undefined);
      flying.push(sent);
    }
  };
  try {
    if (!online) return { progress, outcome: { kind: 'offline' }, unsettled: [] };
    launch();
    for (let sent = flying.shift(); sent; sent = flying.shift()) {
      let result: ImportChunkResult;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Stalled()), stallMs);
      });
      try {
        result = await Promise.race([sent, dropped, stalled]);
      } catch (error) {
        if (error instanceof ConnectionLost || !online) return { progress, outcome: { kind: 'offline' }, unsettled: leftOver(sent) };
        if (error instanceof Stalled) return { progress, outcome: { kind: 'stalled' }, unsettled: leftOver(sent) };
        return { progress, outcome: { kind: 'failed', error }, unsettled: leftOver() };
      } finally {
        clearTimeout(timer);
      }
      progress = {
        next: progress.next + 1,
        done: progress.done + (parts[progress.next]?.length ?? 0),
        written: progress.written + result.written,
        unchanged: progress.unchanged + result.unchanged,
      };
      onProgress(progress);
      launch();
    }
    return { progress, outcome: progress.next < parts.length ? { kind: 'offline' } : { kind: 'done' }, unsettled: leftOver() };
  } finally {
    watch.unsubscribe();
  }
}
