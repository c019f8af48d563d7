// Timings of the product (docs/product.md, Constants), in milliseconds.
export const SPLASH_MS = 2000;
export const CLOCK_TICK_MS = 1000;
export const MESSAGE_MS = 3000;
export const AGENT_SAVE_ERROR_MS = 5000;
export const TEST_NOTIFICATION_MS = 4000;
