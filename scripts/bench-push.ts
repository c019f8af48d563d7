// Fan-out of one result to 10,000 push subscriptions: the local stack's notify service sees the
// admin's write of today's number and sends every subscriber a real encrypted web push (RFC 8291,
// VAPID-signed) to a fake push service on 127.0.0.1, which answers 201 like FCM does. Twice: a
// result of a game every subscription follows (all of them), then, once half of them follow only
// that second game and the other half only the first, a result of the second game (half of them;
// the index of followers means the other half cost nothing).
//
//   tsx scripts/bench-push.ts [--subscriptions 10000]
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import { startStack } from './stack.ts';
import { siteNow } from '../shared/domain/siteTime.ts';
import { subscriptionKey } from '../server/notify/src/subscription.ts';
import { rest } from '../server/notify/src/testing/localServices.ts';
import { startPushEndpoint } from '../server/notify/src/testing/pushEndpoint.ts';
import { generateSubscriberKeys } from '../server/notify/src/testing/subscriberKeys.ts';
import { decryptWebPush } from '../server/notify/src/testing/webPushDecrypt.ts';

const { values } = parseArgs({ options: { subscriptions: { type: 'string', default: '10000' } } });
const COUNT = Number(values.subscriptions);
const GAME = 'Gali';
const NUMBER = '42';
/** The game half of the subscriptions follow in the second run. */
const HALF_GAME = 'Disawar';
const HALF_NUMBER = '17';
/** The run is bounded: whatever arrived by then is reported. */
const LIMIT_MS = 10 * 60_000;

/** What one core does alone: encrypt and VAPID-sign requests without sending them. */
function encryptionRate(keys: ReturnType<typeof generateSubscriberKeys>): number {
  const vapid = { subject: 'mailto:bench@example.com', ...webpush.generateVAPIDKeys() };
  const subscription = { endpoint: 'https://push.example/x', keys: { p256dh: keys.p256dh, auth: keys.auth } };
  const payload = JSON.stringify({ title: `${GAME}: ${NUMBER}`, body: 'आज का रिज़ल्ट' });
  const n = 500;
  const started = performance.now();
  for (let i = 0; i < n; i += 1)
    webpush.generateRequestDetails(subscription, payload, { vapidDetails: vapid, contentEncoding: 'aes128gcm' });
  return n / ((performance.now() - started) / 1000);
}

const stack = await startStack({ hosting: false });
const push = await startPushEndpoint();
try {
  const keys = generateSubscriberKeys();
  // Distinct endpoints, one key pair: the sender's cost is per message either way (a fresh
  // ephemeral key and salt for every request).
  const entries: Record<string, unknown> = {};
  const endpoints: string[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    const endpoint = push.endpoint(`/bench/${i}`);
    endpoints.push(endpoint);
    entries[subscriptionKey(endpoint)] = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, createdAt: Date.now() };
  }
  const today = siteNow(new Date(), 'Asia/Kolkata').dateKey;
  await rest(stack.urls.database, 'PUT', 'webPushSubscriptions', entries);
  // Pushed as soon as it is written: the undo window is not what is measured.
  await rest(stack.urls.database, 'PUT', 'notifyState/undoWindowSec', 0);
  await rest(stack.urls.database, 'PATCH', 'sattanamee', {
    [GAME]: { time: '11:30 PM', place: 11 },
    [HALF_GAME]: { time: '02:00 AM', place: 12 },
  });

  // The service re-reads the game list now and then; wait until it watches the games.
  for (const deadline = Date.now() + 60_000; ;) {
    const health = (await (await fetch(`${stack.urls.notify}/health`)).json()) as { watching?: { games: string[] } };
    if (health.watching?.games.includes(GAME) && health.watching.games.includes(HALF_GAME)) break;
    if (Date.now() > deadline) throw new Error(`bench-push: the notify service never watched ${GAME} and ${HALF_GAME}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  /** Publishes `number` of `game` and waits until `expected` pushes arrived (or LIMIT_MS). */
  const run = async (game: string, number: string, expected: number) => {
    const before = push.received.length;
    const written = Date.now();
    await rest(stack.urls.database, 'PUT', `sattanamee/${game}/${today}/number`, number);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (push.received.length - before >= expected || Date.now() - written > LIMIT_MS) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
    // Late extras (a push to a subscription that does not follow the game) would show here.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const received = push.received.slice(before);
    const last = Math.max(...received.map((r) => r.at));
    const first = Math.min(...received.map((r) => r.at));
    return { game, expected, written, received, first, last };
  };

  const report = (title: string, { game, expected, written, received, first, last }: Awaited<ReturnType<typeof run>>, wrong: number) => {
    const distinct = new Set(received.map((r) => r.path)).size;
    const sample = received[0] ? (JSON.parse(decryptWebPush(received[0].body, keys)) as { title?: string }) : null;
    const totalS = (last - written) / 1000;
    console.log(title);
    console.log(
      `  delivered            ${received.length.toLocaleString('en')} requests to ${distinct.toLocaleString('en')} endpoints of ${expected.toLocaleString('en')} following ${game}${received.length < expected ? ` (stopped after ${LIMIT_MS / 60_000} min)` : ''}`,
    );
    console.log(`  to non-followers     ${wrong.toLocaleString('en')}`);
    console.log(`  write -> first push  ${((first - written) / 1000).toFixed(2)} s`);
    console.log(`  write -> last push   ${totalS.toFixed(2)} s`);
    console.log(`  sends per second     ${Math.round(received.length / totalS).toLocaleString('en')}`);
    console.log(`  sample payload       ${sample?.title ?? '(none)'} (decrypted with the subscriber's keys)`);
  };

  const everyone = await run(GAME, NUMBER, COUNT);

  // Half follow only HALF_GAME (even numbers), the other half only GAME: one multi-path update.
  const choices: Record<string, unknown> = {};
  endpoints.forEach((endpoint, i) => {
    choices[`${subscriptionKey(endpoint)}/games`] = { [i % 2 === 0 ? HALF_GAME : GAME]: true };
  });
  await rest(stack.urls.database, 'PATCH', 'webPushSubscriptions', choices);
  // 10,000 choices changing at once is no visitor's doing: let the service take them in first.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const half = await run(HALF_GAME, HALF_NUMBER, Math.ceil(COUNT / 2));
  const wrong = half.received.filter((r) => Number(r.path.split('/').pop()) % 2 === 1).length;

  console.log(`push fan-out to ${COUNT.toLocaleString('en')} subscriptions (local stack, fake push service on 127.0.0.1)`);
  report(`a result of ${GAME}, which every subscription follows`, everyone, 0);
  report(`a result of ${HALF_GAME}, which half of them follow (the other half follow only ${GAME})`, half, wrong);
  console.log(
    `encryption alone       ${Math.round(encryptionRate(keys)).toLocaleString('en')} requests/s on one core (ECDH + HKDF + AES-GCM + ES256)`,
  );
} finally {
  await push.close();
  await stack.stop();
}
