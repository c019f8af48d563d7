import { RefusedAddressError } from './addressPolicy.ts';
import type { EndpointPolicy } from './endpointPolicy.ts';
import type { Limiter } from './limiter.ts';
import type { DeliveryOptions, NotificationPayload } from './payload.ts';
import type { Cancel, PushRequest, PushResponse, Transport } from './pushTransport.ts';
import { retryDelay, verdictFor } from './retryPolicy.ts';
import type { Subscription } from './subscription.ts';
import type { VapidKeys } from './vapidKeys.ts';
import { createEncryptor, type Encryptor } from './encryptPool.ts';
import { vapidSigner } from './webPushEncrypt.ts';

export interface Target {
  /** Its key under webPushSubscriptions/. */
  key: string;
  subscription: Subscription;
}

export interface FanOutResult {
  total: number;
  sent: number;
  /** Reported gone (404/410) by the push service and removed. */
  gone: number;
  /** Still failing after the last attempt, or refused for a reason that is ours. */
  failed: number;
  /** Endpoints this service does not send to (see endpointPolicy, addressPolicy). */
  skipped: number;
  /** Not finished when the fan-out's deadline passed (queued, in flight or waiting to retry). */
  unfinished: number;
  ms: number;
}

export interface FanOutDeps {
  vapid: VapidKeys;
  transport: Transport;
  /** Shared by every fan-out: bounds push requests in flight. */
  limiter: Limiter;
  /** Requests in flight per fan-out. */
  concurrency: number;
  /** Most requests in flight to one push service (host and port), however healthy. */
  hostConcurrency: number;
  maxAttempts: number;
  retryBaseMs: number;
  maxRetryAfterMs: number;
  /** One attempt, from asking for a connection to the last byte of the answer. */
  requestTimeoutMs: number;
  /** An answer slower than this counts against its host like a failure does. */
  slowAnswerMs: number;
  /** Which endpoints may be sent to: checked again here, as stored entries predate any check. */
  endpointPolicy: EndpointPolicy;
  /** Where messages are encrypted (worker threads); on the event loop when absent. */
  encryptor?: Encryptor;
  /** Removes a subscription the push service reported gone. */
  removeGone(key: string): Promise<void>;
  /** Told of each message settled (heapCollector.ts: a full collection now and then). */
  collector?: { count(messages: number): void };
  log?: (line: string) => void;
}

/**
 * Bodies encrypted ahead of their sending at most, by all fan-outs together (a result's shards
 * run at once): enough to keep the workers busy (a quarter of a second of their work), few
 * enough that what waits does not outlive the young generation and fill the old one (with 1,024
 * per fan-out, four shards' waiting requests made the heap grow by 150 MB during a fan-out).
 */
const ENCRYPT_AHEAD = 512;

class AttemptTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'AttemptTimeoutError';
  }
}

/** One push service (an endpoint URL's host and port) and its work in this fan-out. */
interface Host {
  /** Its origin, for the logs. (A job's URL is parsed again when its request is made: 100,000 URL objects kept for a whole fan-out cost more memory than a parse costs time.) */
  origin: string;
  /** The headers of every request to it in this fan-out (RFC 8030, the VAPID token), made once. */
  headers: Record<string, string | number> | null;
  jobs: JobQueue;
  active: number;
  /** Requests this host may have in flight once proven: grows by one per good answer, halves on trouble. */
  limit: number;
  /** Answered well (in time, not 429/5xx) more recently than it failed; until then one request at a time. */
  proven: boolean;
  /** In one of the ready queues. */
  queued: boolean;
}

/**
 * A host's jobs, first in first out, without `Array#shift`: that moves every later element, and
 * for one push service's 100,000 jobs it cost the event loop more than the requests' headers.
 */
class JobQueue {
  private items: (Job | undefined)[] = [];
  private head = 0;
  get size(): number {
    return this.items.length - this.head;
  }
  push(job: Job): void {
    this.items.push(job);
  }
  shift(): Job | undefined {
    if (this.head >= this.items.length) return undefined;
    const job = this.items[this.head];
    // Let go of it: a job sent must not be kept until the queue empties.
    this.items[this.head] = undefined;
    this.head += 1;
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return job;
  }
  /** The jobs still queued, in order. */
  toArray(): Job[] {
    return this.items.slice(this.head) as Job[];
  }
}

interface Job {
  target: Target;
  host: Host;
  /** The endpoint's path (a slice of it when it is written as parsed: no copy). */
  path: string;
  attempt: number;
  /** Encrypted once, ahead of its first attempt or at it, and sent as it is on retries. */
  request: Promise<PushRequest> | null;
  /** Counted in `probing` while in flight. */
  probe: boolean;
  /** Encrypted ahead and not yet started (counted in the fan-out's `ahead`). */
  ahead?: boolean;
}

