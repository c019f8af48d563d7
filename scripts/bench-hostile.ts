// The database server under the attacks of the security review (findings 6-16), one after another,
// against a fresh server/rtdb process on 127.0.0.1 with the project's rules and a temporary data dir.
// After each attack a bystander is measured: a new SDK client reads sattanamee/Gali/time (connect +
// read, ms), and an admin (firebase-admin) writes it while a visitor's SDK listener, connected since
// the start, waits for the new value (write -> listener, ms). The server's RSS (VmRSS) is printed
// after each attack, and the peak.
//
//   tsx scripts/bench-hostile.ts
//
// Every attack is bounded in count and time (ATTACK_TIMEOUT_MS each, DEADLINE_MS in all); only
// 127.0.0.1 is a target; the server is stopped by its PID at the end, whatever happens.
//
// Observed on a 2-core machine (Node 20): RSS about 85 MB at rest and at most 124-148 MB after any
// attack (VmHWM 129-150 MB over a whole run, two runs); the bound is about 150 MB. The 190 MB frame
// and the 60 x 8 MB frames of finding 7 are refused at 64 KiB, before they are buffered, and 20,000
// listens are held to 1,000. Bystander read and live
// update stay within tens of ms after every attack. While finding 8's sockets hold every connection
// slot (400 by default), new clients are refused (already connected ones keep working); the figures
// are taken once they are released. Since issue 37 one address holds at most a quarter of the slots
// (98 held, 898 refused with 503): a client of another address gets in (R3.1), but this bench's
// bystander shares 127.0.0.1 with the attacker and is refused with it. Findings 9, 11, 12, 13 and 16 are fixed separately: their outcome
// lines show what the server currently answers.
//
// Round two (R2.1, R2.2): 1,000 TCP connections that send nothing, and ten anonymous 250 MB PUTs to a
// path only the admin may write. For each, a bystander is also measured while the attack is on: a new
// SDK client's read and a REST GET on a connection of its own. Before the fix the idle connections held
// 398 of the 400 slots for over 30 s (the bystander's read failed, its GET was reset), and the PUTs were
// answered only once read whole (16.5 s, RSS peak 3.1 GB). Observed after it (2 cores, Node 24): the
// bystander reads in 14-23 ms and GETs in 11-19 ms under the idle connections, which the server has all
// closed 2.1-2.3 s later; the PUTs are all answered 401 within 17-60 ms, with at most 4.2 MB of each
// sent, and RSS does not move.
//
// Round two, greedy sockets (R2.3-R2.5): anonymous WebSockets that stop reading once open and ask
// for about 180 KB again and again. Before the fix one socket's 3,000 gets made the server produce
// 594 MB of answers and a bystander waited 16 s. Observed after it: see docs/performance.md.
//
// Round three (issue 37): R3.1, 450 REST streams from one address and then one from a second; R3.2,
// 390 streams of a 180 KB node that never read, from four addresses; R3.0, 20,000 silent and 1,000
// trickling connections against the render and notify services (scripts/bench-hostile-connections.ts);
// R3.3, a subscription flood from 100 addresses until the cap (scripts/bench-hostile-subscriptions.ts).
//
// Only some attacks: tsx scripts/bench-hostile.ts R2.1 R2.2 (their tags as printed); R2.0 is the
// render service under floods of made-up addresses (scripts/bench-hostile-render.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp as deleteClientApp, initializeApp as initializeClientApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, get, getDatabase as getClientDatabase, onValue, ref } from 'firebase/database';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App } from 'firebase-admin/app';
import { getDatabase as getAdminDatabase, type Database as AdminDatabase } from 'firebase-admin/database';
import { WebSocket } from 'ws';
import { hashNode } from '../server/rtdb/src/hash.ts';
import { leaf } from '../server/rtdb/src/tree.ts';
import { freePort } from './processes.ts';
import { renderFloods } from './bench-hostile-render.ts';
import { connectionFloods, oneAddressStreams, unreadLargeStreams } from './bench-hostile-connections.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const MAIN = join(ROOT, 'server/rtdb/src/main.ts');
const HOST = '127.0.0.1';
const PROJECT_ID = 'demo-satta';
const NS = `${PROJECT_ID}-default-rtdb`;
const TIME_PATH = 'sattanamee/Gali/time';
const ATTACK_TIMEOUT_MS = 60_000;
const MEASURE_TIMEOUT_MS = 5_000;
const DEADLINE_MS = 8 * 60_000;

