/**
 * Checksums in the data files (review finding 14): a complete log line or a snapshot whose bytes changed
 * stops the start, naming the file, instead of being dropped or believed; only an unterminated last line
 * (a torn append, never acknowledged) is ignored. Files of the older format still load.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFileError, startRtdb } from './index.ts';
import { removeDir, tempDir } from './test-support.ts';

const NS = 'demo-satta-default-rtdb';
const dirs: string[] = [];

afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});

function dataDir(): string {
  const dir = tempDir('checksum');
  dirs.push(dir);
  return dir;
}

/** Starts a server on `dir`, makes the writes, stops it. */
async function writeThenStop(dir: string, writes: Array<[string, unknown]>, compactBytes?: number): Promise<void> {
  const server = await startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir, compactBytes });
  try {
    for (const [path, value] of writes) {
      expect((await fetch(`${server.url}/${path}.json`, { method: 'PUT', body: JSON.stringify(value) })).status).toBe(200);
    }
  } finally {
    await server.close();
  }
}

async function readAll(dir: string): Promise<unknown> {
  const server = await startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir });
  try {
    return await (await fetch(`${server.url}/.json`)).json();
  } finally {
    await server.close();
  }
}

describe('log checksums', () => {
  it('a complete last line whose value changed stops the start, naming the log, which stays as it was', async () => {
    const dir = dataDir();
    await writeThenStop(dir, [
      ['a', 'first'],
      ['b', 'second'],
    ]);
    const file = join(dir, NS, 'log.jsonl');
    const altered = readFileSync(file, 'utf8').replace('"second"', '"sekond"');
    writeFileSync(file, altered);
    const start = startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir });
    await expect(start).rejects.toThrow(DataFileError);
    await expect(startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir })).rejects.toThrow(
      `data file ${file} is corrupt (line 2 of 2 does not match its checksum)`,
    );
    expect(readFileSync(file, 'utf8')).toBe(altered);
  });

  it('a complete but unparsable last line of an older-format log stops the start instead of being dropped', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, NS));
    const file = join(dir, NS, 'log.jsonl');
    const text = '{"s":1,"o":"p","p":"a","d":1}\n{"s":2,"o":"p","p":"b","d":\n';
    writeFileSync(file, text);
    await expect(startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir })).rejects.toThrow(
      `data file ${file} is corrupt (line 2 of 2 does not parse)`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('an unterminated last line is still ignored, and an older-format log loads', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, NS));
    writeFileSync(join(dir, NS, 'log.jsonl'), '{"s":1,"o":"p","p":"a","d":1}\n{"s":2,"o":"p","p":"b","d":2}');
    expect(await readAll(dir)).toEqual({ a: 1 });
  });
});

describe('snapshot checksums', () => {
  it('a snapshot whose data changed stops the start, naming it', async () => {
    const dir = dataDir();
    // A tiny compaction threshold: every write is folded into the snapshot.
    await writeThenStop(
      dir,
      [
        ['a', 'first'],
        ['b', 'second'],
      ],
      1,
    );
    const file = join(dir, NS, 'snapshot.json');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[1]).toBe('{"a":"first","b":"second"}');
    writeFileSync(file, text.replace('"second"', '"sekond"'));
    await expect(startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir })).rejects.toThrow(
      `data file ${file} is corrupt (its data does not match its checksum)`,
    );
  });

  it('an older-format snapshot loads and is rewritten with a checksum at the next compaction', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, NS));
    const file = join(dir, NS, 'snapshot.json');
    writeFileSync(file, '{"format":"rtdb-snapshot/1","seq":1,"data":{"a":1}}\n');
    expect(await readAll(dir)).toEqual({ a: 1 });
    await writeThenStop(dir, [['b', 2]], 1);
    expect(readFileSync(file, 'utf8')).toMatch(/^\{"format":"rtdb-snapshot\/2","seq":2,"sum":"[0-9a-f]{16}"\}\n\{"a":1,"b":2\}\n$/);
    expect(await readAll(dir)).toEqual({ a: 1, b: 2 });
  });
});
