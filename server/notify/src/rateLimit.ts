/**
 * A fixed-window counter per client: at most `limit` requests per `windowMs`. The table is
 * swept when a window ends, so a flood of distinct addresses cannot grow it without bound for
 * longer than one window.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** Counts one request; `allowed` false means answer 429 and wait `retryAfterMs`. */
    hit(client: string): { allowed: boolean; remaining: number; retryAfterMs: number } {
      const t = now();
      if (t - windowStart >= options.windowMs) {
        windowStart = t - ((t - windowStart) % options.windowMs);
        counts = new Map();
      }
      const count = (counts.get(client) ?? 0) + 1;
      counts.set(client, count);
      return {
        allowed: count <= options.limit,
        remaining: Math.max(0, options.limit - count),
        retryAfterMs: windowStart + options.windowMs - t,
      };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
