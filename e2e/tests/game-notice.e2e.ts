import { describe, expect, inject, it } from 'vitest';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { visitorSees } from '../support/admin.ts';
import { adminVisitor } from '../support/adminVisitor.ts';

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

/** The e2e database is shared by every file: what this file changes is put back afterwards. */
const {
  rest,
  visitor: visit,
  dashboard,
} = adminVisitor({
  database,
  site,
  admin,
  touched: [`sattanamee/${GAME}/${TODAY}`, `holidays/${GAME}`, 'gameNotices'],
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
    const visitor = await visit('/', { live: true });
    await visitorSees(visitor, GAME, 'Wait...');

    const { section } = await dashboard('Game notice for today');
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
    await expect.poll(async () => (await served('/')).includes(`>${NOTICE}</span>`)).toBe(true);
    await expect.poll(() => previewText('/')).toContain(`${GAME} ${NOTICE}`);
    await expect.poll(() => previewText('/chart/gaziyabad')).toContain(`आज का रिज़ल्ट: ${NOTICE}`);
    // The dashboard lists it with its Remove button.
    await section.getByRole('list', { name: "Today's notices" }).getByText(NOTICE).waitFor();

    await section.getByRole('button', { name: `Remove the notice of ${GAME}`, exact: true }).click();
    await section.getByText(`${GAME}: the notice is removed.`, { exact: true }).waitFor();
    await visitorSees(visitor, GAME, 'Wait...');
    expect(await rest('gameNotices')).toBeNull();
    await expect.poll(async () => (await served('/')).includes(NOTICE)).toBe(false);
    expect(await previewText('/')).toContain(`${GAME} Wait...`);
  });
});
