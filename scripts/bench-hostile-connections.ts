import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './processes.ts';

/*
 * Connections that do not speak, against the render and the notify service (issue 37, point 1),
 * part of `npm run bench -- hostile` (R3.0): 20,000 connections that send nothing and 1,000 that
 * trickle their headers (a header line a second, never the end), opened as fast as the machine
 * takes them, while a bystander asks for `/` (render) or `/healthz` (notify) on a new connection
 * each time. Prints how many attack connections are still open 15 s after the last was opened, the
 * bystander's p50 and max (and failures), and the service's peak RSS. Each service runs in a
 * process of its own (scripts/bench-hostile-service.ts) on 127.0.0.1, stopped by its PID.
 *
 * Both processes have the machine's descriptor limit (`ulimit -n`, 20,000 here): the service's
 * cap keeps it far below, and this process holds an attack connection only until the service
 * closes it, so the counts are not scaled down unless the limit is below 25,000 and
 * connections are refused for want of descriptors here (printed as `EMFILE`).
 */
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const HOST = '127.0.0.1';
const SILENT = 20_000;
const TRICKLING = 1_000;
const WATCH_MS = 15_000;

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function rssOf(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** One GET on a connection of its own: ms, or the reason it failed. */
function probe(port: number, path: string): Promise<number | string> {
  return new Promise((ok) => {
    const started = performance.now();
    const req = request({ host: HOST, port, path, agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode === 200 ? performance.now() - started : `HTTP ${res.statusCode}`));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => ok(e.code ?? e.message));
    req.end();
  });
}

async function startService(kind: 'render' | 'notify'): Promise<{ pid: number; port: number; stop(): Promise<void> }> {
  const port = await freePort(HOST);
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench-hostile-service.ts'), kind, String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output += String(d)));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`${kind}: not listening after 60 s: ${output}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      output += String(d);
      if (output.includes('listening')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => fail(new Error(`${kind} exited (${code}): ${output}`)));
  });
  child.stdout?.resume();
  const pid = child.pid as number;
  return {
    pid,
    port,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      process.kill(pid, 'SIGTERM');
      if (!(await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]))) {
        process.kill(pid, 'SIGKILL');
        await exited;
      }
    },
  };
}

