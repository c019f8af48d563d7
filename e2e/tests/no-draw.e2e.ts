import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatDisplayDate, siteNow } from '../../shared/domain/siteTime.ts';
import { fetchGameNames, resultWriter } from '../support/resultsRest.ts';
import { countdownSeconds, ist } from '../support/siteClock.ts';
import { visitorSees } from '../support/admin.ts';
import { adminVisitor } from '../support/adminVisitor.ts';
import { GAME_TIMES } from '../support/gameTimes.ts';

/*
 * Issue 29, point 3: days without a draw. The admin marks Faridabad (06:00 PM) as having no draw
 * today on the dashboard; a visitor's open page shows 'आज अवकाश (No draw today)' in its row at
 * once, and the next game and its countdown skip it. A page loaded later has it in the server's
 * HTML, Faridabad is skipped as the current game, and its chart marks the day 'अवकाश'.
 *
 * Today is the real day (the chart of this year shows it); the visitors' clocks are set to times
 * of today. The games' times are this file's (the registry's defaults), so the current and next
 * games below are worked out by hand: at 05:50 PM Agra (05:40 PM) has passed and Faridabad is
 * next, then Palika bazar (07:20 PM); at 06:10 PM Faridabad would be the current game.
 */

const { site, database, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const TODAY_SHOWN = formatDisplayDate(TODAY);
const NO_DRAW_TODAY = 'आज अवकाश (No draw today)';

const writer = resultWriter(database);
/** The e2e database is shared by every file: what this file changes is put back afterwards. */
const { rest, visitor, dashboard } = adminVisitor({
  database,
  site,
  admin,
  touched: [`sattanamee/Faridabad/${TODAY}`, 'holidays'],
  before: async () => {
    // A game this file does not know would change which game is current or next.
    expect((await fetchGameNames(database)).sort()).toEqual(Object.keys(GAME_TIMES).sort());
    await writer.putTimes(GAME_TIMES);
  },
  after: () => writer.cleanup(),
});

/** A fresh visitor on a phone whose clock says `time` today. */
const visitAt = (time: string, path = '/', live = false): Promise<Page> => visitor(path, { at: ist(TODAY, time), live });

const widget = (page: Page, name: string): Locator => page.locator(`[data-widget="mf-results/${name}"]`);
const nextName = (page: Page) => widget(page, 'NextGame').getByTestId('next-game-name');

describe('days without a draw', () => {
  it('the admin marks a game for today; an open page shows no draw at once, skips it as next game, and takes the mark back', async () => {
    const visitor = await visitAt('17:50', '/', true);
    await visitorSees(visitor, 'Faridabad', 'Wait...');
    expect(await nextName(visitor).textContent()).toBe('Faridabad');

    const { page, section } = await dashboard('Days without a draw');
    await section.getByLabel('Sattaname').selectOption('Faridabad');
    // The date starts on today, in the site's one way of writing a date.
    expect(await section.getByLabel('Date', { exact: true }).inputValue()).toBe(TODAY_SHOWN);
    await section.getByRole('button', { name: 'Mark no draw on this date', exact: true }).click();
    await section.getByText(`Faridabad: no draw on ${TODAY_SHOWN}.`, { exact: true }).waitFor();

    // The visitor's page, open all along, follows: no 'Wait...', and the countdown is to Palika bazar.
    await visitorSees(visitor, 'Faridabad', NO_DRAW_TODAY);
    await expect.poll(() => nextName(visitor).textContent()).toBe('Palika bazar');
    expect(await widget(visitor, 'NextGame').getByTestId('next-game-time').textContent()).toBe('07:20 PM');
    const seconds = countdownSeconds((await widget(visitor, 'NextGame').getByTestId('next-game-countdown').textContent()) ?? '');
    // 05:50 PM to 07:20 PM is 1 h 30 min; the page's clock has run on a little since.
    expect(seconds).toBeLessThanOrEqual(5400);
    expect(seconds).toBeGreaterThan(5400 - 120);

    // The audit trail has it in words.
    const audit = page.getByRole('region', { name: 'Audit Trail', exact: true });
    await audit.getByText(`Marked Faridabad: no draw on ${TODAY_SHOWN}`).first().waitFor();

    // A number for the marked day is refused, and says what to do.
    const update = page.getByRole('region', { name: 'Update Number', exact: true });
    await update.getByLabel('Sattaname').selectOption('Faridabad');
    await update.getByLabel('Number', { exact: true }).fill('42');
    await update.getByRole('combobox', { name: /^Date/ }).selectOption(TODAY);
    await update.getByRole('button', { name: 'Update Number', exact: true }).click();
    await update.getByText(`Faridabad has no draw on ${TODAY_SHOWN}`, { exact: false }).waitFor();
    expect(await rest(`sattanamee/Faridabad/${TODAY}`)).toBeNull();

    // Taking the mark back brings 'Wait...' and Faridabad as the next game back.
    await section.getByRole('button', { name: `Remove the mark of Faridabad on ${TODAY_SHOWN}`, exact: true }).click();
    await section.getByText(`Faridabad: the no-draw mark on ${TODAY_SHOWN} is removed.`, { exact: true }).waitFor();
    await visitorSees(visitor, 'Faridabad', 'Wait...');
    await expect.poll(() => nextName(visitor).textContent()).toBe('Faridabad');
    expect(await rest('holidays')).toBeNull();
  });

  it('a page loaded on the day has it in its HTML, skips the game as current game, and its chart marks the day', async () => {
    await rest(`holidays/Faridabad/dates/${TODAY}`, 'PUT', true);
    // The render service follows the node: the next render of the home page has the words.
    await expect.poll(async () => (await (await fetch(`${site}/`)).text()).includes('आज अवकाश')).toBe(true);

    const visitor = await visitAt('18:10', '/', true);
    await visitorSees(visitor, 'Faridabad', NO_DRAW_TODAY);
    // Without the mark Faridabad (06:00 PM) would be the current game; Agra (05:40 PM) is.
    expect(await widget(visitor, 'CurrentGame').getByTestId('current-game-name').textContent()).toBe('Agra');
    expect(await nextName(visitor).textContent()).toBe('Palika bazar');

    const chart = await visitAt('18:10', '/chart/faridabad');
    const dialog = chart.getByRole('dialog');
    await dialog.getByRole('table').waitFor();
    // Today's cell (day row, this month's column) is the only one marked, with what it means.
    const marked = dialog.getByText('अवकाश', { exact: true });
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute('title')).toBe('No draw');
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(`${TODAY}T00:00:00Z`));
    const day = Number(TODAY.slice(8));
    const columns = await dialog.getByRole('columnheader').allTextContents();
    const rowCells = dialog.getByRole('row').nth(day).getByRole('cell');
    expect(await rowCells.nth(columns.indexOf(month) - 1).textContent()).toContain('अवकाश');
    await dialog.getByText('अवकाश = No draw', { exact: true }).waitFor();
  });
});