interface Outcome {
  kind: 'sent' | 'gone' | 'failed' | 'skipped' | 'retry';
  /** The push service answered (in time or not). */
  answered: boolean;
  /** Counts against the host: no answer in time, a 429/5xx, or a slow answer. */
  trouble: boolean;
  reason?: string;
  retryAfter?: string | string[];
}

/**
 * Sends one notification to many subscriptions without letting some of them hold up the rest.
 * Anyone can subscribe, so some endpoints will be slow or never answer; the fan-out is built so
 * that a subscriber on a healthy push service is served at full speed regardless:
 *
 * - Work is queued per push service (host) and started round robin over the hosts, so the order
 *   of the stored keys decides nothing; hosts with more subscribers are tried first.
 * - A host gets one request at a time until it answers well (in time, no 429/5xx), then one more
 *   with each good answer (so it ramps up within a few round trips, like TCP slow start) up to
 *   `hostConcurrency`; a timeout, a network error, a 429/5xx or an answer slower than
 *   `slowAnswerMs` halves that and sets it back to one at a time until it answers well again.
 * - Hosts on one-at-a-time (unknown or in trouble) share at most half of the requests in flight,
 *   however many such hosts there are; the hosts that answer well may use all of them.
 * - Every attempt is bounded (`requestTimeoutMs`; the transport bounds the connect), a retry
 *   waits without holding a slot and then goes to the back of its host's queue, attempts are
 *   bounded (`maxAttempts`) and the whole fan-out ends at its deadline, aborting what is left.
 *
 * Encryption is per subscription (each has its own keys: one ECDH, HKDF and AES-GCM, the VAPID
 * token is signed once per push service) and happens when a request is started,
 * so 10,000 subscriptions never mean 10,000 buffers or sockets at the same time.
 */
