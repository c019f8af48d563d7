import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MOBILE, launchBrowser, openPage, waitForFirstResult } from '../support/browser.ts';

const { site } = inject('e2e');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('repeat visits', () => {
  it('a second visit without a network paints the last results from the cache, marked as not live', async () => {
    const { context, page } = await openPage(browser, MOBILE);
    try {
      await page.goto(site);
      await waitForFirstResult(page);
      // The worker has kept the page, the runtime configuration and the results remote.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const urls: string[] = [];
              for (const name of await caches.keys()) {
                for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
              }
              return ['/', '/config.json'].every((path) => urls.includes(path)) && urls.some((path) => path.includes('mf-results'));
            }),
          { timeout: 30_000 },
        )
        .toBe(true);
      const live = await page.locator('[data-widget="mf-results/ResultTable"] tr[data-game]').count();

      await context.setOffline(true);
      const again = await context.newPage();
      const response = await again.goto(site);
      expect(response?.fromServiceWorker()).toBe(true);
      await waitForFirstResult(again);
      expect(await again.locator('[data-widget="mf-results/ResultTable"] tr[data-game]').count()).toBe(live);
      await again.getByTestId('stale-badge').first().waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