interface Server {
  pid: number;
  port: number;
  url: string;
  child: ChildProcess;
  alive(): boolean;
}

/** Resolves with `promise`, or rejects with `what` after `ms`; the timer never keeps the process up. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort(HOST);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      MAIN,
      '--host',
      HOST,
      '--port',
      String(port),
      '--data',
      dataDir,
      '--rules',
      join(ROOT, 'database.rules.json'),
      '--project',
      PROJECT_ID,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output += String(d)));
  await within(
    new Promise<void>((ready, fail) => {
      child.stdout?.on('data', (d: Buffer) => {
        output += String(d);
        if (output.includes('rtdb: listening on')) ready();
      });
      child.once('exit', (code) => fail(new Error(`server exited (${code}) before it was ready: ${output}`)));
    }),
    30_000,
    'server start',
  );
  child.stdout?.resume();
  if (child.pid === undefined) throw new Error('server has no pid');
  return { pid: child.pid, port, url: `http://${HOST}:${port}`, child, alive: () => child.exitCode === null && child.signalCode === null };
}

async function stopServer(server: Server): Promise<void> {
  if (!server.alive()) return;
  const exited = new Promise<void>((r) => server.child.once('exit', () => r()));
  process.kill(server.pid, 'SIGTERM');
  const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!killed && server.alive()) {
    process.kill(server.pid, 'SIGKILL');
    await exited;
  }
}

/** Resident memory of the server in MB, and its high-water mark, from /proc. */
function memory(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, hwm: Number.NaN };
  }
}

