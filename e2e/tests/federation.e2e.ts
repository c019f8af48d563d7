import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  dismissNotificationPrompt,
  launchBrowser,
  openPage,
  waitForFirstResult,
  waitForLiveWidget,
  waitForSplashToGo,
} from '../support/browser.ts';

const { site, separateRemote, control } = inject('e2e');
const agents = `[data-widget="${separateRemote.name}/AgentCards"]`;

async function remote(action: 'stop' | 'start'): Promise<void> {
  const response = await fetch(`${control}/remote/${separateRemote.name}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} ${separateRemote.name}: ${await response.text()}`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await remote('start');
  await browser?.close();
});

describe('federation', () => {
  it('a remote served from a second origin loads (CORS) and renders its widget', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await page.goto(site);
      await waitForFirstResult(page);
      // The server-rendered cards show at once; the remote's own widget replaces them once loaded.
      await waitForLiveWidget(page, `${separateRemote.name}/AgentCards`);
      expect(await page.locator(`${agents} [data-testid^="fallback-"]`).count()).toBe(0);
      expect(new URL(separateRemote.origin).origin).not.toBe(new URL(site).origin);
      expect(log.requests).toContain(`${separateRemote.origin}/remotes/${separateRemote.name}/remoteEntry.js`);
      expect(((await page.locator(agents).textContent()) ?? '').trim().length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('with one remote down its widgets show the fallback, the rest works, and retry recovers without a reload', async () => {
    await remote('stop');
    const { context, page } = await openPage(browser);
    try {
      await page.goto(site);
      await waitForSplashToGo(page);
      await dismissNotificationPrompt(page);
      const fallback = page.getByTestId(`fallback-${separateRemote.name}`);
      // The cards are below the first screen: their code loads when the visitor comes near.
      await page.locator(agents).scrollIntoViewIfNeeded();
      await fallback.waitFor();
      expect(await fallback.textContent()).toContain('This section could not be loaded.');
      // The cards the server rendered stay readable above the notice.
      expect(await page.locator(`${agents} [data-ssr]`).getByRole('heading').first().textContent()).toBe('ऑनलाइन खाईवाल (Online Khaiwal)');
      // mf-results, from the site's own origin, is unaffected.
      await waitForFirstResult(page);
      await page.getByTestId('clock-time').waitFor();

      await page.evaluate(() => {
        (window as unknown as { sameDocument?: boolean }).sameDocument = true;
      });
      await remote('start');
      await fallback.getByRole('button').click();
      await page.locator(`${agents} [data-testid^="fallback-"]`).waitFor({ state: 'detached' });
      await page.locator(`${agents} [data-testid^="loading-"]`).waitFor({ state: 'detached' });
      expect(((await page.locator(agents).textContent()) ?? '').trim().length).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } finally {
      await remote('start');
      await context.close();
    }
  });
});
