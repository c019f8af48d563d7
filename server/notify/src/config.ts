import { join } from 'node:path';
import { defaultEncryptWorkers } from './encryptPool.ts';
import { DEFAULT_PUSH_HOSTS, parseHostPattern } from './endpointPolicy.ts';
import { defaultNamespace } from '@satta/shared/data/namespace';
import { DEFAULT_TIMEZONE } from '@satta/shared/domain/siteTime';

/** Everything the notify service reads from its environment, resolved once at start. */
export interface NotifyConfig {
  projectId: string;
  /** firebase-admin's databaseURL; with the emulator its first label is the namespace. */
  databaseURL: string;
  /** Base URL for REST reads (the shallow game list): the emulator's, or databaseURL. */
  restBase: string;
  /** `?ns=` for REST reads against the emulator; null in production. */
  restNamespace: string | null;
  /** True against the local Auth emulator and server/rtdb (FIREBASE_*_EMULATOR_HOST). */
  emulated: boolean;
  /** Where generated VAPID keys are kept on a developer machine. */
  dataDir: string;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** Origins allowed by CORS; ['*'] allows any. */
  allowedOrigins: string[];
  /** Requests per minute per client IP on the HTTP endpoints. */
  rateLimitPerMinute: number;
  /** Most subscriptions stored; a new one past it is refused with 503 (subscriptionBounds.ts). */
  maxSubscriptions: number;
  /** New subscriptions per hour from one address (an IPv6 /64 counts as one). */
  subscriptionsPerAddress: number;
  /** Most followers of one result sent by one shard (one POST /shards), see shards.ts. */
  shardSize: number;
  /** One shard's fan-out ends by then (with Cloud Tasks inside Cloud Run's request timeout). */
  shardDeadlineMs: number;
  /**
   * The Cloud Tasks queue the shards go to (projects/P/locations/L/queues/Q), with the account
   * whose OIDC token the tasks carry and this service's public URL; null: the in-process queue.
   */
  tasks: { queue: string; serviceAccount: string; url: string } | null;
  /** Worker threads that encrypt push messages (encryptPool.ts); 0: on the event loop. */
  encryptWorkers: number;
  /** Push requests in flight at once, over every fan-out together. */
  concurrency: number;
  /** Most push requests in flight to one push service (the fan-out starts lower and adapts). */
  hostConcurrency: number;
  /** A connection to a push service (lookup, TCP, TLS) not made within this fails the attempt. */
  connectTimeoutMs: number;
  /** One attempt, connection to the last byte of the answer. */
  requestTimeoutMs: number;
  /** Answers slower than this count against their push service as a failure does. */
  slowAnswerMs: number;
  /** The whole GET /send-test, from the request to the answer; its fan-out ends a second before. */
  sendTestDeadlineMs: number;
  /** A result's fan-out (listing the subscriptions and sending) ends by then. */
  resultDeadlineMs: number;
  /** Attempts per push request when the push service answers 429/5xx or cannot be reached. */
  maxAttempts: number;
  retryBaseMs: number;
  /** Longest wait honoured from a push service's Retry-After header. */
  maxRetryAfterMs: number;
  /** Send to http://127.0.0.1 / localhost endpoints (local tests); never in production. */
  allowLocalEndpoints: boolean;
  /** Host patterns of the push services endpoints may point at (see endpointPolicy.ts). */
  pushHosts: string[];
  /**
   * Bound of each database or Auth call on a request's path (listing subscriptions, saving one,
   * checking the admin's token): firebase-admin would otherwise wait for a connection forever.
   */
  backendTimeoutMs: number;
  timezone: string;
  /**
   * How many proxies in front (Cloud Run, a load balancer) append to X-Forwarded-For: the client
   * is the address that many hops from the right. 0 = none, the socket's address is the client.
   */
  trustProxyHops: number;
  gamesRefreshMs: number;
  dayCheckMs: number;
  icon: string;
}

type Env = Record<string, string | undefined>;

/** See docs/push.md ("Bounds"): what the index of this many costs in memory. */
export const DEFAULT_MAX_SUBSCRIPTIONS = 500_000;

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`notify: ${name} must be ${min === 0 ? 'a whole number (0 or more)' : 'a positive integer'}, got '${raw}'`);
  }
  return value;
}

const positiveInt = (env: Env, name: string, fallback: number) => integer(env, name, fallback, 1);

