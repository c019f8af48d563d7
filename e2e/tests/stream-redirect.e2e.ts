import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, muteNotificationPrompt, openPage, waitForLiveResults } from '../support/browser.ts';
import { ownerRest } from '../support/resultsRest.ts';

/*
 * Firebase answers a REST stream request with a 307 to the server that holds the database, on
 * another host; the page's EventSource follows it, cross-origin, under the page's CSP. The e2e
 * stack's database does the same (`streamRedirect`: a second port), so every visit of the suite
 * takes that path; this file shows that it does, and that the stream behind it is live.
 */
const { site, database } = inject('e2e');
const owner = ownerRest(database);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the live stream behind a redirect, as Firebase sends it', () => {
  it('is followed to the other port, and a change of the live node reaches the page through it', async () => {
    const { page, context, log } = await openPage(browser);
    try {
      await muteNotificationPrompt(page);
      const streams: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/live.json') streams.push(request);
      });
      await page.goto(`${site}/`);
      await waitForLiveResults(page);
      const databasePort = new URL(database).port;
      // The page asks the database's own address; the stream is served where the 307 sends it.
      await expect.poll(() => streams.map((request) => new URL(request.url()).port !== databasePort).includes(true)).toBe(true);
      const asked = streams.find((request) => new URL(request.url()).port === databasePort) as Request;
      const followed = streams.find((request) => new URL(request.url()).port !== databasePort) as Request;
      expect(asked.resourceType()).toBe('eventsource');
      expect((await asked.response())?.status()).toBe(307);
      expect((await followed.response())?.status()).toBe(200);

      // The result table re-reads the days without a draw when their stamp in the live node moves:
      // the stamp came through the stream.
      const reread = page.waitForRequest((request) => new URL(request.url()).pathname === '/holidays.json', { timeout: 15_000 });
      await owner('live/v/holidays', 'PUT', Date.now());
      await reread;
      expect(log.errors.filter((line) => /Content Security Policy|EventSource/i.test(line))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
