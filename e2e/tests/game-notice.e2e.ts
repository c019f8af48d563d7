import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { siteNow } from '../../shared/domain/siteTime.ts';
import {
  MOBILE,
  dismissNotificationPrompt,
  launchBrowser,
  muteNotificationPrompt,
  openPage,
  waitForLiveResults,
  waitForSplashToGo,
  type TestPage,
} from '../support/browser.ts';
import { ownerRest } from '../support/resultsRest.ts';
import { signInAsAdmin, visitorSees } from '../support/admin.ts';

/*
 * Issue 38, point 1: the admin's notice of the day for one game. The admin writes 'रिजल्ट में देरी'
 * for Gaziyabad (09:30 PM) on the dashboard; a visitor's home page, open all along, shows it in
 * Gaziyabad's row instead of 'Wait...' without a reload; the server's HTML of `/` has it, and so
 * does the link preview's text (og:image:alt) of `/` and of Gaziyabad's chart. Remove brings
 * 'Wait...' back, live and in the server's HTML.
 *
 * Gaziyabad's result of today and its no-draw marks are taken away for the test (and put back
 * after), so its today is 'Wait...' at any hour.
 */
const { site, database, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const GAME = 'Gaziyabad';
const NOTICE = 'रिजल्ट में देरी';

const rest = ownerRest(database);
/** The e2e database is shared by every file: what this file changes is put back afterwards. */
const TOUCHED = [`sattanamee/${GAME}/${TODAY}`, `holidays/${GAME}`, 'gameNotices'];
const saved = new Map<string, unknown>();

let browser: Browser;
const opened: TestPage[] = [];

beforeAll(async () => {
  for (const path of TOUCHED) saved.set(path, await rest(path));
  for (const path of TOUCHED) await rest(path, 'DELETE');
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const tab of opened) await tab.context.close();
  await browser?.close();
  for (const [path, value] of saved) await rest(path, value === null ? 'DELETE' : 'PUT', value ?? undefined);
});

/** The page's HTML as the render service serves it. */
const served = async (path: string): Promise<string> => (await fetch(`${site}${path}`)).text();

/** The og:image:alt of a page as served (HTML entities decoded as far as the tests need). */
async function previewText(path: string): Promise<string> {
  const alt = /<meta property="og:image:alt" content="([^"]*)" \/>/.exec(await served(path))?.[1] ?? '';
  return alt
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

describe("a game's notice of the day", () => {
  it('the admin sets it: an open page shows it live, the server HTML and the link previews have it; Remove brings Wait... back', async () => {
    const visitorTab = await openPage(browser, MOBILE);
    opened.push(visitorTab);
    const visitor = visitorTab.page;
    await muteNotificationPrompt(visitor);
    await visitor.goto(`${site}/`);
    await waitForSplashToGo(visitor);
    await dismissNotificationPrompt(visitor);
    await waitForLiveResults(visitor);
    await visitorSees(visitor, GAME, 'Wait...');

    const tab = await openPage(browser, MOBILE);
    opened.push(tab);
    const page = tab.page;
    await signInAsAdmin(page, site, admin);
    const section = page.getByRole('region', { name: 'Game notice for today', exact: true });
    await section.getByLabel('Sattaname').selectOption(GAME);
    // Too long: refused with the reason, nothing written.
    await section.getByRole('textbox', { name: 'Notice' }).fill('देरी '.repeat(13));
    await section.getByRole('button', { name: 'Save notice', exact: true }).click();
    await section.getByText("The notice is 64 characters long; at most 60 fit in a game's row.", { exact: true }).waitFor();
    expect(await rest('gameNotices')).toBeNull();

    await section.getByRole('textbox', { name: 'Notice' }).fill(NOTICE);
    await section.getByRole('button', { name: 'Save notice', exact: true }).click();
    await section.getByText(`${GAME}: the notice is on the site for today.`, { exact: true }).waitFor();
    expect(await rest(`gameNotices/${TODAY}/${GAME}`)).toBe(NOTICE);

    // The visitor's page, open all along, shows it in the game's row instead of 'Wait...'.
    await visitorSees(visitor, GAME, NOTICE);
    // The server's HTML of / has it, and the link preview's words of / and of the game's chart.
    await expect.poll(async () => (await served('/')).includes(`>${NOTICE}</span>`), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => previewText('/'), { timeout: 15_000 }).toContain(`${GAME} ${NOTICE}`);
    await expect.poll(() => previewText('/chart/gaziyabad'), { timeout: 15_000 }).toContain(`आज का रिज़ल्ट: ${NOTICE}`);
    // The dashboard lists it with its Remove button.
    await section.getByRole('list', { name: "Today's notices" }).getByText(NOTICE).waitFor();

    await section.getByRole('button', { name: `Remove the notice of ${GAME}`, exact: true }).click();
    await section.getByText(`${GAME}: the notice is removed.`, { exact: true }).waitFor();
    await visitorSees(visitor, GAME, 'Wait...');
    expect(await rest('gameNotices')).toBeNull();
    await expect.poll(async () => (await served('/')).includes(NOTICE), { timeout: 15_000 }).toBe(false);
    expect(await previewText('/')).toContain(`${GAME} Wait...`);
  });
});
