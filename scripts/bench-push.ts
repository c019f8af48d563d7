// Fan-out of one result to 100,000 push subscriptions against a fake push service on 127.0.0.1,
// which answers 201 like FCM does: a notify service of the bench's own (its own database
// namespace) sees the admin's write of today's number and sends every subscriber a real
// encrypted web push (RFC 8291, VAPID-signed), through its shards. Measured:
//   - the notify service's start and restart with the subscriptions stored: time to /readyz 200;
//   - its memory (RSS) with none and with all of them loaded: bytes per subscription;
//   - a result of a game every subscription follows, then, once half of them follow only that
//     second game, a result of the second game (half of them): time from the write to the last
//     push (the undo window set to 0: what follows the window is measured), messages per second
//     per core (CPU seconds of the notify process during the fan-out);
//   - the size of one stored subscription (the database's cost).
// The subscriptions are generated here and written to the local database; nothing is committed.
//
//   tsx scripts/bench-push.ts [--subscriptions 100000]
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import { startStack } from './stack.ts';
import { DEFAULT_TIMEZONE, siteNow } from '../shared/domain/siteTime.ts';
import { subscriptionKey } from '../server/notify/src/subscription.ts';
import { rest } from '../server/notify/src/testing/localServices.ts';
import { startNotifyProcess, type NotifyProcess } from '../server/notify/src/testing/notifyProcess.ts';
import { startPushEndpoint } from '../server/notify/src/testing/pushEndpoint.ts';
import { generateSubscriberKeys } from '../server/notify/src/testing/subscriberKeys.ts';
import { decryptWebPush } from '../server/notify/src/testing/webPushDecrypt.ts';
import { pushRequest, vapidSigner } from '../server/notify/src/webPushEncrypt.ts';

const { values } = parseArgs({ options: { subscriptions: { type: 'string', default: '100000' } } });
const COUNT = Number(values.subscriptions);
const GAME = 'Gali';
const NUMBER = '42';
/** The game half of the subscriptions follow in the second run. */
const HALF_GAME = 'Disawar';
const HALF_NUMBER = '17';
/** The run is bounded: whatever arrived by then is reported. */
const LIMIT_MS = 5 * 60_000;
/** A namespace of the bench's own: the stack's notify service does not watch it. */
const NS = 'bench-push';
/** An FCM endpoint's token is about 150 characters; the stored entries are as long. */
const TOKEN = 'x'.repeat(140);

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** A process and its descendants (the service runs under a guard process), from /proc. */
function processTree(pid: number): number[] {
  const children = (p: number): number[] => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((task) =>
        readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i += 1) all.push(...children(all[i] ?? 0));
  return all;
}

