import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ImportChunk, ImportChunkResult } from '@satta/shared/data';
import { chunksOf, writeChunks, type ImportProgress } from './importChunks.ts';

const row = (game: string, day: number) => ({ game, date: `2005-01-${String(day).padStart(2, '0')}`, number: '42' });
const start: ImportProgress = { next: 0, done: 0, written: 0, unchanged: 0 };

describe('chunksOf', () => {
  it("keeps each game's rows together, by date, in parts of the given size", () => {
    const parts = chunksOf([row('Gali', 3), row('Disawar', 1), row('Gali', 1), row('Gali', 2), row('Disawar', 2)], 2);
    expect(parts.map((p) => p.map((r) => `${r.game} ${r.date.slice(8)}`))).toEqual([
      ['Gali 01', 'Gali 02'],
      ['Gali 03', 'Disawar 01'],
      ['Disawar 02'],
    ]);
  });
});

describe('writeChunks', () => {
  it('stops when the connection drops mid-part; Resume waits for that part to land, then writes only what the data lacks', async () => {
    const parts = chunksOf(
      [1, 2, 3, 4, 5, 6].map((d) => row('Gali', d)),
      2,
    );
    const stored = new Set<string>();
    const connected = new BehaviorSubject(true);
    const writes: string[] = [];
    let dropped = false;
    // The database: a part compares its rows with what is stored and writes the rest.
    const write = async (chunk: ImportChunk): Promise<ImportChunkResult> => {
      const fresh = chunk.rows.filter((r) => !stored.has(r.date));
      writes.push(`${chunk.index + 1}: ${fresh.length}`);
      if (chunk.index === 1 && !dropped) {
        dropped = true;
        // The connection goes while the second part is on its way; the SDK sends it again once
        // it is back, and it lands a moment later.
        setTimeout(() => connected.next(false), 0);
        return new Promise((done) =>
          setTimeout(() => {
            fresh.forEach((r) => stored.add(r.date));
            done({ written: fresh.length, unchanged: 0 });
          }, 30),
        );
      }
      fresh.forEach((r) => stored.add(r.date));
      return { written: fresh.length, unchanged: chunk.rows.length - fresh.length };
    };
    const seen: number[] = [];
    const onProgress = (p: ImportProgress) => seen.push(p.done);
    const first = await writeChunks({ parts, progress: start, replaces: {}, connected$: connected, write, onProgress });
    expect(first.outcome).toEqual({ kind: 'offline' });
    expect(first.progress).toEqual({ next: 1, done: 2, written: 2, unchanged: 0 });
    expect(first.unsettled).toHaveLength(2);

    connected.next(true);
    const second = await writeChunks({
      parts,
      progress: first.progress,
      replaces: {},
      connected$: connected,
      write,
      onProgress,
      unsettled: first.unsettled,
    });
    expect(second.outcome).toEqual({ kind: 'done' });
    // Parts 2 and 3 had landed (the third sent while the second was on its way): both skipped.
    expect(second.progress).toEqual({ next: 3, done: 6, written: 2, unchanged: 4 });
    expect(writes).toEqual(['1: 2', '2: 2', '3: 2', '2: 0', '3: 0']);
    expect(seen).toEqual([2, 4, 6]);
    expect([...stored].sort()).toEqual(['2005-01-01', '2005-01-02', '2005-01-03', '2005-01-04', '2005-01-05', '2005-01-06']);
  });

  it('stops at a failed part and reports its error, the parts before it counted', async () => {
    const parts = chunksOf(
      [1, 2, 3].map((d) => row('Gali', d)),
      1,
    );
    const refused = new Error('PERMISSION_DENIED');
    const write = async (chunk: ImportChunk): Promise<ImportChunkResult> => {
      if (chunk.index === 1) throw refused;
      return { written: 1, unchanged: 0 };
    };
    const result = await writeChunks({
      parts,
      progress: start,
      replaces: {},
      connected$: new BehaviorSubject(true),
      write,
      onProgress: () => undefined,
    });
    expect(result).toMatchObject({ progress: { next: 1, done: 1, written: 1, unchanged: 0 }, outcome: { kind: 'failed', error: refused } });
    // The third part, sent while the second was on its way, is left to settle.
    expect(result.unsettled).toHaveLength(1);
  });
});

describe('a part without an answer', () => {
  it('stops the run as stalled, the parts before it counted, so that Resume can go on', async () => {
    const parts = chunksOf(
      [1, 2].map((d) => row('Gali', d)),
      1,
    );
    const write = (chunk: ImportChunk): Promise<ImportChunkResult> =>
      chunk.index === 0 ? Promise.resolve({ written: 1, unchanged: 0 }) : new Promise(() => undefined);
    const result = await writeChunks({
      parts,
      progress: start,
      replaces: {},
      connected$: new BehaviorSubject(true),
      write,
      onProgress: () => undefined,
      stallMs: 20,
    });
    expect(result).toMatchObject({ progress: { next: 1, done: 1, written: 1, unchanged: 0 }, outcome: { kind: 'stalled' } });
    expect(result.unsettled).toHaveLength(1);
  });
});
