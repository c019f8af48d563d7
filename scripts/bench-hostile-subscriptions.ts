// A subscription flood against the notify service (issue 37, point 3): 100 source addresses post
// made-up but well-formed subscriptions as fast as the service answers, until it refuses them;
// then one IPv6 /64 spread over many addresses, and one key off the curve. The service runs with
// NOTIFY_TRUST_PROXY=1 (as on Cloud Run) so that X-Forwarded-For names the address, and with a
// small cap (NOTIFY_MAX_SUBSCRIPTIONS, 1,500 here) so that it is reached within the bench.
//
//   tsx scripts/bench-hostile-subscriptions.ts [--cap 1500] [--addresses 100]
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStack } from './stack.ts';
import { startNotifyProcess } from '../server/notify/src/testing/notifyProcess.ts';
import { generateSubscriberKeys } from '../server/notify/src/testing/subscriberKeys.ts';

const { values } = parseArgs({ options: { cap: { type: 'string', default: '1500' }, addresses: { type: 'string', default: '100' } } });
const CAP = Number(values.cap);
const ADDRESSES = Number(values.addresses);
const LIMIT_MS = 120_000;

/** The largest resident set in a process tree (the service runs under a guard process). */
function rssOf(pid: number): number {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    try {
      for (const task of readdirSync(`/proc/${tree[i]}/task`))
        tree.push(...readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch {
      // gone
    }
  }
  return Math.max(
    ...tree.map((p) => {
      try {
        return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      } catch {
        return 0;
      }
    }),
  );
}

const stack = await startStack({ hosting: false });
const dataDir = mkdtempSync(join(tmpdir(), 'bench-flood-'));
const notify = await startNotifyProcess({
  auth: stack.urls.auth,
  database: stack.urls.database,
  dataDir,
  env: { NOTIFY_DATABASE_NAMESPACE: 'bench-flood', NOTIFY_TRUST_PROXY: '1', NOTIFY_MAX_SUBSCRIPTIONS: String(CAP) },
});
try {
  const keys = generateSubscriberKeys();
  const post = async (address: string, body: unknown) => {
    const response = await fetch(`${notify.url}/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify(body),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
  };
  const subscription = (id: string) => ({
    endpoint: `https://fcm.googleapis.com/fcm/send/flood-${id}`,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rssBefore = rssOf(notify.pid);
  // One /64 first (the cap is not reached yet): each request from another of its addresses.
  const sixtyFour: number[] = [];
  for (let i = 0; i < 25; i += 1) sixtyFour.push((await post(`2001:db8:7:8:${(i + 1).toString(16)}::1`, subscription(`v6-${i}`))).status);

  const counts = new Map<number, number>();
  let firstFull = 0;
  let fullRetryAfter: string | null = null;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ADDRESSES }, async (_, a) => {
      const address = `198.51.${100 + Math.floor(a / 250)}.${a % 250}`;
      for (let i = 0; performance.now() - started < LIMIT_MS; i += 1) {
        const answer = await post(address, subscription(`${a}-${i}`));
        counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
        if (answer.status === 503 && !firstFull) {
          firstFull = performance.now() - started;
          fullRetryAfter = answer.retryAfter;
        }
        // Refused for good: this address stops (a real flood would go on to be refused).
        if (answer.status === 503 || answer.status === 429) break;
      }
    }),
  );
  const floodS = (performance.now() - started) / 1000;
  const rssAfter = rssOf(notify.pid);
  const stored = counts.get(201) ?? 0;

  const offCurve = Buffer.from(keys.p256dh, 'base64url');
  offCurve[64] = (offCurve[64] ?? 0) ^ 1;
  const off = await post('203.0.113.9', { ...subscription('off'), keys: { p256dh: offCurve.toString('base64url'), auth: keys.auth } });
  const capLines = notify.output().match(/notify: subscription cap reached[^\n]*/g) ?? [];

  console.log(`subscription flood from ${ADDRESSES} addresses (NOTIFY_MAX_SUBSCRIPTIONS=${CAP}, 20 new per address per hour)`);
  console.log(`  answers      ${[...counts].map(([status, n]) => `${status}: ${n}`).join(', ')} in ${floodS.toFixed(1)} s`);
  console.log(
    `  stored       ${stored} (the cap ${CAP}); first 503 after ${(firstFull / 1000).toFixed(1)} s, Retry-After ${fullRetryAfter ?? '-'}`,
  );
  console.log(`  notify RSS   ${(rssBefore / 1048576).toFixed(0)} MB before, ${(rssAfter / 1048576).toFixed(0)} MB after`);
  console.log(`  log          ${capLines.length} cap line(s): ${capLines[0] ?? '(none)'}`);
  console.log(`one IPv6 /64, 25 addresses: ${sixtyFour.join(' ')}`);
  console.log(`a p256dh off the curve: ${off.status} ${off.body}`);
} finally {
  await notify.stop();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