/** Resident memory of the service's own process (the largest of its tree) and the tree's CPU seconds (user + system), from /proc. */
function processStats(pid: number): { rss: number; cpu: number } {
  let rss = 0;
  let cpu = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      rss = Math.max(rss, Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu += (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return { rss, cpu };
}

/** What one core does alone: the new per-message work, and web-push's (which signs each message). */
function encryptionRates(keys: ReturnType<typeof generateSubscriberKeys>): { ours: number; webPush: number } {
  const vapid = { subject: 'mailto:bench@example.com', source: 'generated' as const, ...webpush.generateVAPIDKeys() };
  const subscription = { endpoint: `https://fcm.googleapis.com/fcm/send/${TOKEN}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  const payload = JSON.stringify({ title: `${GAME}: ${NUMBER}`, body: 'आज का रिज़ल्ट' });
  const signer = vapidSigner(vapid);
  const rate = (n: number, work: () => void) => {
    const started = performance.now();
    for (let i = 0; i < n; i += 1) work();
    return n / ((performance.now() - started) / 1000);
  };
  return {
    ours: rate(2000, () => pushRequest(subscription, Buffer.from(payload), { ttlSeconds: 60, urgency: 'high' }, signer)),
    webPush: rate(500, () => webpush.generateRequestDetails(subscription, payload, { vapidDetails: vapid, contentEncoding: 'aes128gcm' })),
  };
}

/** CPU seconds of this process's children other than the service measured (the database, auth, the stack's notify). */
function othersCpu(servicePid: number): number {
  const service = new Set(processTree(servicePid));
  let cpu = 0;
  for (const p of processTree(process.pid)) {
    if (p === process.pid || service.has(p)) continue;
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu += (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

async function waitReady(notify: NotifyProcess, started: number): Promise<number> {
  for (;;) {
    const response = await fetch(`${notify.url}/readyz`).catch(() => null);
    if (response?.status === 200) return (performance.now() - started) / 1000;
    if (performance.now() - started > 120_000) throw new Error(`bench-push: not ready in 120 s:\n${notify.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const loadStarted = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const stack = await startStack({ hosting: false });
// Lean: the fake push service answers 201 with as little work as can be (it shares the cores).
const push = await startPushEndpoint({ lean: true });
const dataDir = mkdtempSync(join(tmpdir(), 'bench-push-'));
let notify: NotifyProcess | undefined;
try {
  const db = stack.urls.database;
  const start = async () => {
    const started = performance.now();
    notify = await startNotifyProcess({
      auth: stack.urls.auth,
      database: db,
      dataDir,
      env: { NOTIFY_DATABASE_NAMESPACE: NS, NOTIFY_GAMES_REFRESH_MS: '1000' },
    });
    return { notify, readyS: await waitReady(notify, started) };
  };

  // The service with no subscription: its memory before any is loaded.
  const empty = await start();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const emptyRss = processStats(empty.notify.pid).rss;
  await empty.notify.stop();

  const keys = generateSubscriberKeys();
  const endpoints: string[] = [];
  let entryBytes = 0;
  for (let chunk = 0; chunk < COUNT; chunk += 10_000) {
    const entries: Record<string, unknown> = {};
    for (let i = chunk; i < Math.min(COUNT, chunk + 10_000); i += 1) {
      const endpoint = push.endpoint(`/fcm/send/${TOKEN}/${i}`);
      endpoints.push(endpoint);
      const entry = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, createdAt: Date.now() };
      entries[subscriptionKey(endpoint)] = entry;
      if (i === 0) entryBytes = JSON.stringify({ [subscriptionKey(endpoint)]: entry }).length;
    }
    await rest(db, 'PATCH', 'webPushSubscriptions', entries, undefined, NS);
  }
  const today = siteNow(new Date(), DEFAULT_TIMEZONE).dateKey;
  // Pushed as soon as it is written: the undo window is not what is measured.
  await rest(db, 'PUT', 'notifyState/undoWindowSec', 0, undefined, NS);
  await rest(
    db,
    'PATCH',
    'sattanamee',
    { [GAME]: { time: '11:30 PM', place: 11 }, [HALF_GAME]: { time: '02:00 AM', place: 12 } },
    undefined,
    NS,
  );

  // Start with them all stored, then restart (stop as on SIGTERM, start again).
  const first = await start();
  const restartStarted = performance.now();
  await first.notify.stop();
  const restarted = await start();
  const restartS = (performance.now() - restartStarted) / 1000;
  // The new process's CPU so far is its start's: on a loaded machine the wall time is mostly waiting.
  const restartCpuS = processStats(restarted.notify.pid).cpu;
  const service = restarted.notify;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const loadedRss = processStats(service.pid).rss;

  // The service re-reads the game list now and then; wait until it watches the games.
  for (const deadline = Date.now() + 60_000; ;) {
    const health = (await (await fetch(`${service.url}/health`)).json()) as { watching?: { games: string[] } };
    if (health.watching?.games.includes(GAME) && health.watching.games.includes(HALF_GAME)) break;
    if (Date.now() > deadline) throw new Error(`bench-push: the notify service never watched ${GAME} and ${HALF_GAME}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  /** Publishes `number` of `game` and waits until `expected` pushes arrived (or LIMIT_MS). */
  const run = async (game: string, number: string, expected: number) => {
    const before = push.received.length;
    const cpuBefore = processStats(service.pid).cpu;
    const othersBefore = othersCpu(service.pid);
    const ownBefore = process.cpuUsage();
    let peakRss = 0;
    const written = Date.now();
    await rest(db, 'PUT', `sattanamee/${game}/${today}/number`, number, undefined, NS);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        peakRss = Math.max(peakRss, processStats(service.pid).rss);
        if (push.received.length - before >= expected || Date.now() - written > LIMIT_MS) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
    });
    const cpu = processStats(service.pid).cpu - cpuBefore;
    const own = process.cpuUsage(ownBefore);
    const pushCpu = (own.user + own.system) / 1e6;
    const othersCpuS = othersCpu(service.pid) - othersBefore;
    // Late extras (a push to a subscription that does not follow the game) would show here.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const received = push.received.slice(before);
    let first = Infinity;
    let last = 0;
    for (const r of received) {
      first = Math.min(first, r.at);
      last = Math.max(last, r.at);
    }
    return { game, expected, written, received, first, last, cpu, pushCpu, othersCpuS, peakRss, load: loadavg()[0]?.toFixed(1) ?? '?' };
  };

  const report = (title: string, outcome: Awaited<ReturnType<typeof run>>, wrong: number) => {
    const { game, expected, written, received, first, last, cpu, pushCpu, othersCpuS, peakRss } = outcome;
    const distinct = new Set(received.map((r) => r.path)).size;
    // The lean push service keeps one body in 1,000: the first kept one of this run.
    const kept = received.find((r) => r.body.length > 0);
    const sample = kept ? (JSON.parse(decryptWebPush(kept.body, keys)) as { title?: string }) : null;
    const totalS = (last - written) / 1000;
    console.log(title);
    console.log(
      `  delivered             ${received.length.toLocaleString('en')} requests to ${distinct.toLocaleString('en')} endpoints of ${expected.toLocaleString('en')} following ${game}${received.length < expected ? ` (stopped after ${LIMIT_MS / 60_000} min)` : ''}`,
    );
    console.log(`  to non-followers      ${wrong.toLocaleString('en')}`);
    console.log(`  write -> first push   ${((first - written) / 1000).toFixed(2)} s`);
    console.log(`  write -> last push    ${totalS.toFixed(2)} s`);
    console.log(`  sends per second      ${Math.round(received.length / totalS).toLocaleString('en')}`);
    console.log(
      `  per core              ${Math.round(received.length / cpu).toLocaleString('en')} messages per CPU second (${cpu.toFixed(1)} s of CPU)`,
    );
    const us = (seconds: number) => `${Math.round((seconds / received.length) * 1e6)} µs`;
    console.log(
      `  CPU per message       notify ${us(cpu)}; fake push service (this process) ${us(pushCpu)}; database, auth, the stack's notify ${us(othersCpuS)}; all ${us(cpu + pushCpu + othersCpuS)} (${(cpu + pushCpu + othersCpuS).toFixed(1)} s)`,
    );
    console.log(`  notify RSS, peak      ${mb(peakRss)}`);
    console.log(`  load average after    ${outcome.load} (1 min; ${availableParallelism()} cores)`);
    console.log(`  sample payload        ${sample?.title ?? '(none)'} (decrypted with the subscriber's keys)`);
  };

  const everyone = await run(GAME, NUMBER, COUNT);

  // Half follow only HALF_GAME (even numbers), the other half only GAME: multi-path updates.
  for (let chunk = 0; chunk < COUNT; chunk += 10_000) {
    const choices: Record<string, unknown> = {};
    for (let i = chunk; i < Math.min(COUNT, chunk + 10_000); i += 1) {
      choices[`${subscriptionKey(endpoints[i] ?? '')}/games`] = { [i % 2 === 0 ? HALF_GAME : GAME]: true };
    }
    await rest(db, 'PATCH', 'webPushSubscriptions', choices, undefined, NS);
  }
  // 100,000 choices changing at once is no visitor's doing: let the service take them in first.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const half = await run(HALF_GAME, HALF_NUMBER, Math.ceil(COUNT / 2));
  const wrong = half.received.filter((r) => Number(r.path.split('/').pop()) % 2 === 1).length;
  const shards = service.output().match(/follower\(s\) in \d+ shard\(s\)/g) ?? [];
  // Where the start's time goes: the list streamed, parsed and indexed (subscriptionStore.ts logs it).
  const loadLine = /notify: \d+ push subscription\(s\) loaded \((indexed in [^)]*)\)/.exec(service.output())?.[1];

  console.log(`push fan-out to ${COUNT.toLocaleString('en')} subscriptions (a notify service of its own, fake push service on 127.0.0.1)`);
  console.log(
    `  machine: ${availableParallelism()} cores; load average ${loadStarted} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} now (1, 5, 15 min)`,
  );
  console.log(`  start with them stored, to /readyz 200      ${first.readyS.toFixed(2)} s`);
  console.log(
    `  restart (SIGTERM, start, /readyz 200)       ${restartS.toFixed(2)} s (of which ready after start ${restarted.readyS.toFixed(2)} s; ${restartCpuS.toFixed(1)} s of the service's CPU)`,
  );
  console.log(
    `  memory (RSS): none loaded ${mb(emptyRss)}, all loaded ${mb(loadedRss)}: ${Math.round((loadedRss - emptyRss) / COUNT)} bytes per subscription`,
  );
  console.log(`  one stored subscription (JSON as the database holds it)  ${entryBytes} bytes`);
  console.log(`  of the restart: the list (REST stream)     ${loadLine ?? '?'}`);
  console.log(`  shards                                      ${shards.join('; ')}`);
  report(`a result of ${GAME}, which every subscription follows`, everyone, 0);
  report(`a result of ${HALF_GAME}, which half of them follow (the other half follow only ${GAME})`, half, wrong);
  const rates = encryptionRates(keys);
  console.log(
    `encryption alone, one core: ${Math.round(rates.ours).toLocaleString('en')} messages/s (ECDH + HKDF + AES-GCM; VAPID signed once per push service); web-push, which signs each: ${Math.round(rates.webPush).toLocaleString('en')}/s`,
  );
} finally {
  await notify?.stop();
  await push.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