/** One HTTP request on a connection of its own (no keep-alive slot held afterwards). */
function http(url: string, method = 'GET', body?: string, ms = 5000): Promise<{ status: number; text: string }> {
  return new Promise((ok, fail) => {
    const req = request(url, { method, agent: false, timeout: ms }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += String(c)));
      res.on('end', () => ok({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within ${ms} ms`)));
    req.on('error', fail);
    req.end(body);
  });
}

function clientApp(port: number, name: string): FirebaseApp {
  const app = initializeClientApp({ projectId: PROJECT_ID, databaseURL: `http://${HOST}:${port}?ns=${NS}` }, name);
  connectDatabaseEmulator(getClientDatabase(app), HOST, port);
  return app;
}

/** A raw wire-protocol socket, to send what no SDK would. */
interface RawSocket {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  request(action: string, body: Record<string, unknown>): Promise<string>;
}

async function rawSocket(port: number): Promise<RawSocket> {
  const ws = new WebSocket(`ws://${HOST}:${port}/.ws?ns=${NS}&v=5`);
  const waiting = new Map<number, (status: string) => void>();
  let next = 0;
  ws.on('message', (data) => {
    let msg: { t?: string; d?: { r?: number; b?: { s?: string } } };
    try {
      msg = JSON.parse(String(data)) as typeof msg;
    } catch {
      return;
    }
    const r = msg.d?.r;
    if (msg.t === 'd' && typeof r === 'number') {
      waiting.get(r)?.(msg.d?.b?.s ?? '');
      waiting.delete(r);
    }
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.once('close', (code, reason) => r({ code, reason: String(reason) })),
  );
  await within(
    new Promise<void>((ok, fail) => {
      ws.once('open', () => ok());
      ws.once('close', () => fail(new Error('socket closed before it opened')));
    }),
    5000,
    'socket open',
  );
  return {
    ws,
    closed,
    request(action, body) {
      const r = ++next;
      return new Promise((ok) => {
        waiting.set(r, ok);
        ws.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
      });
    },
  };
}

function countBy<T extends string | number>(items: readonly T[]): string {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n}x ${k}`).join(', ');
}

interface Context {
  server: Server;
  admin: AdminDatabase;
  dataDir: string;
}

/** `finding`: the security review's finding number, or the tag of a later attack (R2.1). */
type Attack = { finding: number | string; name: string; run(ctx: Context): Promise<string> };

const tagOf = (attack: Attack): string => (typeof attack.finding === 'number' ? `#${attack.finding}` : attack.finding);

/** A REST GET on a connection of its own while an attack is on: its time, or why it failed. */
async function bystanderRest(server: Server): Promise<string> {
  const started = performance.now();
  return http(`${server.url}/${TIME_PATH}.json?ns=${NS}`, 'GET', undefined, MEASURE_TIMEOUT_MS).then(
    (r) => `HTTP ${r.status} in ${(performance.now() - started).toFixed(0)} ms`,
    (e: Error) => `failed after ${(performance.now() - started).toFixed(0)} ms (${e.message})`,
  );
}

/**
 * An anonymous PUT announcing `size` bytes on a raw socket, whose body is sent as fast as the socket
 * takes it until the server answers or closes. What the server answered (its status, or how the
 * connection ended without an answer), when, and how much of the body was sent by then.
 */
function bigPut(server: Server, path: string, size: number): Promise<{ status: number | string; ms: number; sent: number }> {
  const piece = Buffer.alloc(1024 * 1024, '1');
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(server.port, HOST);
    let sent = 0;
    let answer: { status: number | string; ms: number; sent: number } | null = null;
    let received = '';
    let failure = 'closed';
    const pump = (): void => {
      while (answer === null && sent < size) {
        const n = Math.min(piece.length, size - sent);
        sent += n;
        if (!socket.write(n === piece.length ? piece : piece.subarray(0, n))) return void socket.once('drain', pump);
      }
    };
    socket.once('connect', () => {
      socket.write(`PUT /${path}.json?ns=${NS} HTTP/1.1\r\nHost: ${HOST}\r\nContent-Length: ${size}\r\n\r\n`);
      pump();
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (answer === null && m) answer = { status: Number(m[1]), ms: performance.now() - started, sent };
    });
    // Writing once the server has closed fails (EPIPE, ECONNRESET); the answer, if any, came before.
    socket.on('error', (e: NodeJS.ErrnoException) => (failure = e.code ?? e.message));
    socket.on('close', () => resolve(answer ?? { status: failure, ms: performance.now() - started, sent }));
  });
}

const ATTACKS: Attack[] = [
  {
    finding: 6,
    name: 'long-poll segment without a count',
    async run({ server }) {
      const start = await http(`${server.url}/.lp?start=t&ser=1&cb=1&v=5&ns=${NS}`);
      const m = /pLPCommand1\('start','([^']+)','([^']+)'\)/.exec(start.text);
      if (!m) return `no session (HTTP ${start.status})`;
      const base = `${server.url}/.lp?id=${m[1]}&pw=${m[2]}`;
      const attack = await http(`${base}&ser=2&seg0=0&d0=eA`).catch((e: Error) => ({ status: 0, text: e.message }));
      return `poll answered HTTP ${attack.status}`;
    },
  },
  {
    finding: 7,
    name: 'frame count 3 + 190 MB frame; 60 unfinished 8 MB frames',
    async run({ server }) {
      const big = Buffer.alloc(190 * 1024 * 1024, 'x');
      const one = await rawSocket(server.port);
      one.ws.send('3');
      one.ws.send(big);
      const first = await within(one.closed, 20_000, '190 MB frame');
      const eight = big.subarray(0, 8 * 1024 * 1024);
      const sockets = await Promise.all(Array.from({ length: 60 }, () => rawSocket(server.port).catch(() => null)));
      for (const s of sockets) {
        s?.ws.send('3');
        s?.ws.send(eight);
      }
      const closes = await within(Promise.all(sockets.map((s) => s?.closed ?? { code: 0, reason: 'not opened' })), 30_000, '8 MB frames');
      return `190 MB: closed ${first.code}; 8 MB: closed ${countBy(closes.map((c) => c.code))}`;
    },
  },
  {
    finding: 8,
    name: '996 connections held',
    async run({ server }) {
      const held: WebSocket[] = [];
      let refused = 0;
      for (let batch = 0; batch < 996; batch += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, 996 - batch) }, async () => {
            const ws = new WebSocket(`ws://${HOST}:${server.port}/.ws?ns=${NS}&v=5`);
            ws.on('error', () => {});
            const open = await within(
              new Promise<boolean>((ok) => {
                ws.once('open', () => ok(true));
                ws.once('close', () => ok(false));
              }),
              5000,
              'connect',
            ).catch(() => false);
            if (open) held.push(ws);
            else {
              refused++;
              ws.terminate();
            }
          }),
        );
      }
      const during = await bystanderRead(server.port, 'during').then(
        (ms) => `${ms.toFixed(0)} ms`,
        (e: Error) => `failed (${e.message})`,
      );
      const rss = memory(server.pid).rss;
      for (const ws of held) ws.terminate();
      // The server notices the closed sockets before the next measurement.
      await sleep(500);
      return `${held.length} held, ${refused} refused; new reader while held: ${during}; RSS while held ${rss.toFixed(0)} MB`;
    },
  },
  {
    finding: 9,
    name: '1,000 anonymous ?ns= requests',
    async run({ server, dataDir }) {
      const statuses: number[] = [];
      for (let i = 0; i < 1000; i += 20) {
        const batch = await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            http(`${server.url}/.json?ns=bench${i + j}`).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        statuses.push(...batch);
      }
      const dirs = readdirSync(dataDir, { withFileTypes: true }).filter((e) => e.isDirectory()).length;
      return `HTTP ${countBy(statuses)}; namespace directories now ${dirs}`;
    },
  },
  {
    finding: 10,
    name: '20,000 listens on one anonymous socket',
    async run({ server }) {
      const s = await rawSocket(server.port);
      const answers = await within(
        Promise.all(Array.from({ length: 20_000 }, (_, i) => s.request('q', { p: `${TIME_PATH}/x${i}`, h: '' }))),
        30_000,
        'listen answers',
      );
      // The socket stays open with its listens while the bystander is measured.
      heldSockets.push(s.ws);
      return `listens answered ${countBy(answers)}`;
    },
  },
  {
    finding: 11,
    name: "admin write with key 'constructor' / nested 1,500 levels",
    async run({ server }) {
      const proto = await http(
        `${server.url}/bench/proto.json?ns=${NS}&auth=owner`,
        'PUT',
        JSON.stringify({ constructor: { prototype: { polluted: 1 } }, __proto__: 1 }),
      );
      let deep: unknown = 'bottom';
      for (let i = 0; i < 1500; i++) deep = { a: deep };
      const nested = await http(`${server.url}/bench/deep.json?ns=${NS}&auth=owner`, 'PUT', JSON.stringify(deep));
      return `constructor: HTTP ${proto.status}; 1,500 levels: HTTP ${nested.status}`;
    },
  },
  {
    finding: 12,
    name: 'transaction hash guessing on a non-readable path',
    async run({ server, admin }) {
      await admin.ref('notifyState/pin').set('0042');
      const s = await rawSocket(server.port);
      const guesses = Array.from({ length: 200 }, (_, i) => String(i).padStart(4, '0'));
      const answers = await within(
        Promise.all(guesses.map((g) => s.request('p', { p: 'notifyState/pin', d: 'x', h: hashNode(leaf(g)) }))),
        20_000,
        'guesses',
      );
      s.ws.terminate();
      const stands = guesses.filter((_, i) => answers[i] !== answers[0]);
      return `answers ${countBy(answers)}${stands.length > 0 && stands.length < guesses.length ? `; guess(es) answered differently: ${stands.join(', ')}` : ''}`;
    },
  },
  {
    finding: 13,
    name: 'onDisconnect overwriting',
    async run({ server, admin }) {
      const before = (await admin.ref(TIME_PATH).get()).val() as unknown;
      const s = await rawSocket(server.port);
      const asAdmin = await s.request('gauth', { cred: 'owner' });
      const set = await s.request('o', { p: TIME_PATH, d: '11:11 PM' });
      const unauth = await s.request('unauth', {});
      const anonymous = await s.request('o', { p: TIME_PATH, d: '12:12 PM' });
      s.ws.close();
      await within(s.closed, 5000, 'close');
      await sleep(300);
      const after = (await admin.ref(TIME_PATH).get()).val() as unknown;
      return `gauth ${asAdmin}, o as admin ${set}, unauth ${unauth}, o anonymous ${anonymous}; value ${JSON.stringify(before)} -> ${JSON.stringify(after)}`;
    },
  },
  {
    finding: 15,
    name: 'GET with x-http-method-override=DELETE',
    async run({ server, admin }) {
      const res = await http(`${server.url}/${TIME_PATH}.json?ns=${NS}&auth=owner&x-http-method-override=DELETE`);
      const after = (await admin.ref(TIME_PATH).get()).val() as unknown;
      return `HTTP ${res.status}; value afterwards ${JSON.stringify(after)}`;
    },
  },
  {
    finding: 16,
    name: 'server value as priority',
    async run({ server }) {
      const statuses: number[] = [];
      for (const priority of [{ '.sv': 'timestamp' }, { '.sv': { increment: 1 } }, { '.sv': 'nonsense' }]) {
        const body = JSON.stringify({ '.value': 'x', '.priority': priority });
        statuses.push((await http(`${server.url}/bench/prio.json?ns=${NS}&auth=owner`, 'PUT', body)).status);
        statuses.push((await http(`${server.url}/bench/prio2/.priority.json?ns=${NS}&auth=owner`, 'PUT', JSON.stringify(priority))).status);
      }
      return `HTTP ${statuses.join(', ')}`;
    },
  },
  {
    finding: 'R2.1',
    name: '1,000 TCP connections that send nothing',
    async run({ server }) {
      const sockets: Socket[] = [];
      let closed = 0;
      let lastClosed = 0;
      const started = performance.now();
      for (let batch = 0; batch < 1000; batch += 100) {
        await Promise.all(
          Array.from(
            { length: 100 },
            () =>
              new Promise<void>((ok) => {
                const socket = connect(server.port, HOST);
                sockets.push(socket);
                socket.on('error', () => {});
                socket.once('connect', () => ok());
                socket.once('close', () => {
                  closed++;
                  lastClosed = performance.now();
                  ok();
                });
              }),
          ),
        );
      }
      const opened = performance.now() - started;
      const [read, rest] = await Promise.all([
        bystanderRead(server.port, 'idle').then(
          (ms) => `${ms.toFixed(0)} ms`,
          (e: Error) => `failed (${e.message})`,
        ),
        bystanderRest(server),
      ]);
      const rss = memory(server.pid).rss;
      const heldWhenMeasured = sockets.length - closed;
      // The server closes every one of them: the oldest to make room for newer ones, the rest once silent too long.
      const allClosed = await within(
        (async () => {
          while (closed < sockets.length) await sleep(50);
        })(),
        30_000,
        'idle connections',
      ).then(
        () => `all closed by the server within ${((lastClosed - started) / 1000).toFixed(1)} s`,
        () => `${sockets.length - closed} still open after 30 s`,
      );
      for (const socket of sockets) socket.destroy();
      return `opened in ${opened.toFixed(0)} ms, ${heldWhenMeasured} still open when measured; new reader during: ${read}; REST GET during: ${rest}; ${allClosed}; RSS during ${rss.toFixed(0)} MB`;
    },
  },
  {
    finding: 'R2.2',
    name: 'ten anonymous 250 MB PUTs to an admin-only path',
    async run({ server }) {
      const size = 250 * 1000 * 1000;
      let peak = memory(server.pid).rss;
      const sampler = setInterval(() => (peak = Math.max(peak, memory(server.pid).rss)), 20);
      try {
        const [puts, read, rest] = await Promise.all([
          Promise.all(Array.from({ length: 10 }, (_, i) => bigPut(server, `sattanamee/Gali/big${i}`, size))),
          bystanderRead(server.port, 'big-put').then(
            (ms) => `${ms.toFixed(0)} ms`,
            (e: Error) => `failed (${e.message})`,
          ),
          bystanderRest(server),
        ]);
        peak = Math.max(peak, memory(server.pid).rss);
        const slowest = Math.max(...puts.map((p) => p.ms));
        const mostSent = Math.max(...puts.map((p) => p.sent)) / 1e6;
        return `answers ${countBy(puts.map((p) => p.status))}, the last after ${slowest.toFixed(0)} ms with at most ${mostSent.toFixed(1)} MB of 250 sent; new reader during: ${read}; REST GET during: ${rest}; RSS peak during ${peak.toFixed(0)} MB`;
      } finally {
        clearInterval(sampler);
      }
    },
  },
  {
    finding: 'R2.3',
    name: 'one socket: 3,000 gets of a 180 KB node, never read',
    run: (ctx) => greedy(ctx, 1, (ws) => sendRequests(ws, 3000, () => ({ a: 'g', b: { p: 'sattanamee', q: {} } }))),
  },
  {
    finding: 'R2.4',
    name: 'one socket: 1,000 listens of a 180 KB node, never read',
    run: (ctx) =>
      greedy(ctx, 1, (ws) => sendRequests(ws, 1000, (r) => ({ a: 'q', b: { p: 'sattanamee', q: { l: 100 + r }, t: r, h: '' } }))),
  },
  {
    finding: 'R2.5',
    name: '20 sockets: 300 gets each, never read, then gone',
    run: (ctx) => greedy(ctx, 20, (ws) => sendRequests(ws, 300, () => ({ a: 'g', b: { p: 'sattanamee', q: {} } })), true),
  },
  {
    finding: 'R3.1',
    name: '450 streams from one address, then one from a second',
    run: ({ server }) => oneAddressStreams(server.port, NS),
  },
  {
    finding: 'R3.2',
    name: '390 unread streams of a 180 KB node, print=pretty',
    run: (ctx) => withLargeResults(ctx, () => unreadLargeStreams(ctx.server.port, ctx.server.pid, NS)),
  },
];

