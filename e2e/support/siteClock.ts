import type { Page } from 'playwright-core';

/** An instant given as India's wall-clock time, e.g. ist('2030-03-15', '00:30'). */
export function ist(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+05:30`);
}

/** Seconds of an 'HH:MM:SS' countdown. */
export function countdownSeconds(text: string): number {
  const [h, m, s] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/**
 * Pauses the page's fake clock `aheadMs` after its present. The page's clock runs between reading
 * it and pausing, and Playwright refuses a pause in the past: under CI's load more than 500 ms
 * passed between the two (admin-safety.e2e.ts on 57eb4c3), so the clock is read again and the
 * pause tried again (five times at most, for that refusal only).
 */
export async function pauseJustAhead(page: Page, aheadMs = 500): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + aheadMs);
      return;
    } catch (error) {
      if (tries >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}
