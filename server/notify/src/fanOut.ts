import webpush from 'web-push';
import { RefusedAddressError } from './addressPolicy.ts';
import type { EndpointPolicy } from './endpointPolicy.ts';
import type { Limiter } from './limiter.ts';
import type { DeliveryOptions, NotificationPayload } from './payload.ts';
import type { PushRequest, Transport } from './pushTransport.ts';
import { retryDelay, verdictFor, type Verdict } from './retryPolicy.ts';
import type { Subscription } from './subscription.ts';
import type { VapidKeys } from './vapidKeys.ts';

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
  ms: number;
}

export interface FanOutDeps {
  vapid: VapidKeys;
  transport: Transport;
  /** Shared by every fan-out: bounds push requests in flight. */
  limiter: Limiter;
  /** Workers per fan-out, each encrypting and sending one subscription at a time. */
  concurrency: number;
  maxAttempts: number;
  retryBaseMs: number;
  maxRetryAfterMs: number;
  /** Which endpoints may be sent to: checked again here, as stored entries predate any check. */
  endpointPolicy: EndpointPolicy;
  /** Removes a subscription the push service reported gone. */
  removeGone(key: string): Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

type Outcome = Exclude<Verdict, 'retry'> | 'skipped';

/**
 * Sends one notification to many subscriptions. Encryption is per subscription (each has its
 * own keys), so the work runs in a bounded pool of workers rather than all at once: 10,000
 * subscriptions never mean 10,000 buffers or sockets at the same time.
 */
export function createFanOut(deps: FanOutDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = deps.log ?? ((line: string) => console.log(line));

  async function deliverOne(target: Target, body: string, options: DeliveryOptions): Promise<Outcome> {
    const { endpoint } = target.subscription;
    if (!deps.endpointPolicy.allows(endpoint)) return 'skipped';
    let request: PushRequest;
    try {
      const details = webpush.generateRequestDetails(target.subscription, body, {
        vapidDetails: { subject: deps.vapid.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        ...(options.topic ? { topic: options.topic } : {}),
      });
      request = { endpoint: details.endpoint, headers: details.headers, body: details.body };
    } catch (error) {
      log(`notify: subscription ${target.key} has unusable keys: ${(error as Error).message}`);
      return 'failed';
    }
    for (let attempt = 1; ; attempt += 1) {
      let verdict: Verdict;
      let retryAfter: string | string[] | undefined;
      let reason: string;
      try {
        const response = await deps.limiter.run(() => deps.transport(request));
        verdict = verdictFor(response.statusCode);
        retryAfter = response.headers['retry-after'];
        reason = `HTTP ${response.statusCode} ${response.body.slice(0, 200)}`.trim();
      } catch (error) {
        // A name that resolves to a refused address will not resolve elsewhere on a retry.
        if (error instanceof RefusedAddressError) {
          log(`notify: subscription ${target.key} skipped: ${error.message}`);
          return 'skipped';
        }
        // The push service could not be reached: as transient as a 503.
        verdict = 'retry';
        reason = (error as Error).message;
      }
      if (verdict === 'retry' && attempt < deps.maxAttempts) {
        await sleep(retryDelay(attempt, retryAfter, { baseMs: deps.retryBaseMs, maxRetryAfterMs: deps.maxRetryAfterMs }));
        continue;
      }
      if (verdict === 'gone') {
        await deps.removeGone(target.key).catch((error: unknown) => log(`notify: could not remove gone subscription ${target.key}: ${String(error)}`));
        return 'gone';
      }
      if (verdict === 'sent') return 'sent';
      log(`notify: push to ${new URL(endpoint).origin} failed after ${attempt} attempt(s): ${reason}`);
      return 'failed';
    }
  }

  return async function fanOut(targets: readonly Target[], payload: NotificationPayload, options: DeliveryOptions): Promise<FanOutResult> {
    const started = performance.now();
    const body = JSON.stringify(payload);
    const result: FanOutResult = { total: targets.length, sent: 0, gone: 0, failed: 0, skipped: 0, ms: 0 };
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const target = targets[next++] as Target;
        const outcome = await deliverOne(target, body, options);
        result[outcome] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(deps.concurrency, targets.length) }, worker));
    result.ms = Math.round(performance.now() - started);
    return result;
  };
}
export type FanOut = ReturnType<typeof createFanOut>;
