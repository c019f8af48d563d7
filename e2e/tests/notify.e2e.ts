import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { NOTIFY_NO, NOTIFY_QUESTION, NOTIFY_YES } from '../../shared/domain/messages.ts';
import { MOBILE, launchBrowser, openPage, waitForFirstResult, waitForSplashToGo } from '../support/browser.ts';

const { site } = inject('e2e');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ push: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('notification prompt', () => {
  it('appears as a small card once the results have shown a few seconds, and "नहीं, फिर कभी" is remembered by the browser', async () => {
    const { context, page } = await openPage(browser, MOBILE);
    try {
      // The page's own times (performance.now()) of the splash going and the prompt appearing, as
      // they happen: times taken here would add the test's own delays to the first of them.
      await page.addInitScript(() => {
        const times = window as unknown as { splashSeen?: boolean; splashGoneAt?: number; promptAt?: number };
        new MutationObserver(() => {
          const splash = document.querySelector('[data-testid="splash"]') !== null;
          if (splash) times.splashSeen = true;
          if (times.splashSeen && times.splashGoneAt === undefined && !splash) times.splashGoneAt = performance.now();
          if (times.promptAt === undefined && document.querySelector('[role="dialog"]')) times.promptAt = performance.now();
        }).observe(document, { subtree: true, childList: true });
      });
      await page.goto(site);
      await page.getByTestId('splash').waitFor();
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      // Never on top of the splash, nor before the visitor has read the results.
      expect(await page.getByRole('dialog').count()).toBe(0);
      await waitForSplashToGo(page);
      await waitForFirstResult(page);
      expect(await page.getByRole('dialog').count()).toBe(0);

      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 15_000 });
      // The results (there from the first paint) were readable on their own for a few seconds.
      const { firstPaint, splashGoneAt, promptAt } = await page.evaluate(() => {
        const times = window as unknown as { splashGoneAt?: number; promptAt?: number };
        const paint = performance.getEntriesByName('first-paint')[0]?.startTime;
        return { firstPaint: paint, splashGoneAt: times.splashGoneAt, promptAt: times.promptAt };
      });
      // The splash was on screen for its 2 s, counted from the page's first paint.
      expect((splashGoneAt ?? 0) - (firstPaint ?? Infinity)).toBeGreaterThan(1990);
      expect((promptAt ?? 0) - (splashGoneAt ?? Infinity)).toBeGreaterThan(3500);
      expect(await dialog.textContent()).toContain(NOTIFY_QUESTION);
      expect(await dialog.getByRole('button', { name: NOTIFY_YES }).isVisible()).toBe(true);
      // Keyboard users land inside the dialog.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(NOTIFY_YES);
      // A card at the bottom that leaves the current result (the page's first section) readable at 360 px.
      const sheet = await dialog.boundingBox();
      const current = await page.locator('[data-widget="mf-results/CurrentGame"]').boundingBox();
      expect(sheet && current).toBeTruthy();
      if (sheet && current) {
        expect(sheet.height).toBeLessThan(MOBILE.height / 3);
        expect(sheet.y).toBeGreaterThan(current.y + current.height);
      }

      await dialog.getByRole('button', { name: NOTIFY_NO }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => Notification.permission)).toBe('default');

      // Not asked again: not on the next page of the visit, nor in another tab of the browser.
      await page.locator('nav[data-testid="nav"]').getByRole('link', { name: 'Chart' }).click();
      await page.locator('nav[data-testid="nav"]').getByRole('link', { name: 'Home' }).click();
      const other = await context.newPage();
      await other.goto(site);
      await waitForFirstResult(other);
      await other.waitForTimeout(6_000);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await other.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('Escape closes it and counts as a refusal', async () => {
    const { context, page } = await openPage(browser);
    try {
      await page.goto(site);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('satta.notifyPrompt.dismissedAt'))).toMatch(/^\d+$/);
    } finally {
      await context.close();
    }
  });

  it('is not shown when notifications are already allowed', async () => {
    const { context, page } = await openPage(browser);
    try {
      await context.grantPermissions(['notifications'], { origin: site });
      await page.goto(site);
      await waitForSplashToGo(page);
      await page.waitForTimeout(500);
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
