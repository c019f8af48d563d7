import { afterAll, beforeAll } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  MOBILE,
  dismissNotificationPrompt,
  launchBrowser,
  muteNotificationPrompt,
  openPage,
  waitForLiveResults,
  waitForSplashToGo,
  type TestPage,
} from './browser.ts';
import { ownerRest } from './resultsRest.ts';
import { signInAsAdmin } from './admin.ts';

/**
 * The set-up of a file where the admin changes a per-game entry on the dashboard and a visitor
 * sees it (a game's notice of the day, its days without a draw): the database's owner (REST), the
 * paths the file changes saved and cleared before its tests and put back after (the e2e database
 * is shared by every file), and a browser whose tabs are closed at the end. `before` runs first
 * (a check of the games, their times), `after` last.
 */
export interface AdminVisitorOptions {
  database: string;
  site: string;
  admin: { email: string; password: string };
  /** The database paths the file changes: cleared before, put back after. */
  touched: readonly string[];
  before?: () => Promise<void>;
  after?: () => Promise<void>;
}

export interface AdminVisitor {
  /** The owner's REST calls on the e2e database. */
  rest: ReturnType<typeof ownerRest>;
  /**
   * A fresh visitor on a phone at `path`, its clock set to `at` when given, past the splash.
   * `live`: the notification prompt dismissed and the results live (the page follows the data).
   */
  visitor(path?: string, options?: { at?: number | Date; live?: boolean }): Promise<Page>;
  /** The admin signed in on a phone, and the dashboard's region named `section`. */
  dashboard(section: string): Promise<{ page: Page; section: Locator }>;
}

export function adminVisitor(options: AdminVisitorOptions): AdminVisitor {
  const rest = ownerRest(options.database);
  const saved = new Map<string, unknown>();
  const opened: TestPage[] = [];
  let browser: Browser | undefined;

  beforeAll(async () => {
    await options.before?.();
    for (const path of options.touched) saved.set(path, await rest(path));
    for (const path of options.touched) await rest(path, 'DELETE');
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const tab of opened) await tab.context.close();
    await browser?.close();
    await options.after?.();
    for (const [path, value] of saved) await rest(path, value === null ? 'DELETE' : 'PUT', value ?? undefined);
  });

  async function open(): Promise<Page> {
    if (!browser) throw new Error('e2e: the browser is not launched yet (adminVisitor is used in a test)');
    const tab = await openPage(browser, MOBILE);
    opened.push(tab);
    return tab.page;
  }

  return {
    rest,
    async visitor(path = '/', { at, live = false } = {}) {
      const page = await open();
      if (at !== undefined) await page.clock.install({ time: at });
      await muteNotificationPrompt(page);
      await page.goto(options.site + path);
      await waitForSplashToGo(page);
      if (live) {
        await dismissNotificationPrompt(page);
        await waitForLiveResults(page);
      }
      return page;
    },
    async dashboard(name) {
      const page = await open();
      await signInAsAdmin(page, options.site, options.admin);
      return { page, section: page.getByRole('region', { name, exact: true }) };
    },
  };
}
