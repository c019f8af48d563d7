import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { NOTIFY_NO, NOTIFY_QUESTION, NOTIFY_YES } from '../../shared/domain/messages.ts';
import { launchBrowser, openPage, waitForSplashToGo } from '../support/browser.ts';

const { site } = inject('e2e');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('notification prompt', () => {
  it('appears after the splash when permission is undecided, and "नहीं, फिर कभी" closes it', async () => {
    const { context, page } = await openPage(browser);
    try {
      await page.goto(site);
      await page.getByTestId('splash').waitFor();
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      // Never on top of the splash.
      expect(await page.getByRole('dialog').count()).toBe(0);
      await waitForSplashToGo(page);

      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(NOTIFY_QUESTION);
      expect(await dialog.getByRole('button', { name: NOTIFY_YES }).isVisible()).toBe(true);
      // Keyboard users land inside the dialog.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(NOTIFY_YES);

      await dialog.getByRole('button', { name: NOTIFY_NO }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => Notification.permission)).toBe('default');

      // Not asked again on the next page of the same visit.
      await page.locator('nav[data-testid="nav"]').getByRole('link', { name: 'Chart' }).click();
      await page.locator('nav[data-testid="nav"]').getByRole('link', { name: 'Home' }).click();
      await page.waitForTimeout(500);
      expect(await page.getByRole('dialog').count()).toBe(0);
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