/** R3.3: scripts/bench-hostile-subscriptions.ts in a process of its own (it starts its own stack and notify service). */
function subscriptionFlood(): Promise<void> {
  console.log('\nR3.3 a subscription flood from 100 addresses until the cap (scripts/bench-hostile-subscriptions.ts):');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench-hostile-subscriptions.ts')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`bench-hostile-subscriptions.ts ended with ${code ?? signal}`)),
    );
  });
}

/** About 180 KB of games under sattanamee (26 made-up ones) while `work` runs; removed after. */
async function withLargeResults<T>({ admin }: Context, work: () => Promise<T>): Promise<T> {
  const games: Record<string, unknown> = {};
  for (let g = 0; g < 26; g++) {
    const days: Record<string, string> = {};
    for (let d = 0; d < 365; d++) days[`2026-${String(1 + (d % 12)).padStart(2, '0')}-${String(d).padStart(3, '0')}`] = `${d % 100}`;
    games[`zzBench${g}`] = { time: '05:00 PM', sattaname: 'गली', days };
  }
  await admin.ref('sattanamee').update(games);
  try {
    return await work();
  } finally {
    await admin.ref('sattanamee').update(Object.fromEntries(Object.keys(games).map((k) => [k, null])));
  }
}

function sendRequests(ws: WebSocket, count: number, request: (r: number) => { a: string; b: unknown }): void {
  for (let r = 1; r <= count; r++) ws.send(JSON.stringify({ t: 'd', d: { r, ...request(r) } }));
}

