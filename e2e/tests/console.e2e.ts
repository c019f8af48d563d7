import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { SPLASH_SEEN_KEY } from '../../shell/src/layout/splashState.ts';
import { DESKTOP, MOBILE, launchBrowser, openPage, waitForSplashToGo } from '../support/browser.ts';

/*
 * What the browser's console says on every public page, the not-found pages included: nothing.
 * A part of a page that does not match the server's HTML is rendered again and said in the
 * console (main.tsx, onRecoverableError), as is any script error; either is a defect a visitor
 * does not see but pays for.
 */
const { site } = inject('e2e');
const year = siteNow(new Date(), 'Asia/Kolkata').dateKey.slice(0, 4);
const PAGES = ['/', '/chart', `/chart/gali/${year}`, '/contact', '/lucky-number', '/corrections', '/no-such-page', '/chart/no-such-game'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the console', () => {
  it.each([
    ['a 360 x 740 phone', MOBILE],
    ['a laptop', DESKTOP],
  ])('on %s, stays silent on every public page, whole and live', async (_, viewport) => {
    const said: string[] = [];
    for (const path of PAGES) {
      const { context, page } = await openPage(browser, viewport);
      try {
        page.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'warning') return;
          // A not-found page's own 404 status, which the browser reports for the document itself.
          const ownStatus = message.text().startsWith('Failed to load resource') && message.location().url === site + path;
          if (!ownStatus) said.push(`${path}: ${message.type()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => said.push(`${path}: uncaught: ${error.message}`));
        // A visitor who has seen the splash in this session: the page at once.
        await context.addInitScript((key) => sessionStorage.setItem(key, '1'), SPLASH_SEEN_KEY);
        await page.goto(site + path);
        await waitForSplashToGo(page);
        // Every part below the first screen goes live too once scrolled to.
        await page.evaluate(async () => {
          for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((ok) => setTimeout(ok, 100));
          }
        });
        await page.waitForTimeout(300);
      } finally {
        await context.close();
      }
    }
    expect(said).toEqual([]);
  });
});
