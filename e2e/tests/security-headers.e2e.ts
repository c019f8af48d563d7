import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startHosting } from '../../server/hosting/serve.ts';
import { launchBrowser, openPage, waitForFirstResult, waitForLiveWidget, waitForSplashToGo, type PageLog } from '../support/browser.ts';

/*
 * The Content-Security-Policy and anti-framing headers of the local host, in Chromium: the whole
 * site works under the policy (no violation on the pages a visitor and the admin use, including
 * the remote on another origin, the service worker and the database's long-polling fallback),
 * and no other origin can frame it.
 */
const { site, separateRemote, admin } = inject('e2e');

declare global {
  interface Window {
    /** Filled by the init script below: every CSP violation the page's document saw. */
    __cspViolations?: string[];
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records violations from the first script on, before the app can trigger any. */
async function watchViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    window.__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.documentURI}`);
    });
  });
}

/** Violations seen by the page's document, plus those Chromium reports only in the console (other frames, workers). */
async function violations(page: Page, log: PageLog): Promise<string[]> {
  const fromEvents = await page.evaluate(() => window.__cspViolations ?? ['(the violation listener is missing)']);
  return [...fromEvents, ...log.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))];
}

async function expectPolicyHeaders(response: Awaited<ReturnType<Page['goto']>>): Promise<void> {
  const headers = (await response?.allHeaders()) ?? {};
  expect(headers['content-security-policy']).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(headers['content-security-policy']).toMatch(/(^|; )script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

/** Signs the demo admin in on the open /signin page; resolves the dashboard once its data has loaded. */
async function signInToDashboard(page: Page) {
  await waitForSplashToGo(page);
  await page.locator('input[type="email"]').fill(admin.email);
  await page.locator('input[type="password"]').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site}/dashboard`);
  const dashboard = page.locator('[data-widget="mf-admin/Dashboard"]');
  await dashboard.waitFor();
  await dashboard.locator('[data-testid^="loading-"]').waitFor({ state: 'detached' });
  return dashboard;
}

describe('the site under its Content-Security-Policy', () => {
  it('/ renders its results and the remote from another origin, and registers /sw.js, with no violation', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await watchViolations(context);
      await expectPolicyHeaders(await page.goto(`${site}/`));
      await waitForSplashToGo(page);
      await waitForFirstResult(page);
      // The server-rendered cards are there at once: wait for the remote's own, live widget.
      await waitForLiveWidget(page, `${separateRemote.name}/AgentCards`);
      expect(log.requests.some((url) => url.startsWith(`${separateRemote.origin}/`))).toBe(true);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.register('/sw.js')).scope);
      expect(scope).toBe(`${site}/`);
      expect(await violations(page, log)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/chart renders the chart with no violation', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await watchViolations(context);
      await expectPolicyHeaders(await page.goto(`${site}/chart`));
      await waitForSplashToGo(page);
      await page
        .getByText(/Satta King Chart \d{4}/)
        .first()
        .waitFor();
      expect(await violations(page, log)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/signin to /dashboard as the admin (Auth emulator, mf-admin) with no violation', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await watchViolations(context);
      await expectPolicyHeaders(await page.goto(`${site}/signin`));
      const dashboard = await signInToDashboard(page);
      expect(await dashboard.locator('[data-testid^="fallback-"]').count()).toBe(0);
      expect(await violations(page, log)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("without WebSocket the admin's database client long-polls by <script> from its own host, and that is allowed too", async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await watchViolations(context);
      // What a network that breaks WebSocket leaves the SDK with: its long-polling transport.
      // (A visitor's page has no SDK: it follows the live node over HTTP, see the tests above.)
      await context.addInitScript(() => {
        Object.defineProperty(window, 'WebSocket', { value: undefined });
      });
      await page.goto(`${site}/signin`);
      // The dashboard's data arrives over the long-polling transport.
      await signInToDashboard(page);
      expect(log.websockets).toEqual([]);
      expect(log.requests.some((url) => /\/\.lp\?/.test(url))).toBe(true);
      expect(await violations(page, log)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('framing', () => {
  let framer: Server;
  let framerUrl: string;
  beforeAll(async () => {
    // Another origin on the same machine (another port), as an attacker's page would be. A
    // routed fake host would not do: Chromium refuses to frame a local address into a page from
    // a public one whatever the headers say, so the test would pass without them.
    framer = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      // The load event fires whether the frame is shown or refused.
      res.end(
        `<!doctype html><iframe id="victim" src="${site}/dashboard" width="800" height="600" onload="document.body.dataset.loaded = 'yes'"></iframe>`,
      );
    });
    await new Promise<void>((ok) => framer.listen(0, '127.0.0.1', ok));
    const address = framer.address();
    framerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => new Promise<void>((ok) => (framer ? framer.close(() => ok()) : ok())));

  it('a page on another origin that frames /dashboard gets nothing rendered', async () => {
    const { context, page } = await openPage(browser);
    try {
      expect(new URL(framerUrl).origin).not.toBe(new URL(site).origin);
      await page.goto(framerUrl);
      await page.locator('body[data-loaded="yes"]').waitFor();
      const child = page.frames().find((frame) => frame !== page.mainFrame());
      // Chromium puts its error page in place of a refused frame.
      expect(child?.url()).toBe('chrome-error://chromewebdata/');
      // Were the site allowed in, its shell would render the navigation at once (before its splash).
      expect(await page.frameLocator('#victim').locator('[data-testid="nav"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** Here rather than beside the host's unit tests: the end-to-end setup has just built the site. */
describe('caching of the built site', () => {
  it('every file of the built site gets the rule its name calls for', async () => {
    const built = fileURLToPath(new URL('../../dist/site', import.meta.url));
    const host = await startHosting({ port: 0, mounts: { '/': built } });
    try {
      // A remote's server bundle (server/widgets.mjs) is, like remoteEntry.js, an entry under a fixed name.
      const unhashed = /(^|\/)(index\.html|remoteEntry\.js|sw\.js|manifest\.webmanifest|server\/widgets\.mjs)$|^\/(fonts|icons)\//;
      let files = 0;
      for (const entry of readdirSync(built, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const path = `/${relative(built, join(entry.parentPath, entry.name)).split(sep).join('/')}`;
        const response = await fetch(`${host.url}${encodeURI(path)}`, { method: 'HEAD' });
        const expected = unhashed.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable';
        expect({ path, cache: response.headers.get('cache-control') }).toEqual({ path, cache: expected });
        files++;
      }
      expect(files).toBeGreaterThan(20);
    } finally {
      await host.close();
    }
  });
});
