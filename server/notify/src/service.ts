import type { FastifyInstance } from 'fastify';
import { GAMES } from '@satta/shared/domain/games';
import { addDays } from '@satta/shared/domain/siteTime';
import { checkAdmin } from './adminAuth.ts';
import { buildApp } from './app.ts';
import type { NotifyConfig } from './config.ts';
import { createEndpointPolicy } from './endpointPolicy.ts';
import { createEncryptor } from './encryptPool.ts';
import { createFanOut } from './fanOut.ts';
import { heapCollector } from './heapCollector.ts';
import { connectFirebase } from './firebase.ts';
import { listGames } from './gameList.ts';
import { createLimiter } from './limiter.ts';
import { TEST_DELIVERY, testPayload, type DeliveryOptions, type NotificationPayload } from './payload.ts';
import { httpTransport } from './pushTransport.ts';
import { createRateLimiter } from './rateLimit.ts';
import { watchResults } from './resultWatcher.ts';
import { createScheduledPublisher } from './scheduledPublisher.ts';
import { sentLedger } from './sentLedger.ts';
import {
  cloudTasksDriver,
  googleOidcAuth,
  inProcessDriver,
  localShardSecret,
  parseShardRequest,
  secretShardAuth,
  shardCount,
  shardRequests,
  announcementId,
  type ShardDriver,
  type TasksClient,
} from './shards.ts';
import { createShardRunner } from './shardRunner.ts';
import { createSubscriptionBounds } from './subscriptionBounds.ts';
import { feedSourceOf, subscriptionStore } from './subscriptionStore.ts';
import type { Target } from './fanOut.ts';
import { createPublishQueue } from './undoWindow.ts';
import { resolveVapidKeys, type VapidKeys } from './vapidKeys.ts';
import { logEvent } from '../../log/log.ts';

/** A log line, with fields for Cloud Logging's structured entry (server/log/log.ts). */
export type EventLog = (line: string, fields?: Record<string, unknown>) => void;

/** Days of notifyState/sent kept: enough for a result corrected the morning after. */
const LEDGER_DAYS = 7;

export interface NotifyService {
  app: FastifyInstance;
  vapid: VapidKeys;
  /** Resolves once today's listeners are attached. */
  watching: Promise<void>;
  /**
   * Stops as on SIGTERM: no new request or publish is taken, and what is under way (a publish, a
   * request, a fan-out) may finish within `graceMs` (default 8 s, inside Cloud Run's 10 s).
   */
  close(graceMs?: number): Promise<void>;
}