/** The attack on one service; one line of figures. */
async function flood(kind: 'render' | 'notify'): Promise<string> {
  const service = await startService(kind);
  const path = kind === 'render' ? '/' : '/healthz';
  const open = new Set<Socket>();
  const failures = new Map<string, number>();
  const drips: NodeJS.Timeout[] = [];
  let peak = rssOf(service.pid);
  const rssBefore = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(service.pid))), 200);
  let attacking = true;
  try {
    // Warm: the first answer loads what the service loads lazily.
    await probe(service.port, path);
    const started = performance.now();
    const times: number[] = [];
    const failed: string[] = [];
    let watching = true;
    const bystander = (async () => {
      while (watching) {
        const r = await probe(service.port, path);
        if (typeof r === 'number') times.push(r);
        else failed.push(r);
        await sleep(20);
      }
    })();
    const one = (trickle: boolean): Promise<void> =>
      new Promise((ok) => {
        const socket = connect(service.port, HOST);
        // Whatever the service answers (a 408, a 503) is taken and dropped, so that its close is seen.
        socket.resume();
        socket.on('error', (e: NodeJS.ErrnoException) => {
          failures.set(e.code ?? e.message, (failures.get(e.code ?? e.message) ?? 0) + 1);
          ok();
        });
        socket.once('connect', () => {
          open.add(socket);
          if (trickle) {
            socket.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\n`);
            const drip = setInterval(() => {
              if (attacking && !socket.destroyed) socket.write('X-Drip: 1\r\n');
            }, 1000);
            drips.push(drip);
            socket.once('close', () => clearInterval(drip));
          }
          ok();
        });
        // The service closed it: this end lets go of its descriptor at once.
        socket.once('close', () => {
          open.delete(socket);
          socket.destroy();
        });
      });
    for (let i = 0; i < SILENT + TRICKLING; i += 500) {
      await Promise.all(Array.from({ length: Math.min(500, SILENT + TRICKLING - i) }, (_, j) => one(i + j >= SILENT)));
    }
    const openedMs = performance.now() - started;
    const heldAfterOpening = open.size;
    await sleep(WATCH_MS);
    const remaining = open.size;
    watching = false;
    await bystander;
    times.sort((a, b) => a - b);
    const failedText = failed.length > 0 ? `, ${failed.length} failed (${[...new Set(failed)].join(', ')})` : '';
    const refusedText =
      failures.size > 0 ? `; attack connections that failed: ${[...failures].map(([k, n]) => `${n} ${k}`).join(', ')}` : '';
    return (
      `${kind} (pid ${service.pid}): ${SILENT} silent + ${TRICKLING} trickling opened in ${(openedMs / 1000).toFixed(1)} s, ` +
      `${heldAfterOpening} open then, ${remaining} still open ${WATCH_MS / 1000} s later${refusedText}; ` +
      `bystander GET ${path}: p50 ${percentile(times, 50).toFixed(1)} ms, max ${(times.at(-1) ?? Number.NaN).toFixed(1)} ms ` +
      `(${times.length} answered${failedText}); RSS ${rssBefore.toFixed(0)} -> peak ${peak.toFixed(0)} MB`
    );
  } finally {
    attacking = false;
    clearInterval(sampler);
    for (const drip of drips) clearInterval(drip);
    for (const socket of open) socket.destroy();
    await service.stop();
  }
}

/** Both services in turn, one line each. */
export async function connectionFloods(): Promise<void> {
  console.log(`Connections that do not speak (R3.0), descriptor limit of each process ${openFileLimitText()}:`);
  for (const kind of ['render', 'notify'] as const) console.log(`  ${await flood(kind)}`);
}

function openFileLimitText(): string {
  const m = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  return m ? `${m[1]} (hard ${m[2]})` : 'unknown';
}

/** A raw REST stream request from `from` that never reads what comes back; resolves with its status line's code (0: closed first). */
function unreadStream(port: number, from: string, path: string): { socket: Socket; status: Promise<number> } {
  const socket = connect({ port, host: HOST, localAddress: from });
  socket.on('error', () => {});
  const status = new Promise<number>((ok) => {
    socket.once('data', (chunk: Buffer) => {
      ok(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1', 0, 64))?.[1] ?? 0));
      // Read nothing more: TCP backpressure reaches the server.
      socket.pause();
    });
    socket.once('close', () => ok(0));
  });
  socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\nAccept: text/event-stream\r\n\r\n`));
  return { socket, status };
}

function countBy(items: readonly (string | number)[]): string {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n}x ${k}`).join(', ');
}

/**
 * R3.1: 450 REST streams of `/live`-like data from one address (127.0.0.1), then a second
 * address's stream (127.0.0.2): how many of the 450 were let in, and whether (and how fast) the
 * second one was.
 */
export async function oneAddressStreams(port: number, ns: string): Promise<string> {
  const sockets: Socket[] = [];
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 450; i += 50) {
      const batch = Array.from({ length: 50 }, () => unreadStream(port, '127.0.0.1', `/sattanamee/Gali.json?ns=${ns}`));
      sockets.push(...batch.map((b) => b.socket));
      statuses.push(...(await Promise.all(batch.map((b) => b.status))));
    }
    const started = performance.now();
    const second = unreadStream(port, '127.0.0.2', `/sattanamee/Gali.json?ns=${ns}`);
    sockets.push(second.socket);
    const secondStatus = await second.status;
    const ms = performance.now() - started;
    return `450 streams from 127.0.0.1: ${countBy(statuses.map((s) => (s === 0 ? 'closed' : `HTTP ${s}`)))}; a stream from 127.0.0.2: HTTP ${secondStatus} in ${ms.toFixed(0)} ms`;
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

/**
 * R3.2: 390 streams of the whole results node with `print=pretty` that never read, from four
 * addresses (127.0.0.2-5, within each one's share), while a bystander on 127.0.0.1 reads a small
 * node every 100 ms for 10 s: how many streams were let in, the bystander's max, and the server's
 * RSS peak.
 */
export async function unreadLargeStreams(port: number, pid: number, ns: string): Promise<string> {
  const sockets: Socket[] = [];
  let peak = rssOf(pid);
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  try {
    const started = performance.now();
    const times: number[] = [];
    const failed: string[] = [];
    const bystander = (async () => {
      while (performance.now() - started < 10_000) {
        const r = await probe(port, `/sattanamee/Gali/time.json?ns=${ns}`);
        if (typeof r === 'number') times.push(r);
        else failed.push(r);
        await sleep(100);
      }
    })();
    const streams = Array.from({ length: 390 }, (_, i) =>
      unreadStream(port, `127.0.0.${2 + (i % 4)}`, `/sattanamee.json?ns=${ns}&print=pretty`),
    );
    sockets.push(...streams.map((s) => s.socket));
    const statuses = await Promise.all(streams.map((s) => s.status));
    await bystander;
    times.sort((a, b) => a - b);
    return (
      `390 unread streams from 4 addresses: ${countBy(statuses.map((s) => (s === 0 ? 'closed' : `HTTP ${s}`)))}; ` +
      `bystander read every 100 ms for 10 s: p50 ${percentile(times, 50).toFixed(0)} ms, max ${(times.at(-1) ?? Number.NaN).toFixed(0)} ms` +
      `${failed.length > 0 ? `, ${failed.length} failed (${countBy(failed)})` : ''}; RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB`
    );
  } finally {
    clearInterval(sampler);
    for (const socket of sockets) socket.destroy();
  }
}
