import { createHash, createPublicKey, randomBytes, timingSafeEqual, verify, type JsonWebKey } from 'node:crypto';

/**
 * Past one instance: a result's fan-out is cut into shards, each a request to this service
 * (`POST /shards`) that sends to its slice of the game's followers. In production the shards are
 * tasks of a Cloud Tasks queue (cloudTasksDriver), which delivers each to whichever instance
 * answers, retries a shard that failed (any answer but 2xx) with backoff, and may deliver one
 * twice; the shard ledger (sentLedger.ts) makes a second delivery send nothing. Locally and in
 * tests the same requests go through the in-process driver, which injects them into the app and
 * retries them as the queue would.
 */
export interface ShardRequest {
  date: string;
  game: string;
  number: string;
  /** The number this one corrects (a correction's shard), or null. */
  previous: string | null;
  /** This shard, 0 .. count - 1. */
  index: number;
  count: number;
  /**
   * The announcement it belongs to (`announcementId`, one per claim of the sent ledger): the same
   * numbers announced again (61 -> 62, back to 61, then 62 again) are another announcement, whose
   * shards must not be taken for a second delivery of the first one's.
   */
  announcement?: string;
}

/** An id for one announcement (a claim of the sent ledger): time-ordered and unique enough. */
export function announcementId(now = Date.now()): string {
  return `${now.toString(36)}${randomBytes(4).toString('hex')}`;
}

export interface ShardDriver {
  /** Hands the shards to the queue; resolves once the queue holds them (not when they are sent). */
  enqueue(shards: readonly ShardRequest[]): Promise<void>;
  /** What the log says the shards went to. */
  readonly name: string;
  close(): void;
}

/** How many shards for `followers` subscriptions at most `size` each (at least one). */
export function shardCount(followers: number, size: number): number {
  return Math.max(1, Math.ceil(followers / size));
}

export function shardRequests(base: Omit<ShardRequest, 'index' | 'count'>, count: number): ShardRequest[] {
  return Array.from({ length: count }, (_, index) => ({ ...base, index, count }));
}

/**
 * The shard a subscription belongs to among `count`: its key is a SHA-256 (base64url), so its
 * first 32 bits are uniform and the shards come out the same size. The same key and count give
 * the same shard on every instance and every delivery.
 */
export function shardOf(key: string, count: number): number {
  const bytes = Buffer.from(key.slice(0, 6), 'base64url');
  const prefix = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0;
  return Math.floor((prefix * count) / 2 ** 32);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^\d{1,3}$/;

/** Checks a POST /shards body. */
export function parseShardRequest(value: unknown): { ok: true; shard: ShardRequest } | { ok: false; error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'Expected a shard object.' };
  const { date, game, number, previous, index, count, announcement } = value as Record<string, unknown>;
  if (typeof date !== 'string' || !DATE.test(date)) return { ok: false, error: 'date must be YYYY-MM-DD.' };
  if (typeof game !== 'string' || game.length === 0 || game.length > 100 || /[.$#[\]/]/.test(game))
    return { ok: false, error: 'game must be a game name.' };
  if (typeof number !== 'string' || !NUMBER.test(number)) return { ok: false, error: 'number must be the result number.' };
  if (previous !== null && (typeof previous !== 'string' || !NUMBER.test(previous)))
    return { ok: false, error: 'previous must be null or the number corrected.' };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000)
    return { ok: false, error: 'count must be a whole number from 1 to 10000.' };
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count)
    return { ok: false, error: 'index must be a whole number below count.' };
  if (announcement !== undefined && (typeof announcement !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(announcement)))
    return { ok: false, error: 'announcement must be the id of the announcement.' };
  return { ok: true, shard: { date, game, number, previous, index, count, ...(announcement === undefined ? {} : { announcement }) } };
}

