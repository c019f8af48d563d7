// A test notification while 10,000 junk subscriptions point at endpoints that never answer or
// answer very slowly, and 1,000 real ones at working push services: the local stack's notify
// service (its production defaults, local endpoints allowed) must serve the real ones at once
// and answer /send-test by its deadline; then the same for a published result. Each local port
// stands for one push service ("host"). The review measured, before the fix, 100 junk entries
// delaying a real push by 249 s and /send-test's answer by 253 s.
//
//   tsx scripts/bench-push-tarpit.ts [--junk 10000] [--real 1000]
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { DEMO_ADMIN, startStack } from './stack.ts';
import { DEFAULT_TIMEZONE, siteNow } from '../shared/domain/siteTime.ts';
import { subscriptionKey } from '../server/notify/src/subscription.ts';
import { rest, signIn } from '../server/notify/src/testing/localServices.ts';
import { startPushEndpoint, type PushEndpoint } from '../server/notify/src/testing/pushEndpoint.ts';
import { generateSubscriberKeys } from '../server/notify/src/testing/subscriberKeys.ts';
import { startTarpit, type Tarpit } from '../server/notify/src/testing/tarpit.ts';

const { values } = parseArgs({ options: { junk: { type: 'string', default: '10000' }, real: { type: 'string', default: '1000' } } });
const JUNK = Number(values.junk);
const REAL = Number(values.real);
const SILENT_HOSTS = 5;
const SLOW_HOSTS = 5;
const REAL_HOSTS = 4;
/** The slow hosts answer after this: inside the service's 10 s attempt timeout, far over its 2 s "slow". */
const SLOW_ANSWER_MS = 8_000;
const GOAL_MS = 10_000;
const GAME = 'Gali';

/** A push service that answers 201, but only after SLOW_ANSWER_MS. */
async function startSlowEndpoint(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    requests += 1;
    req.resume();
    const timer = setTimeout(() => res.writeHead(201).end(), SLOW_ANSWER_MS);
    res.on('close', () => clearTimeout(timer));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const stack = await startStack({ hosting: false });
const silent: Tarpit[] = [];
const slow: Awaited<ReturnType<typeof startSlowEndpoint>>[] = [];
const real: PushEndpoint[] = [];
try {
  for (let i = 0; i < SILENT_HOSTS; i += 1) silent.push(await startTarpit());
  for (let i = 0; i < SLOW_HOSTS; i += 1) slow.push(await startSlowEndpoint());
  for (let i = 0; i < REAL_HOSTS; i += 1) real.push(await startPushEndpoint({ keepBodies: false }));
  const keys = generateSubscriberKeys();
  const entries: Record<string, unknown> = {};
  const junkUrls = [...silent.map((t) => t.url), ...slow.map((s) => s.url)];
  for (let i = 0; i < JUNK; i += 1) {
    // Keys that sort before every real one, as in the review.
    entries[`000-junk-${String(i).padStart(6, '0')}`] = {
      endpoint: `${junkUrls[i % junkUrls.length]}/junk/${i}`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    };
  }
  for (let i = 0; i < REAL; i += 1) {
    const endpoint = (real[i % REAL_HOSTS] as PushEndpoint).endpoint(`/real/${i}`);
    entries[subscriptionKey(endpoint)] = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  }
  await rest(stack.urls.database, 'PUT', 'webPushSubscriptions', entries);
  await rest(stack.urls.database, 'PUT', `sattanamee/${GAME}`, { time: '11:30 PM', place: 11 });
  const token = await signIn(stack.urls.auth, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // The service re-reads the game list now and then; wait until it watches the game.
  for (const deadline = Date.now() + 60_000; ;) {
    const health = (await (await fetch(`${stack.urls.notify}/health`)).json()) as { watching?: { games: string[] } };
    if (health.watching?.games.includes(GAME)) break;
    if (Date.now() > deadline) throw new Error(`bench-push-tarpit: the notify service never watched ${GAME}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const started = Date.now();
  const response = await fetch(`${stack.urls.notify}/send-test`, { headers: { Authorization: `Bearer ${token}` } });
  const answer = await response.text();
  const answeredMs = Date.now() - started;
  const received = real.flatMap((r) => r.received);
  const lastRealMs = received.length ? Math.max(...received.map((r) => r.at)) - started : NaN;
  const firstRealMs = received.length ? Math.min(...received.map((r) => r.at)) - started : NaN;
  const distinct = new Set(received.map((r) => r.path)).size;

  console.log(
    `push fan-out past a tarpit: ${JUNK.toLocaleString('en')} junk subscriptions (keys sorting first) on ${SILENT_HOSTS} hosts that never answer and ${SLOW_HOSTS} that answer after ${SLOW_ANSWER_MS / 1000} s, ${REAL.toLocaleString('en')} real ones on ${REAL_HOSTS} working hosts (local stack, notify defaults)`,
  );
  console.log(`  real subscribers reached  ${distinct.toLocaleString('en')} of ${REAL.toLocaleString('en')}`);
  console.log(
    `  first / last real push    ${(firstRealMs / 1000).toFixed(2)} s / ${(lastRealMs / 1000).toFixed(2)} s after the request (goal: all within ${GOAL_MS / 1000} s: ${distinct === REAL && lastRealMs <= GOAL_MS ? 'met' : 'MISSED'})`,
  );
  console.log(`  /send-test answered       ${response.status} after ${(answeredMs / 1000).toFixed(2)} s: ${answer}`);
  console.log(
    `  junk requests made        ${silent.reduce((n, t) => n + t.connections(), 0)} connections to the silent hosts, ${slow.reduce((n, s) => n + s.requests(), 0)} requests to the slow ones`,
  );

  // The same past the same junk for a published result (its fan-out has a longer deadline).
  const before = received.length;
  const written = Date.now();
  await rest(stack.urls.database, 'PUT', `sattanamee/${GAME}/${siteNow(new Date(), DEFAULT_TIMEZONE).dateKey}/number`, '42');
  const resultPushes = () => real.flatMap((r) => r.received).filter((r) => r.at >= written);
  while (resultPushes().length < REAL && Date.now() - written < 60_000) await new Promise((resolve) => setTimeout(resolve, 50));
  const results = resultPushes();
  const lastResultMs = results.length ? Math.max(...results.map((r) => r.at)) - written : NaN;
  console.log(
    `  result: real reached      ${new Set(results.map((r) => r.path)).size.toLocaleString('en')} of ${REAL.toLocaleString('en')}, the last ${(lastResultMs / 1000).toFixed(2)} s after the admin's write (goal: within ${GOAL_MS / 1000} s: ${results.length >= REAL && lastResultMs <= GOAL_MS ? 'met' : 'MISSED'}; ${before.toLocaleString('en')} test pushes before)`,
  );
} finally {
  await Promise.all([...silent.map((t) => t.close()), ...slow.map((s) => s.close()), ...real.map((r) => r.close())]);
  await stack.stop();
}
