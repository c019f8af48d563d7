/** What a push service's answer means for one subscription (RFC 8030 section 8). */
export type Verdict = 'sent' | 'gone' | 'retry' | 'failed';

export function verdictFor(statusCode: number): Verdict {
  if (statusCode >= 200 && statusCode < 300) return 'sent';
  // The subscription expired or was unsubscribed: it will never work again.
  if (statusCode === 404 || statusCode === 410) return 'gone';
  if (statusCode === 429 || statusCode >= 500) return 'retry';
  // 400 (bad request), 401/403 (VAPID refused), 413 (payload too large): our fault, not the
  // subscriber's, so the subscription stays and the error is logged.
  return 'failed';
}

/**
 * Milliseconds to wait before attempt `attempt + 1` (attempt counts from 1). Exponential with
 * full jitter, so a push service that throttles a fan-out is not hit again in lock step; a
 * Retry-After from the push service wins when it asks for longer, up to `maxRetryAfterMs`.
 */
export function retryDelay(
  attempt: number,
  retryAfter: string | string[] | undefined,
  options: { baseMs: number; maxRetryAfterMs: number; now?: number; random?: () => number },
): number {
  const random = options.random ?? Math.random;
  const backoff = options.baseMs * 2 ** (attempt - 1);
  const jittered = backoff / 2 + random() * (backoff / 2);
  const asked = parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, options.now ?? Date.now());
  return Math.round(Math.min(Math.max(jittered, asked ?? 0), options.maxRetryAfterMs));
}

/** Retry-After is either delay-seconds or an HTTP date. */
function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
