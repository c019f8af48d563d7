import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MOBILE, launchBrowser, openPage, waitForFirstResult, waitForLiveWidget } from '../support/browser.ts';

const { site, database } = inject('e2e');

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
      await waitForLiveWidget(page, 'mf-results/ResultTable');
      // The worker has kept the page, the runtime configuration and every script the page ran
      // (the shell's modules, the results remote): what is missing is listed.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const cached = new Set<string>();
              for (const name of await caches.keys()) {
                for (const request of await (await caches.open(name)).keys()) cached.add(new URL(request.url).pathname);
              }
              const scripts = performance
                .getEntriesByType('resource')
                .map((entry) => new URL(entry.name))
                .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
                .map((url) => url.pathname);
              return ['/', '/config.json', ...scripts].filter((path) => !cached.has(path));
            }),
          { timeout: 30_000 },
        )
        .toEqual([]);
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

  it('a first visit while the database cannot be reached shows the last results with their time', async () => {
    const { context, page } = await openPage(browser, MOBILE);
    try {
      // Nothing of the database answers the browser: HTTP fails, WebSockets close at once.
      const dbHost = new URL(database).host;
      await context.route(
        (url) => url.host === dbHost,
        (route) => route.abort('connectionrefused'),
      );
      await context.routeWebSocket(
        (url) => url.host === dbHost,
        (ws) => ws.close(),
      );
      const response = await page.goto(site);
      // The render service's data time, in India's time (the badge's format: day-month 24-hour).
      const dataAt = new Date(response?.headers()['last-modified'] ?? '');
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Asia/Kolkata',
          day: '2-digit',
          month: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(dataAt)
          .map((p) => [p.type, p.value]),
      );
      await waitForFirstResult(page);
      const table = page.locator('[data-widget="mf-results/ResultTable"]');
      expect(await table.locator('tr[data-game="Gali"] td').count()).toBe(2);
      // Once the app has taken over, the numbers stay and say how old they are.
      await table.locator('[data-ssr]').first().waitFor({ state: 'detached' });
      expect(await table.getByTestId('stale-badge').textContent()).toBe(
        `पुराना डेटा / cached · ${parts.day}-${parts.month} ${parts.hour}:${parts.minute}`,
      );
      expect(await table.locator('tr[data-game]').count()).toBeGreaterThan(10);
    } finally {
      await context.close();
    }
  });
});
