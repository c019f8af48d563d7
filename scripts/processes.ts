import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GUARD = fileURLToPath(new URL('./guard.mjs', import.meta.url));

/** A child process of the local stack, stopped by its own PID. */
export interface Managed {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  // Below the kernel's ephemeral range (32768-60999 on Linux): a port the OS picked for
  // listen(0) comes from that range, and between our check and the server's own bind an
  // outgoing connection of any test could take it as its local port ("port taken").
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (reserve(port) && (await canListen(port, host))) return port;
  }
  throw new Error('freePort: no free port found between 20000 and 32000');
}

/**
 * A port handed out is free when checked but bound only later (an emulator takes seconds to
 * start), so another pick meanwhile, in this process or in a test file running beside it, must
 * not get it again. A file per port in the temp folder, created exclusively, reserves it for a
 * few minutes across processes.
 */
const RESERVATIONS = join(tmpdir(), 'satta-port-reservations');
const RESERVED_MS = 5 * 60_000;

function reserve(port: number): boolean {
  const file = join(RESERVATIONS, String(port));
  try {
    mkdirSync(RESERVATIONS, { recursive: true });
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    // Taken by an earlier pick; an old reservation (its process is long done) is renewed.
    try {
      if (Date.now() - statSync(file).mtimeMs < RESERVED_MS) return false;
      unlinkSync(file);
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      return false;
    }
  }
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((ok) => {
    const server = createServer();
    server.once('error', () => ok(false));
    server.listen(port, host, () => server.close(() => ok(true)));
  });
}

/**
 * Starts a process and resolves once a line of its output matches `ready`, with the match.
 * Fails with the process's own output when it exits first or takes longer than `timeoutMs`.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { ready: RegExp; cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; echo?: boolean },
): Promise<{ managed: Managed; match: RegExpMatchArray }> {
  // Through the guard, whose stdin is a pipe from us: if we die, the pipe closes and it stops the server.
  const child = spawn(process.execPath, [GUARD, command, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const managed: Managed = {
    name,
    child,
    stop: () => stopChild(child),
  };
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      void managed.stop();
      fail(new Error(`${name} did not become ready in ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (options.echo) process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `));
      const match = output.match(options.ready);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        if (options.echo) {
          child.stdout?.on('data', (c: Buffer) => process.stdout.write(c.toString().replace(/^(?=.)/gm, `[${name}] `)));
          child.stderr?.on('data', (c: Buffer) => process.stderr.write(c.toString().replace(/^(?=.)/gm, `[${name}] `)));
        } else {
          // Keep draining so a chatty child never blocks on a full pipe.
          child.stdout?.resume();
          child.stderr?.resume();
        }
        ok({ managed, match });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited with code ${code} before it was ready:\n${output}`));
    });
  });
}

export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((ok) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      ok();
    });
    child.kill('SIGTERM');
  });
}