/** A Cloud Tasks task id (letters, digits, - and _): the same shard always gets the same name. */
export function taskId(shard: ShardRequest): string {
  const claim = createHash('sha256')
    .update(`${shard.date}/${shard.game}/${shard.previous ?? ''}>${shard.number}/${shard.announcement ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
  return `${shard.date}-${claim}-${shard.index}-of-${shard.count}`;
}

/** The part of `@google-cloud/tasks`' CloudTasksClient this driver uses (a test passes its own). */
export interface TasksClient {
  createTask(request: CreateTaskRequest): Promise<unknown>;
  close(): Promise<void>;
}

export interface CreateTaskRequest {
  parent: string;
  task: {
    name: string;
    dispatchDeadline: { seconds: number };
    httpRequest: {
      httpMethod: 'POST';
      url: string;
      headers: Record<string, string>;
      /** base64 of the JSON body. */
      body: string;
      oidcToken: { serviceAccountEmail: string; audience: string };
    };
  };
}

export interface CloudTasksSettings {
  /** projects/{project}/locations/{region}/queues/{queue} */
  queue: string;
  /** This service's public base URL: the shards are POSTed to `${url}/shards`, and it is the token's audience. */
  url: string;
  /** The account whose OIDC token each task carries (the service checks it, shardAuth). */
  serviceAccount: string;
  /** Cloud Tasks gives up on one delivery after this (Cloud Run's request timeout). */
  dispatchDeadlineSec: number;
}

/** The createTask request of one shard (pure: what the queue is asked to deliver). */
export function createTaskRequest(settings: CloudTasksSettings, shard: ShardRequest): CreateTaskRequest {
  return {
    parent: settings.queue,
    task: {
      // Named: enqueuing the same shard again (a retried enqueue) is refused as ALREADY_EXISTS.
      name: `${settings.queue}/tasks/${taskId(shard)}`,
      dispatchDeadline: { seconds: settings.dispatchDeadlineSec },
      httpRequest: {
        httpMethod: 'POST',
        url: `${settings.url}/shards`,
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify(shard)).toString('base64'),
        oidcToken: { serviceAccountEmail: settings.serviceAccount, audience: settings.url },
      },
    },
  };
}

const ALREADY_EXISTS = 6;

/** Shards as Cloud Tasks tasks. `client` is `new CloudTasksClient()` in production (cloudTasksClient.ts). */
export function cloudTasksDriver(settings: CloudTasksSettings, client: TasksClient): ShardDriver {
  return {
    name: `Cloud Tasks queue ${settings.queue}`,
    async enqueue(shards) {
      await Promise.all(
        shards.map(async (shard) => {
          try {
            await client.createTask(createTaskRequest(settings, shard));
          } catch (error) {
            if ((error as { code?: number }).code !== ALREADY_EXISTS) throw error;
          }
        }),
      );
    },
    close() {
      void client.close().catch(() => undefined);
    },
  };
}

/** What the queue needs of a delivery: 2xx is done; anything else is tried again later. */
export type Deliver = (shard: ShardRequest) => Promise<{ status: number; retryAfterSec?: number }>;

/**
 * The queue in the process: each shard is delivered (`deliver`: the app's POST /shards, injected)
 * at once, and again after a backoff while the answer is not 2xx, up to `maxAttempts`, as Cloud
 * Tasks would. `onSettled` hears each shard's last answer (tests).
 */
export function inProcessDriver(options: {
  deliver: Deliver;
  maxAttempts?: number;
  backoffMs?: number;
  log?: (line: string) => void;
  track?: (work: Promise<void>) => void;
}): ShardDriver {
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 1_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const attempt = async (shard: ShardRequest, n: number): Promise<void> => {
    if (closed) return;
    let answer: { status: number; retryAfterSec?: number };
    try {
      answer = await options.deliver(shard);
    } catch (error) {
      answer = { status: 0 };
      log(`notify: shard ${shard.index + 1}/${shard.count} of ${shard.game} ${shard.number} failed: ${(error as Error).message}`);
    }
    if (answer.status >= 200 && answer.status < 300) return;
    if (n >= maxAttempts) {
      log(
        `notify: shard ${shard.index + 1}/${shard.count} of ${shard.game} ${shard.number} given up after ${n} attempts (HTTP ${answer.status})`,
      );
      return;
    }
    const wait = Math.max(backoffMs * 2 ** (n - 1), (answer.retryAfterSec ?? 0) * 1000);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, wait);
      timers.add(timer);
    });
    return attempt(shard, n + 1);
  };

  return {
    name: 'the in-process queue',
    async enqueue(shards) {
      for (const shard of shards) {
        const work = attempt(shard, 1);
        options.track?.(work);
      }
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

/**
 * Who may POST /shards. In-process: the driver's own bearer secret, made at start and never
 * leaving the process. With Cloud Tasks: a Google-signed OIDC token (RS256) for this service's
 * URL, of the queue's service account. The route is public (browsers call the service), so the
 * token is checked here rather than by Cloud Run.
 */
export type ShardAuth = (authorization: string | undefined) => Promise<boolean>;

export function localShardSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function secretShardAuth(secret: string): ShardAuth {
  const expected = Buffer.from(`Bearer ${secret}`);
  return async (authorization) => {
    const given = Buffer.from(authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** Google's keys for its ID tokens. */
export const GOOGLE_CERTS = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);

export function googleOidcAuth(options: {
  audience: string;
  serviceAccount: string;
  /** Google's JWKS; fetched from GOOGLE_CERTS and kept an hour unless a test gives its own. */
  keys?: () => Promise<JsonWebKey[]>;
  now?: () => number;
}): ShardAuth {
  const now = options.now ?? Date.now;
  let cached: { keys: JsonWebKey[]; until: number } | null = null;
  const keys =
    options.keys ??
    (async () => {
      if (cached && cached.until > now()) return cached.keys;
      const response = await fetch(GOOGLE_CERTS, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`${GOOGLE_CERTS}: HTTP ${response.status}`);
      const body = (await response.json()) as { keys: JsonWebKey[] };
      cached = { keys: body.keys, until: now() + 3_600_000 };
      return body.keys;
    });
  return async (authorization) => {
    const match = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(authorization ?? '');
    if (!match) return false;
    const [, head = '', payload = '', signature = ''] = match;
    try {
      const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; kid?: string };
      if (header.alg !== 'RS256') return false;
      const jwk = (await keys()).find((key) => key.kid === header.kid);
      if (!jwk) return false;
      const signed = verify(
        'sha256',
        Buffer.from(`${head}.${payload}`),
        createPublicKey({ key: jwk, format: 'jwk' }),
        Buffer.from(signature, 'base64url'),
      );
      if (!signed) return false;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      return (
        GOOGLE_ISSUERS.has(String(claims['iss'])) &&
        claims['aud'] === options.audience &&
        claims['email'] === options.serviceAccount &&
        claims['email_verified'] === true &&
        typeof claims['exp'] === 'number' &&
        claims['exp'] * 1000 > now()
      );
    } catch {
      return false;
    }
  };
}
