/**
 * Durability and start-up behaviour of the CLI as a separate process: kill -9 during a burst of writes
 * loses nothing acknowledged; corrupt data stops the start and is left untouched; a busy port is one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFileError, startRtdb } from './index.ts';
import { removeDir, tempDir } from './test-support.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

interface Running {
  child: ChildProcess;
  port: Promise<number>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

const running: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) removeDir(dir);
});

function dataDir(): string {
  const dir = tempDir('durable');
  dirs.push(dir);
  return dir;
}

function startCli(args: string[]): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--host', '127.0.0.1', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += String(d)));
  child.stderr?.on('data', (d: Buffer) => (stderr += String(d)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => {
      // Let the pipes drain so the output is complete.
      setImmediate(() => resolve({ code, signal, stdout, stderr }));
    }),
  );
  const port = new Promise<number>((resolve, reject) => {
    const onData = (): void => {
      const m = /rtdb: listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
      if (m) resolve(Number(m[1]));
    };
    child.stdout?.on('data', onData);
    void exit.then((e) => reject(new Error(`server exited before ready (${e.code ?? e.signal}): ${e.stderr}`)));
  });
  // Tests that expect a failed start only look at `exit`.
  port.catch(() => {});
  return { child, port, exit };
}

async function putWithAck(base: string, i: number): Promise<boolean> {
  try {
    const res = await fetch(`${base}/burst/k${i}.json?ns=durable`, { method: 'PUT', body: JSON.stringify({ i, text: `write ${i}` }) });
    return res.status === 200;
  } catch {
    return false;
  }
}

describe('durability', () => {
  it('kill -9 in the middle of 1,000 writes loses no acknowledged write (with compactions running)', async () => {
    const dir = dataDir();
    // A tiny compaction threshold makes snapshots happen during the burst, so the kill may hit one too.
    const first = startCli(['--port', '0', '--data', dir, '--namespace', 'durable', '--compact-bytes', '20000']);
    const base = `http://127.0.0.1:${await first.port}`;
    const acked = new Set<number>();
    let next = 0;
    let killed = false;
    const worker = async (): Promise<void> => {
      while (next < 1000 && !killed) {
        const i = next++;
        if (await putWithAck(base, i)) {
          acked.add(i);
          if (acked.size >= 400 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    const exited = await first.exit;
    expect(exited.signal).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(400);
    expect(readdirSync(join(dir, 'durable'))).toContain('snapshot.json');

    const second = startCli(['--port', '0', '--data', dir, '--namespace', 'durable']);
    const stored = (await (await fetch(`http://127.0.0.1:${await second.port}/burst.json?ns=durable`)).json()) as Record<
      string,
      { i: number }
    >;
    const missing = [...acked].filter((i) => stored[`k${i}`]?.i !== i);
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
    expect((await second.exit).code).toBe(0);
  });

  it('refuses to start on a corrupt snapshot, naming the file in one line, and leaves it byte-identical', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'broken'));
    const file = join(dir, 'broken', 'snapshot.json');
    const garbage = Buffer.from('{"format":"rtdb-snapshot/1","seq":3,"data":{"a":\u0000\u0001 not json');
    writeFileSync(file, garbage);
    const run = startCli(['--port', '0', '--data', dir]);
    const result = await run.exit;
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(result.stdout).toBe('');
    expect(readFileSync(file).equals(garbage)).toBe(true);
    expect(readdirSync(join(dir, 'broken'))).toEqual(['snapshot.json']);
  });

  it('prints one line and exits 1 when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const result = await startCli(['--port', String(port), '--data', dataDir()]).exit;
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`rtdb: port ${port} on 127.0.0.1 is already in use\n`);
      expect(result.stdout).toBe('');
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  });
});

describe('loading data files', () => {
  function writeLog(dir: string, ns: string, text: string): string {
    mkdirSync(join(dir, ns), { recursive: true });
    const file = join(dir, ns, 'log.jsonl');
    writeFileSync(file, text);
    return file;
  }

  const record = (s: number, p: string, d: unknown): string => JSON.stringify({ s, o: 'p', p, d }) + '\n';

  it('ignores a torn last record (never acknowledged) and keeps the complete ones', async () => {
    const dir = dataDir();
    writeLog(dir, 'torn', record(1, 'a', 1) + record(2, 'b', 2) + '{"s":3,"o":"p","p":"c","d":{"x"');
    const server = await startRtdb({ port: 0, dataDir: dir });
    try {
      const data = await (await fetch(`${server.url}/.json?ns=torn`)).json();
      expect(data).toEqual({ a: 1, b: 2 });
      // New writes go after a fresh snapshot, not after the torn bytes.
      await fetch(`${server.url}/c.json?ns=torn`, { method: 'PUT', body: '3' });
    } finally {
      await server.close();
    }
    const again = await startRtdb({ port: 0, dataDir: dir });
    try {
      expect(await (await fetch(`${again.url}/.json?ns=torn`)).json()).toEqual({ a: 1, b: 2, c: 3 });
    } finally {
      await again.close();
    }
  });

  it('refuses a log that is corrupt before its end, and leaves it untouched', async () => {
    const dir = dataDir();
    const text = record(1, 'a', 1) + 'garbage\n' + record(2, 'b', 2);
    const file = writeLog(dir, 'midlog', text);
    await expect(startRtdb({ port: 0, dataDir: dir })).rejects.toThrow(DataFileError);
    await expect(startRtdb({ port: 0, dataDir: dir })).rejects.toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses a log with a gap in its sequence numbers', async () => {
    const dir = dataDir();
    writeLog(dir, 'gap', record(1, 'a', 1) + record(3, 'b', 2));
    await expect(startRtdb({ port: 0, dataDir: dir })).rejects.toThrow(/expected 2/);
  });
});