/**
 * Round two's greedy sockets: `count` anonymous sockets that stop reading once open and send what
 * `attack` sends, against about 180 KB of games under sattanamee (26 made-up ones, removed after).
 * The bystander is measured 2 s into the attack (or right after the sockets have gone, with `leave`),
 * with the server's RSS then.
 */
async function greedy(ctx: Context, count: number, attack: (ws: WebSocket) => void, leave = false): Promise<string> {
  const { server, admin } = ctx;
  const games: Record<string, unknown> = {};
  for (let g = 0; g < 26; g++) {
    const days: Record<string, string> = {};
    for (let d = 0; d < 365; d++) days[`2026-${String(1 + (d % 12)).padStart(2, '0')}-${String(d).padStart(3, '0')}`] = `${d % 100}`;
    games[`zzBench${g}`] = { time: '05:00 PM', sattaname: 'गली', days };
  }
  await admin.ref('sattanamee').update(games);
  const sockets: WebSocket[] = [];
  try {
    const before = memory(server.pid).rss;
    for (let i = 0; i < count; i++) {
      const { ws } = await rawSocket(server.port);
      ws.pause();
      sockets.push(ws);
      attack(ws);
    }
    await sleep(2000);
    const rssDuring = memory(server.pid).rss;
    if (leave) for (const ws of sockets) ws.terminate();
    const [read, rest] = await Promise.all([
      bystanderRead(server.port, 'greedy').then(
        (ms) => `${ms.toFixed(0)} ms`,
        (e: Error) => `failed (${e.message})`,
      ),
      bystanderRest(server),
    ]);
    const closedByServer = sockets.filter((ws) => ws.readyState !== ws.OPEN).length;
    return `RSS +${(rssDuring - before).toFixed(0)} MB during; new reader ${leave ? 'right after' : 'during'}: ${read}; REST GET: ${rest}${leave ? '' : `; ${closedByServer} of ${count} closed by the server`}`;
  } finally {
    for (const ws of sockets) ws.terminate();
    await admin.ref('sattanamee').update(Object.fromEntries(Object.keys(games).map((k) => [k, null])));
  }
}

