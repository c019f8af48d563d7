/**
 * Test support: the CLI server in its own process, for attacks that could hang or kill a server. In the
 * test's own process a busy loop would freeze the test itself instead of failing it, and a crash would
 * take the test runner down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { removeDir, tempDir } from './test-support.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

export interface ChildServer {
  port: number;
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  alive(): boolean;
  /** Kills the process by its PID and removes its data directory. */
  stop(): Promise<void>;
}

export interface ChildServerOptions {
  args?: string[];
  /** Soft and hard limit of open descriptors for the server process (`ulimit -n`). */
  maxFiles?: number;
}

export async function startChildServer(options: ChildServerOptions = {}): Promise<ChildServer> {
  const dataDir = tempDir('child');
  const argv = [
    process.execPath,
    '--import',
    'tsx',
    MAIN,
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--data',
    dataDir,
    ...(options.args ?? []),
  ];
  // `exec` keeps the PID: the shell becomes the server, so stopping the PID stops the server.
  const child =
    options.maxFiles === undefined
      ? spawn(argv[0] as string, argv.slice(1), { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('/bin/sh', ['-c', `ulimit -n ${options.maxFiles} && exec "$@"`, 'sh', ...argv], {
          cwd: REPO,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += String(d)));
  child.stderr?.on('data', (d: Buffer) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGKILL');
      await exited;
    }
    removeDir(dataDir);
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in 15 s: ${stderr}`)), 15_000);
      child.stdout?.on('data', () => {
        const m = /rtdb: listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
        if (!m) return;
        clearTimeout(timer);
        resolve(Number(m[1]));
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`server exited before it was ready: ${stderr}`));
      });
    });
    return {
      port,
      url: `http://127.0.0.1:${port}`,
      dataDir,
      child,
      stderr: () => stderr,
      alive: () => child.exitCode === null && child.signalCode === null,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