/** The whole service wired from its configuration; main.ts only adds the CLI and the port. */
export function createNotifyService(config: NotifyConfig, log: EventLog = (line, fields) => logEvent('INFO', line, fields)): NotifyService {
  const vapid = resolveVapidKeys({ ...config.vapid, dataDir: config.dataDir, allowGenerate: config.emulated });
  const firebase = connectFirebase(config);
  const bounds = createSubscriptionBounds({
    maxTotal: config.maxSubscriptions,
    perClient: config.subscriptionsPerAddress,
    windowMs: 3_600_000,
    log,
  });
  // Full collections after the list is loaded and every 10,000 messages: the heap stays near the list's size.
  const collector = heapCollector(10_000);
  const store = subscriptionStore(firebase.db, {
    timeoutMs: config.backendTimeoutMs,
    log,
    bounds,
    feed: feedSourceOf(firebase.db, { base: config.restBase, namespace: config.restNamespace }),
    // Once the load's text and parsed entries are off the stack.
    loaded: () => void setImmediate(() => collector.collect()),
  });
  const ledger = sentLedger(firebase.db);
  const endpointPolicy = createEndpointPolicy({ pushHosts: config.pushHosts, allowLocal: config.allowLocalEndpoints });
  const transport = httpTransport({
    maxSockets: config.concurrency,
    connectTimeoutMs: config.connectTimeoutMs,
    idleTimeoutMs: 30_000,
    allowLoopback: config.allowLocalEndpoints,
  });
  const encryptor = createEncryptor(config.encryptWorkers);
  const fanOut = createFanOut({
    vapid,
    encryptor,
    transport: transport.send,
    limiter: createLimiter(config.concurrency),
    concurrency: config.concurrency,
    hostConcurrency: config.hostConcurrency,
    maxAttempts: config.maxAttempts,
    retryBaseMs: config.retryBaseMs,
    maxRetryAfterMs: config.maxRetryAfterMs,
    requestTimeoutMs: config.requestTimeoutMs,
    slowAnswerMs: config.slowAnswerMs,
    endpointPolicy,
    removeGone: (key) => store.remove(key),
    collector,
    log,
  });

  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  /** Lists the subscriptions (`list` within its share of the time) and sends to them, the whole within `deadlineMs`. */
  const listAndSend = async (
    list: (timeoutMs: number) => Promise<Target[]>,
    payload: NotificationPayload,
    delivery: DeliveryOptions,
    deadlineMs: number,
  ) => {
    const started = performance.now();
    const targets = await list(Math.max(1, Math.min(config.backendTimeoutMs, deadlineMs)));
    return fanOut(targets, payload, delivery, deadlineMs - (performance.now() - started));
  };

  const runShard = createShardRunner({
    ledger,
    followers: (game, timeoutMs) => store.followers(game, timeoutMs),
    send: listAndSend,
    icon: config.icon,
    deadlineMs: config.shardDeadlineMs,
    leaseMs: config.shardDeadlineMs + 30_000,
    log,
  });

  // The queue the shards go through: Cloud Tasks when configured, else one in this process that
  // delivers the same requests to this app (app.inject), retrying as the queue would.
  const localSecret = localShardSecret();
  const shardAuth = config.tasks
    ? googleOidcAuth({ audience: config.tasks.url, serviceAccount: config.tasks.serviceAccount })
    : secretShardAuth(localSecret);
  const driver: ShardDriver = config.tasks
    ? cloudTasksDriver({ ...config.tasks, dispatchDeadlineSec: Math.ceil(config.shardDeadlineMs / 1000) + 10 }, lazyTasksClient())
    : inProcessDriver({
        deliver: async (shard) => {
          const response = await app.inject({
            method: 'POST',
            url: '/shards',
            headers: { authorization: `Bearer ${localSecret}` },
            payload: shard,
          });
          const retryAfter = Number(response.headers['retry-after']);
          return { status: response.statusCode, ...(retryAfter > 0 ? { retryAfterSec: retryAfter } : {}) };
        },
        track,
        log,
      });

  const announce = async ({ date, game, number }: { date: string; game: string; number: string }) => {
    try {
      // The claim is not bounded: a transaction cannot be called off, and one that commits after
      // we stopped waiting would mark the result announced when nothing was sent. Nobody waits on
      // it (the result arrived from this database a moment ago); what follows it is bounded.
      const claim = await ledger.claim(date, game, number);
      if (!claim.claimed) return;
      // Cut into shards of at most NOTIFY_SHARD_SIZE followers, each sent by one POST /shards.
      const followers = (await store.followers(game, config.backendTimeoutMs)).length;
      const count = shardCount(followers, config.shardSize);
      await driver.enqueue(shardRequests({ date, game, number, previous: claim.previous, announcement: announcementId() }, count));
      log(`notify: ${game} ${number} (${date}): ${followers} follower(s) in ${count} shard(s), handed to ${driver.name}`, {
        event: 'result-shards',
        game,
        number,
        date,
        followers,
        shards: count,
      });
    } catch (error) {
      log(`notify: announcing ${game} ${number} (${date}) failed: ${(error as Error).message}`);
    }
  };

  // A result is pushed when its undo window ends, not when it arrives (undoWindow.ts).
  const queue = createPublishQueue({
    db: firebase.db,
    ledger,
    announce: (result) => {
      const work = announce(result);
      track(work);
      return work;
    },
    log,
  });

  const watcher = watchResults({
    db: firebase.db,
    timezone: config.timezone,
    listGames: () => listGames({ restBase: config.restBase, namespace: config.restNamespace }),
    onResult: (result) => track(queue.onResult(result)),
    onRemoved: (date, game) => track(queue.onRemoved(date, game)),
    onDay: (day) =>
      track(
        Promise.all([ledger.prune(addDays(day, -LEDGER_DAYS)), queue.prune(day)]).then(
          () => undefined,
          (error: unknown) => log(`notify: pruning notifyState failed: ${String(error)}`),
        ),
      ),
    gamesRefreshMs: config.gamesRefreshMs,
    dayCheckMs: config.dayCheckMs,
    log,
  });

  // Numbers the admin scheduled ahead of time: published at their time, then pushed like any
  // publish (the watcher above sees the result and the undo window applies).
  const scheduled = createScheduledPublisher({ db: firebase.db, timezone: config.timezone, log });

  // Readiness: today's results are being watched and the database connection is up.
  let watchingReady = false;
  let connected = false;
  let stopping = false;
  const connection = firebase.db.ref('.info/connected');
  const onConnection = connection.on('value', (snapshot) => {
    connected = snapshot.val() === true;
  });
  const watching = Promise.all([watcher.ready, scheduled.ready]).then(() => {
    watchingReady = true;
  });

  const app = buildApp({
    allowedOrigins: config.allowedOrigins,
    rateLimiter: createRateLimiter({ limit: config.rateLimitPerMinute, windowMs: 60_000 }),
    trustProxyHops: config.trustProxyHops,
    endpointPolicy,
    vapidPublicKey: vapid.publicKey,
    checkAdmin: (header) => checkAdmin(firebase.auth, header, config.backendTimeoutMs),
    saveSubscription: (subscription, previous, client) => store.save(subscription, previous, client),
    setGames: (endpoint, games) => store.setGames(endpoint, games),
    knownGames: () => {
      const watched = watcher.games();
      return watched.length ? watched : GAMES.map((game) => game.name);
    },
    sendTest: (deadlineMs) => listAndSend((timeoutMs) => store.list(timeoutMs), testPayload(config.icon), TEST_DELIVERY, deadlineMs),
    sendTestDeadlineMs: config.sendTestDeadlineMs,
    watching: () => ({ day: watcher.day(), games: watcher.games() }),
    notReady: () =>
      stopping
        ? 'stopping'
        : !watchingReady
          ? 'not watching the results yet'
          : !connected
            ? 'database unreachable'
            : !store.loaded()
              ? 'push subscriptions not loaded yet'
              : null,
    log,
  });

  app.post('/shards', async (request, reply) => {
    if (!(await shardAuth(request.headers.authorization)))
      return reply.code(401).send({ error: 'A shard is delivered by the queue only (an OIDC token of its account).' });
    const parsed = parseShardRequest(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: `Invalid shard: ${parsed.error}` });
    const answer = await runShard(parsed.shard);
    if (answer.retryAfterSec !== undefined) reply.header('Retry-After', String(answer.retryAfterSec));
    return reply.code(answer.status).send(answer.body);
  });

  return {
    app,
    vapid,
    watching,
    async close(graceMs = 8_000) {
      stopping = true;
      // Everything below shares one deadline: Cloud Run kills the instance 10 s after SIGTERM.
      const end = performance.now() + graceMs;
      const within = (work: Promise<unknown>) =>
        Promise.race([work, new Promise((resolve) => setTimeout(resolve, Math.max(0, end - performance.now())).unref())]);
      // A publish under way finishes (its write is one update).
      await within(scheduled.close());
      watcher.stop();
      queue.close();
      driver.close();
      connection.off('value', onConnection);
      // Refuses new requests and lets those under way answer (a /send-test within the deadline).
      await within(app.close());
      // Let a fan-out that is under way finish its current requests rather than cut it mid-way.
      await within(Promise.allSettled([...inFlight]));
      store.close();
      transport.close();
      encryptor.close();
      await firebase.close();
    },
  };
}

/** `@google-cloud/tasks`' client, loaded with the first shard (only a service with a queue needs it). */
function lazyTasksClient(): TasksClient {
  let client: Promise<TasksClient> | null = null;
  const get = () => (client ??= import('./cloudTasksClient.ts').then((module) => module.cloudTasksClient()));
  return {
    createTask: async (request) => (await get()).createTask(request),
    close: async () => {
      if (client) await (await client).close();
    },
  };
}