/** Sockets an attack leaves open during the measurement after it; closed before the next attack. */
const heldSockets: WebSocket[] = [];

let clientCounter = 0;

/** A new SDK client connects and reads the game's time: ms until the value arrives. */
async function bystanderRead(port: number, label: string): Promise<number> {
  const app = clientApp(port, `bystander-${label}-${++clientCounter}`);
  try {
    const started = performance.now();
    await within(get(ref(getClientDatabase(app), TIME_PATH)), MEASURE_TIMEOUT_MS, 'bystander read');
    return performance.now() - started;
  } finally {
    await deleteClientApp(app);
  }
}

let liveCounter = 0;

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error('bench-hostile: deadline passed, stopping');
    process.exit(2);
  }, DEADLINE_MS);
  deadline.unref();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const server = await startServer(dataDir);
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `${HOST}:${server.port}`;
  let adminApp: App | null = null;
  let visitor: FirebaseApp | null = null;
  try {
    adminApp = initializeAdminApp({ projectId: PROJECT_ID, databaseURL: `http://${HOST}:${server.port}?ns=${NS}` }, 'bench-hostile-admin');
    const admin = getAdminDatabase(adminApp);
    await admin.ref('sattanamee/Gali').set({ time: '05:00 PM', place: 1, sattaname: 'गली' });

    // The visitor listens from the start and through every attack, as an open results page does.
    visitor = clientApp(server.port, 'bench-hostile-visitor');
    let latest: unknown = null;
    const changed: Array<() => void> = [];
    onValue(ref(getClientDatabase(visitor), TIME_PATH), (snap) => {
      latest = snap.val() as unknown;
      for (const notify of changed.splice(0)) notify();
    });

    const liveUpdate = async (): Promise<number> => {
      const n = ++liveCounter;
      const value = `${String((n % 12) + 1).padStart(2, '0')}:${String(n % 60).padStart(2, '0')} PM`;
      const seen = new Promise<void>((ok) => {
        const check = (): void => (latest === value ? ok() : void changed.push(check));
        changed.push(check);
      });
      const started = performance.now();
      await within(admin.ref(TIME_PATH).set(value), MEASURE_TIMEOUT_MS, 'admin write');
      await within(seen, MEASURE_TIMEOUT_MS, 'live update');
      return performance.now() - started;
    };

    let peak = 0;
    const measure = async (label: string, outcome: string): Promise<void> => {
      const read = await bystanderRead(server.port, label).then(
        (ms) => `${ms.toFixed(0)} ms`,
        () => 'FAILED',
      );
      const live = await liveUpdate().then(
        (ms) => `${ms.toFixed(0)} ms`,
        () => 'FAILED',
      );
      const { rss } = memory(server.pid);
      peak = Math.max(peak, rss);
      const row = `${label.padEnd(58)} read ${read.padStart(8)}  live ${live.padStart(8)}  RSS ${rss.toFixed(0).padStart(4)} MB  alive ${server.alive() ? 'yes' : 'NO'}\n    ${outcome}`;
      console.log(row);
    };

    console.log(`Hostile load against server/rtdb (pid ${server.pid}, port ${server.port}); bystander figures after each attack:`);
    await measure('baseline', 'no attack');
    const only = process.argv.slice(2);
    for (const attack of ATTACKS.filter((a) => only.length === 0 || only.includes(tagOf(a)) || only.includes(String(a.finding)))) {
      const outcome = await within(attack.run({ server, admin, dataDir }), ATTACK_TIMEOUT_MS, `attack ${tagOf(attack)}`).catch(
        (e: Error) => `attack failed: ${e.message}`,
      );
      await measure(`${tagOf(attack)} ${attack.name}`, outcome);
      for (const ws of heldSockets.splice(0)) ws.terminate();
      if (!server.alive()) break;
    }
    const { hwm } = memory(server.pid);
    console.log(`Peak RSS: ${peak.toFixed(0)} MB after an attack; high-water mark (VmHWM) ${hwm.toFixed(0)} MB`);
  } finally {
    for (const ws of heldSockets.splice(0)) ws.terminate();
    if (visitor) await deleteClientApp(visitor).catch(() => {});
    if (adminApp) await deleteAdminApp(adminApp).catch(() => {});
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  // The render service's floods of made-up addresses (R2.0), when no attack or R2.0 is named.
  .then(() => (process.argv.length <= 2 || process.argv.includes('R2.0') ? renderFloods() : undefined))
  // Connections that do not speak, against the render and notify services (R3.0).
  .then(() => (process.argv.length <= 2 || process.argv.includes('R3.0') ? connectionFloods() : undefined))
  // A subscription flood from 100 addresses until the cap, against the notify service (R3.3).
  .then(() => (process.argv.length <= 2 || process.argv.includes('R3.3') ? subscriptionFlood() : undefined))
  .then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bench-hostile failed: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    },
  );