/**
 * Node's setTimeout fires a delay over 2^31 - 1 ms (24.8 days) after 1 ms instead: a duration
 * past it would make every timer it sets fire at once.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

function duration(env: Env, name: string, fallback: number): number {
  const value = positiveInt(env, name, fallback);
  if (value > MAX_TIMER_MS) throw new Error(`notify: ${name} must be at most ${MAX_TIMER_MS} ms (24.8 days), got '${env[name]}'`);
  return value;
}

export function readConfig(env: Env = process.env): NotifyConfig {
  const projectId = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? env.FIREBASE_PROJECT_ID;
  if (!projectId) throw new Error('notify: set GCLOUD_PROJECT (or GOOGLE_CLOUD_PROJECT / FIREBASE_PROJECT_ID) to the Firebase project id');
  const emulatorHost = env.FIREBASE_DATABASE_EMULATOR_HOST;
  const emulated = Boolean(emulatorHost || env.FIREBASE_AUTH_EMULATOR_HOST);
  const namespace = env.NOTIFY_DATABASE_NAMESPACE ?? defaultNamespace(projectId);
  const databaseURL = (env.NOTIFY_DATABASE_URL ?? `https://${namespace}.firebaseio.com`).replace(/\/+$/, '');
  const origins = (env.NOTIFY_ALLOWED_ORIGINS ?? '*')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    projectId,
    databaseURL,
    restBase: emulatorHost ? `http://${emulatorHost}` : databaseURL,
    restNamespace: emulatorHost ? namespace : null,
    emulated,
    dataDir: env.NOTIFY_DATA_DIR ?? join(process.cwd(), '.data/notify'),
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      // Push services want a way to reach the sender; a local stack has nobody to reach.
      subject: env.VAPID_SUBJECT || 'mailto:admin@example.com',
    },
    allowedOrigins: origins.length ? origins : ['*'],
    rateLimitPerMinute: positiveInt(env, 'NOTIFY_RATE_LIMIT', 60),
    maxSubscriptions: positiveInt(env, 'NOTIFY_MAX_SUBSCRIPTIONS', DEFAULT_MAX_SUBSCRIPTIONS),
    subscriptionsPerAddress: positiveInt(env, 'NOTIFY_SUBSCRIPTIONS_PER_ADDRESS', 20),
    shardSize: positiveInt(env, 'NOTIFY_SHARD_SIZE', 25_000),
    // A Cloud Tasks delivery ends with Cloud Run's request timeout (60 s); the in-process queue
    // has none, so a shard there has the whole result's time.
    shardDeadlineMs: duration(
      env,
      'NOTIFY_SHARD_DEADLINE_MS',
      env.NOTIFY_TASKS_QUEUE ? 50_000 : duration(env, 'NOTIFY_RESULT_DEADLINE_MS', 300_000),
    ),
    tasks: readTasks(env),
    encryptWorkers: integer(env, 'NOTIFY_ENCRYPT_WORKERS', defaultEncryptWorkers(), 0),
    concurrency: positiveInt(env, 'NOTIFY_CONCURRENCY', 50),
    hostConcurrency: positiveInt(env, 'NOTIFY_HOST_CONCURRENCY', 50),
    connectTimeoutMs: duration(env, 'NOTIFY_CONNECT_TIMEOUT_MS', 3_000),
    requestTimeoutMs: duration(env, 'NOTIFY_REQUEST_TIMEOUT_MS', 10_000),
    slowAnswerMs: duration(env, 'NOTIFY_SLOW_ANSWER_MS', 2_000),
    sendTestDeadlineMs: duration(env, 'NOTIFY_SEND_TEST_DEADLINE_MS', 25_000),
    resultDeadlineMs: duration(env, 'NOTIFY_RESULT_DEADLINE_MS', 300_000),
    maxAttempts: positiveInt(env, 'NOTIFY_MAX_ATTEMPTS', 4),
    retryBaseMs: duration(env, 'NOTIFY_RETRY_BASE_MS', 1_000),
    maxRetryAfterMs: duration(env, 'NOTIFY_MAX_RETRY_AFTER_MS', 60_000),
    allowLocalEndpoints: env.NOTIFY_ALLOW_LOCAL_ENDPOINTS ? env.NOTIFY_ALLOW_LOCAL_ENDPOINTS === '1' : emulated,
    backendTimeoutMs: duration(env, 'NOTIFY_BACKEND_TIMEOUT_MS', 5_000),
    pushHosts: env.NOTIFY_PUSH_HOSTS
      ? env.NOTIFY_PUSH_HOSTS.split(',')
          .filter((p) => p.trim())
          .map(parseHostPattern)
      : [...DEFAULT_PUSH_HOSTS],
    timezone: env.NOTIFY_TIMEZONE ?? DEFAULT_TIMEZONE,
    // A number, never "trust everything": with every hop trusted the client could name itself in
    // X-Forwarded-For and get a fresh rate-limit budget per request.
    trustProxyHops: integer(env, 'NOTIFY_TRUST_PROXY', 0, 0),
    gamesRefreshMs: duration(env, 'NOTIFY_GAMES_REFRESH_MS', 15_000),
    dayCheckMs: duration(env, 'NOTIFY_DAY_CHECK_MS', 15_000),
    icon: env.NOTIFY_ICON ?? '/icons/notification-192.png',
  };
}

function readTasks(env: Env): NotifyConfig['tasks'] {
  const queue = env.NOTIFY_TASKS_QUEUE;
  if (!queue) return null;
  if (!/^projects\/[^/]+\/locations\/[^/]+\/queues\/[A-Za-z0-9-]+$/.test(queue))
    throw new Error(`notify: NOTIFY_TASKS_QUEUE must be projects/<project>/locations/<region>/queues/<queue>, got '${queue}'`);
  const serviceAccount = env.NOTIFY_TASKS_SERVICE_ACCOUNT ?? '';
  if (!/^[^@\s]+@[^@\s]+$/.test(serviceAccount))
    throw new Error('notify: NOTIFY_TASKS_SERVICE_ACCOUNT must be the email of the account the tasks carry a token of');
  const url = (env.NOTIFY_SHARD_URL ?? '').replace(/\/+$/, '');
  if (!/^https:\/\/[^/]+$/.test(url)) throw new Error("notify: NOTIFY_SHARD_URL must be this service's public https:// base URL");
  return { queue, serviceAccount, url };
}
