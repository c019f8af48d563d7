import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  dismissNotificationPrompt,
  isAdminRemote,
  isAuthChunk,
  isFirebaseSdkChunk,
  launchBrowser,
  openPage,
  waitForFirstResult,
  waitForLiveResults,
  waitForSplashToGo,
} from '../support/browser.ts';

const { site, auth, database } = inject('e2e');

/** A request to the database server (REST reads and streams). */
const isDatabaseRequest = (url: string): boolean => url.startsWith(database);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RESULT_WIDGETS = ['Banner', 'Clock', 'ResultTable', 'CurrentGame', 'NextGame', 'MonthlyTable', 'OfflineIndicator'];

describe('a visitor', () => {
  it('tour of every public route never requests mf-admin, the auth SDK chunk or the Auth service', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await page.goto(site);
      await waitForSplashToGo(page);
      await dismissNotificationPrompt(page);
      await waitForFirstResult(page);

      // Client-side navigation through the menu...
      await page.locator('nav[data-testid="nav"]').getByRole('link', { name: 'Chart' }).click();
      await page
        .getByText(/Satta King Chart \d{4}/)
        .first()
        .waitFor();
      await page.locator('nav[data-testid="nav"]').getByRole('link', { name: 'Contact' }).click();
      await page.locator('[data-widget="mf-agents/ContactPage"] a[href^="mailto:"]').first().waitFor();
      await page.getByRole('link', { name: /Lucky Number/ }).click();
      await page.getByRole('button', { name: 'Generate Lucky Numbers' }).waitFor();
      await page.locator('nav[data-testid="nav"]').getByRole('link', { name: 'Home' }).click();
      await waitForFirstResult(page);

      // ...and fresh loads of each public route.
      for (const path of ['/', '/chart', '/contact', '/lucky-number']) {
        await page.goto(site + path);
        await waitForSplashToGo(page);
      }
      await page.waitForTimeout(1000);

      expect(log.requests.length).toBeGreaterThan(20);
      expect(log.requests.filter(isAdminRemote)).toEqual([]);
      expect(log.requests.filter(isAuthChunk)).toEqual([]);
      expect(log.requests.filter(isFirebaseSdkChunk)).toEqual([]);
      expect(log.requests.filter((u) => u.startsWith(auth) || /identitytoolkit|securetoken/.test(u))).toEqual([]);
      // The tour did load the public remotes.
      for (const remote of ['mf-results', 'mf-chart', 'mf-agents', 'mf-fun']) {
        expect(log.requests.some((u) => u.includes(`/${remote}/remoteEntry.js`))).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it("a remote's link navigates in place through the shell's router, without a page load", async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await page.goto(site);
      await waitForSplashToGo(page);
      await dismissNotificationPrompt(page);
      await page.evaluate(() => ((window as unknown as Record<string, unknown>).sameDocument = true));
      await page.locator('[data-widget="mf-results/NextGame"]').getByRole('link').click();
      await page
        .getByText(/Satta King Chart \d{4}/)
        .first()
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/chart');
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).sameDocument)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the home page follows one database stream, no WebSocket and no Firebase SDK, however many widgets subscribe', async () => {
    const { context, page, log } = await openPage(browser, MOBILE);
    try {
      await page.goto(site);
      await waitForLiveResults(page);
      for (const widget of RESULT_WIDGETS) {
        await page.locator(`[data-widget="mf-results/${widget}"]`).waitFor({ state: 'attached' });
      }
      await page.locator('[data-widget="mf-agents/AgentCards"]').waitFor({ state: 'attached' });
      await waitForSplashToGo(page);
      await page.waitForTimeout(1500);
      // The live node, over Firebase's REST streaming API; everything else came with the page.
      expect(log.requests.filter(isDatabaseRequest).map((u) => new URL(u).pathname)).toEqual(['/live.json']);
      expect(log.websockets).toEqual([]);
      expect(log.requests.filter(isFirebaseSdkChunk)).toEqual([]);
      // One data service instance, shared by the shell and every remote through federation.
      expect(await page.evaluate(() => typeof (globalThis as Record<symbol, unknown>)[Symbol.for('satta.dataService')])).toBe('object');
    } finally {
      await context.close();
    }
  });

  it('the lucky-number page (two remotes) also follows exactly one database stream', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await page.goto(`${site}/lucky-number`);
      // Live, not just the server-rendered table: the stream has answered by then.
      await waitForLiveResults(page);
      await page.getByRole('button', { name: 'Generate Lucky Numbers' }).waitFor();
      await page.waitForTimeout(1000);
      expect(log.requests.filter(isDatabaseRequest).map((u) => new URL(u).pathname)).toEqual(['/live.json']);
      expect(log.websockets).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
