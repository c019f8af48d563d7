/**
 * A time the database holds (server milliseconds: publishedAt, updatedAt, correctedAt), or
 * undefined when it is none a real publication could have: not a whole number of milliseconds,
 * or outside 2000-01-01 to 2100-01-01. The Admin SDK and the console write whatever they are
 * given (1e300 once made both feeds answer 500, as `new Date(1e300)` is invalid), so every
 * reader of a stored time goes through here.
 */
export const EARLIEST_TIME = Date.UTC(2000, 0, 1);
export const LATEST_TIME = Date.UTC(2100, 0, 1);

export function readTimestamp(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= EARLIEST_TIME && value < LATEST_TIME ? value : undefined;
}