export function createFanOut(deps: FanOutDeps) {
  const log = deps.log ?? ((line: string) => console.log(line));
  const probeCap = Math.max(1, Math.floor(deps.concurrency / 2));
  /** Bodies encrypted ahead and not yet started, of every fan-out under way. */
  let aheadAll = 0;

  // One VAPID token per push service and 12 hours, shared by every fan-out (webPushEncrypt.ts).
  const signer = vapidSigner(deps.vapid);
  const encryptor = deps.encryptor ?? createEncryptor(0);
  /** The headers of a host's requests: the same for every message of a fan-out (the body's length is counted by the transport). */
  const headersOf = (host: Host, options: DeliveryOptions) => {
    if (host.headers) return host.headers;
    const headers: Record<string, string | number> = {
      TTL: options.ttlSeconds,
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      Authorization: signer.header(host.origin),
      Urgency: options.urgency,
    };
    if (options.topic) headers['Topic'] = options.topic;
    return (host.headers = headers);
  };
  const encrypt = async (job: Job, body: Buffer, options: DeliveryOptions): Promise<PushRequest> => ({
    endpoint: job.target.subscription.endpoint,
    target: { origin: job.host.origin, path: job.path },
    headers: headersOf(job.host, options),
    body: await encryptor.encrypt(job.target.subscription.keys, body),
  });

  return function fanOut(
    targets: readonly Target[],
    payload: NotificationPayload,
    options: DeliveryOptions,
    deadlineMs: number,
  ): Promise<FanOutResult> {
    const started = performance.now();
    const body = Buffer.from(JSON.stringify(payload));
    const result: FanOutResult = { total: targets.length, sent: 0, gone: 0, failed: 0, skipped: 0, unfinished: 0, ms: 0 };
    /** The aborts of the attempts in flight: the deadline stops them all. */
    const inFlight = new Set<(reason: Error) => void>();
    const hosts = new Map<string, Host>();
    const readyProven: Host[] = [];
    const readyProbing: Host[] = [];
    const retryTimers = new Set<NodeJS.Timeout>();
    let active = 0;
    let probing = 0;
    let pendingRemovals = 0;
    let preferProbing = false;
    let finished = false;
    let resolveResult: (result: FanOutResult) => void = () => undefined;
    const done = new Promise<FanOutResult>((resolve) => {
      resolveResult = resolve;
    });

    /*
     * The workers encrypt ahead of the sending, in batches: a job started by a free slot finds its
     * body ready instead of asking for it alone. One message per batch and worker instead of one
     * per subscriber: posting to a worker costs the event loop as much as the request itself.
     * At most ENCRYPT_AHEAD bodies, of all fan-outs together, are encrypted and not yet sent;
     * `order` is the jobs, the biggest push service's first, as the pump starts them.
     */
    let order: (Job | null)[] = [];
    let nextToEncrypt = 0;
    let ahead = 0;
    const encryptAhead = () => {
      if (finished || aheadAll > ENCRYPT_AHEAD / 2) return;
      while (nextToEncrypt < order.length && aheadAll < ENCRYPT_AHEAD) {
        const job = order[nextToEncrypt];
        // Let go of it here: a job sent must not be kept, with its body, until the fan-out ends.
        order[nextToEncrypt] = null;
        nextToEncrypt += 1;
        if (!job || job.request) continue;
        ahead += 1;
        aheadAll += 1;
        job.ahead = true;
        job.request = encrypt(job, body, options);
        // A failure is the job's when it runs; until then it must not be an unhandled rejection.
        job.request.catch(() => undefined);
      }
    };

    /**
     * One request with its own time limit, aborted early by the fan-out's deadline. Raced against
     * the timer rather than trusting the transport to honour the abort. No AbortController and
     * listeners per request: a handle the transport fills in (a tenth of the event loop's work
     * per message went to them).
     */
    function attempt(request: PushRequest): Promise<PushResponse> {
      return deps.limiter.run(
        () =>
          new Promise<PushResponse>((resolve, reject) => {
            if (finished) {
              reject(new Error('the fan-out deadline passed'));
              return;
            }
            const cancel: Cancel = {};
            let ended = false;
            const end = (error: Error | null, response?: PushResponse) => {
              if (ended) return;
              ended = true;
              clearTimeout(timer);
              inFlight.delete(abort);
              if (error) reject(error);
              else resolve(response as PushResponse);
            };
            const abort = (reason: Error) => {
              cancel.abort?.(reason);
              end(reason);
            };
            const timer = setTimeout(() => abort(new AttemptTimeoutError(deps.requestTimeoutMs)), deps.requestTimeoutMs);
            inFlight.add(abort);
            deps.transport(request, cancel).then(
              (response) => end(null, response),
              (error: unknown) => end(error instanceof Error ? error : new Error(String(error))),
            );
          }),
      );
    }

    const settled = () => result.sent + result.gone + result.failed + result.skipped;
    const finish = () => {
      if (finished) return;
      finished = true;
      // Encrypted ahead and never started (the deadline): no longer counted against the others.
      aheadAll -= ahead;
      ahead = 0;
      order = [];
      clearTimeout(deadline);
      for (const timer of retryTimers) clearTimeout(timer);
      const reason = new Error('the fan-out deadline passed');
      for (const abort of [...inFlight]) abort(reason);
      result.unfinished = result.total - settled();
      result.ms = Math.round(performance.now() - started);
      resolveResult({ ...result });
    };
    const deadline = setTimeout(finish, deadlineMs);
    const count = (kind: 'sent' | 'gone' | 'failed' | 'skipped') => {
      if (finished) return;
      result[kind] += 1;
      deps.collector?.count(1);
      if (settled() === result.total && pendingRemovals === 0) finish();
    };

    const enqueueHost = (host: Host) => {
      if (host.queued || host.jobs.size === 0 || host.active >= (host.proven ? host.limit : 1)) return;
      host.queued = true;
      (host.proven ? readyProven : readyProbing).push(host);
    };

    /** The next host allowed to start a request: proven and probing hosts take turns. */
    const nextHost = (): Host | undefined => {
      const probingAllowed = probing < probeCap && readyProbing.length > 0;
      const useProbing = probingAllowed && (preferProbing || readyProven.length === 0);
      preferProbing = !preferProbing;
      const host = useProbing ? readyProbing.shift() : readyProven.shift();
      if (host) host.queued = false;
      return host;
    };

    const pump = () => {
      while (!finished && active < deps.concurrency) {
        const host = nextHost();
        if (!host) return;
        // A host whose standing changed while it waited is queued again under the right class.
        const probe = !host.proven;
        if (probe && probing >= probeCap) {
          enqueueHost(host);
          if (readyProven.length === 0) return;
          continue;
        }
        const job = host.jobs.shift();
        if (!job) continue;
        job.probe = probe;
        host.active += 1;
        active += 1;
        if (probe) probing += 1;
        enqueueHost(host);
        void run(job).then((outcome) => complete(job, outcome));
      }
    };

    async function run(job: Job): Promise<Outcome> {
      if (job.ahead) {
        job.ahead = false;
        ahead -= 1;
        aheadAll -= 1;
      }
      encryptAhead();
      let request: PushRequest;
      try {
        request = await (job.request ??= encrypt(job, body, options));
      } catch (error) {
        log(`notify: subscription ${job.target.key} has unusable keys: ${(error as Error).message}`);
        return { kind: 'failed', answered: false, trouble: false };
      }
      const sentAt = performance.now();
      try {
        const response = await attempt(request);
        const slow = performance.now() - sentAt > deps.slowAnswerMs;
        const verdict = verdictFor(response.statusCode);
        const reason = `HTTP ${response.statusCode} ${response.body.slice(0, 200)}`.trim();
        return { kind: verdict, answered: true, trouble: slow || verdict === 'retry', reason, retryAfter: response.headers['retry-after'] };
      } catch (error) {
        // A name that resolves to a refused address will not resolve elsewhere on a retry.
        if (error instanceof RefusedAddressError) {
          log(`notify: subscription ${job.target.key} skipped: ${error.message}`);
          return { kind: 'skipped', answered: false, trouble: false };
        }
        // No answer in time or no connection: as transient as a 503, and a sign of a bad host.
        return { kind: 'retry', answered: false, trouble: true, reason: (error as Error).message };
      }
    }

    function complete(job: Job, outcome: Outcome) {
      const { host } = job;
      host.active -= 1;
      active -= 1;
      if (job.probe) probing -= 1;
      if (finished) return;
      if (outcome.trouble) {
        host.limit = Math.max(1, Math.floor(host.limit / 2));
        host.proven = false;
      } else if (outcome.answered) {
        host.limit = Math.min(deps.hostConcurrency, host.limit + 1);
        host.proven = true;
      }
      if (outcome.kind === 'retry') retry(job, outcome);
      else if (outcome.kind === 'gone') removeGone(job.target.key);
      else {
        if (outcome.kind === 'failed' && outcome.answered) {
          log(`notify: push to ${job.host.origin} failed after ${job.attempt} attempt(s): ${outcome.reason ?? ''}`);
        }
        count(outcome.kind);
      }
      enqueueHost(host);
      pump();
    }

    function retry(job: Job, outcome: Outcome) {
      const wait = retryDelay(job.attempt, outcome.retryAfter, { baseMs: deps.retryBaseMs, maxRetryAfterMs: deps.maxRetryAfterMs });
      const left = deadlineMs - (performance.now() - started);
      if (job.attempt >= deps.maxAttempts || wait >= left) {
        log(`notify: push to ${job.host.origin} failed after ${job.attempt} attempt(s): ${outcome.reason ?? ''}`);
        count('failed');
        return;
      }
      // The wait holds no slot; afterwards the job queues behind its host's other work.
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        job.attempt += 1;
        job.host.jobs.push(job);
        enqueueHost(job.host);
        pump();
      }, wait);
      retryTimers.add(timer);
    }

    function removeGone(key: string) {
      pendingRemovals += 1;
      result.gone += 1;
      void deps
        .removeGone(key)
        .catch((error: unknown) => log(`notify: could not remove gone subscription ${key}: ${String(error)}`))
        .finally(() => {
          pendingRemovals -= 1;
          if (!finished && settled() === result.total && pendingRemovals === 0) finish();
        });
    }

    for (const target of targets) {
      let url: URL;
      try {
        url = new URL(target.subscription.endpoint);
      } catch {
        result.skipped += 1;
        continue;
      }
      if (!deps.endpointPolicy.allows(url)) {
        result.skipped += 1;
        continue;
      }
      const name = url.origin;
      let host = hosts.get(name);
      if (!host) {
        host = { origin: url.origin, headers: null, jobs: new JobQueue(), active: 0, limit: 1, proven: false, queued: false };
        hosts.set(name, host);
      }
      // The path as a slice of the endpoint (no copy) when the endpoint is written as parsed.
      const { endpoint } = target.subscription;
      const path = `${url.pathname}${url.search}`;
      const at = endpoint.length - path.length;
      host.jobs.push({
        target,
        host,
        path: at > 0 && endpoint.endsWith(path) && endpoint.slice(0, at) === host.origin ? endpoint.slice(at) : path,
        attempt: 1,
        request: null,
        probe: false,
      });
    }
    // The big push services first: junk spread over many hosts has few subscribers per host.
    const bySize = [...hosts.values()].sort((a, b) => b.jobs.size - a.jobs.size);
    order = bySize.flatMap((host) => host.jobs.toArray());
    for (const host of bySize) enqueueHost(host);
    if (settled() === result.total) finish();
    else pump();
    return done;
  };
}
export type FanOut = ReturnType<typeof createFanOut>;
