/**
 * How often widgets that only need the day and minute re-read the clock. 5 s divides a minute
 * (and India's +05:30 offset), so ticks land exactly on every minute boundary.
 */
export const DAY_TICK_MS = 5000;
