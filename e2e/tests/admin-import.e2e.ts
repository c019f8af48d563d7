import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, formatDisplayDate } from '../../shared/domain/siteTime.ts';
import { DESKTOP, MOBILE, launchBrowser, openPage, type TestPage } from '../support/browser.ts';
import { ownerRest } from '../support/resultsRest.ts';
import { signInAsAdmin } from '../support/admin.ts';

/*
 * Issue 36, point 3: an operator brings their history. On a phone (360 px) the admin chooses a CSV
 * of 15,000 rows (six games, 2,500 days from 2001 on: old years no other test file touches), sees
 * the preview's counts, confirms the one row that replaces a published number, and watches the
 * progress bar while it is written in parts of 5,000. The browser goes offline after the first
 * part: the dashboard says how many rows are saved and offers Resume; back online, Resume finishes
 * it. The database then holds every row with its number, once: the audit entries of the parts add
 * up to the rows written, no part twice. On a desktop the admin exports one game's history and
 * gets those rows back as CSV.
 */

const { site, database, admin } = inject('e2e');
const rest = ownerRest(database);
const GAMES = ['Gali', 'Disawar', 'Faridabad', 'Gaziyabad', 'Shri Ganesh', 'Mathura'];
const FIRST = '2001-01-01';
const DAYS = 2500;
const DATES = Array.from({ length: DAYS }, (_, i) => addDays(FIRST, i));
const ROWS = GAMES.length * DAYS;
/** The number of a row: any fixed two digits per game and day. */
const numberOf = (g: number, d: number): string => String((g * 31 + d * 7) % 100).padStart(2, '0');
/** Published before the import, with another number: the one row the admin must confirm. */
const REPLACED = { game: 'Gali', date: '2001-01-05', number: '99' };

let browser: Browser;
let phone: TestPage;
let page: Page;
let auditBefore = new Set<string>();

const region = (p: Page, name: string): Locator => p.getByRole('region', { name, exact: true });

/** The file: date,game,number, dates day first and year first mixed, as operators' files are. */
function historyCsv(): Buffer {
  const lines = ['date,game,number'];
  GAMES.forEach((game, g) =>
    DATES.forEach((date, d) => lines.push(`${d % 2 === 0 ? formatDisplayDate(date) : date},${game},${numberOf(g, d)}`)),
  );
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function removeImported(): Promise<void> {
  for (const game of GAMES) {
    await rest(`sattanamee/${game}`, 'PATCH', Object.fromEntries(DATES.map((date) => [date, null])));
  }
  const corrections = ((await rest('corrections')) as Record<string, { date?: string }> | null) ?? {};
  for (const [id, c] of Object.entries(corrections)) if ((c.date ?? '9') < '2008') await rest(`corrections/${id}`, 'DELETE');
}

beforeAll(async () => {
  await removeImported();
  await rest(`sattanamee/${REPLACED.game}/${REPLACED.date}`, 'PUT', { number: REPLACED.number });
  auditBefore = new Set(Object.keys(((await rest('audit')) as Record<string, unknown> | null) ?? {}));
  browser = await launchBrowser();
  phone = await openPage(browser, MOBILE);
  page = phone.page;
  await signInAsAdmin(page, site, admin);
}, 120_000);

afterAll(async () => {
  await phone?.context.close();
  await browser?.close();
  await removeImported();
});

describe('importing a long history', () => {
  it('previews, writes in parts with progress, survives a dropped connection with Resume, and stores every row once', async () => {
    const panel = region(page, 'Bulk Import Results');
    await panel.getByLabel('CSV file(s)').setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: historyCsv() });
    await panel.getByText(/^Chosen: history\.csv \(\d+ KB\)$/).waitFor();
    await panel.getByRole('button', { name: 'Check rows' }).click();
    await panel.getByText(`${ROWS} row(s) ready to import, 0 rejected.`, { exact: false }).waitFor({ timeout: 30_000 });
    expect(await panel.getByText(/^नए /).textContent()).toBe('नए 14,999 · वही 0 · बदलेंगे 1 (New 14,999, unchanged 0, replaced 1).');
    // A long file is counted, and the row that needs a look comes first.
    expect(await panel.getByText(/^Showing /).textContent()).toBe('Showing 200 of 15,000 lines: rejected and replacing rows first.');
    expect(await panel.locator('tr[data-replaces="99"] td:last-child').textContent()).toBe(`Replaces 99 → ${numberOf(0, 4)}`);

    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await panel.getByRole('button', { name: `Confirm import of ${ROWS} result(s)` }).click();
    // The first part lands: then the connection goes.
    await page.waitForFunction(() => Number(document.querySelector('progress')?.getAttribute('value') ?? 0) >= 5000, undefined, {
      timeout: 30_000,
      polling: 'raf',
    });
    await phone.context.setOffline(true);
    expect(questions).toEqual([`Gali already has 99 published for 05-01-2001. Replace it with ${numberOf(0, 4)}?`]);
    const resume = panel.getByRole('button', { name: 'Resume' });
    await resume.waitFor({ timeout: 20_000 });
    const alert = (await panel.getByRole('alert').textContent()) ?? '';
    expect(alert).toMatch(
      /^Connection lost: (5,000|10,000) of 15,000 rows are saved\. Press Resume when the connection is back; nothing is written twice\.$/,
    );
    const saved = Number(/lost: ([\d,]+)/.exec(alert)?.[1]?.replace(/,/g, ''));
    const progress = panel.getByRole('progressbar', { name: 'Import progress' });
    expect(await progress.getAttribute('value')).toBe(String(saved));
    expect(await panel.locator('[data-import-progress]').textContent()).toBe(`${saved.toLocaleString('en-IN')} of 15,000 rows imported`);
    // Fits the phone: the progress bar and Resume within 360 px.
    const bar = await progress.boundingBox();
    const button = await resume.boundingBox();
    expect((bar?.x ?? 0) + (bar?.width ?? 999)).toBeLessThanOrEqual(360);
    expect((button?.x ?? 0) + (button?.width ?? 999)).toBeLessThanOrEqual(360);

    await phone.context.setOffline(false);
    await page.locator('[data-connection]').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });
    await resume.focus();
    await page.keyboard.press('Enter');
    await panel.getByText(`Imported ${ROWS} result(s).`, { exact: true }).waitFor({ timeout: 60_000 });
    expect(await panel.locator('[data-import-progress]').textContent()).toMatch(/^15,000 of 15,000 rows imported \(\d+ s\)$/);

    // Nothing lost, nothing doubled, the replaced number recorded as a correction.
    for (const [g, game] of GAMES.entries()) {
      const node = ((await rest(`sattanamee/${game}`)) as Record<string, { number?: string; silent?: boolean }>) ?? {};
      const stored = DATES.map((date) => node[date]?.number ?? null);
      expect(stored, game).toEqual(DATES.map((_, d) => numberOf(g, d)));
      expect(node[DATES[1] ?? '']?.silent).toBe(true);
    }
    expect(((await rest(`sattanamee/Gali/${REPLACED.date}`)) as { was?: string }).was).toBe('99');
    const audit = ((await rest('audit')) as Record<string, { path: string; new: string | null; old: string | null }>) ?? {};
    const parts = Object.entries(audit)
      .filter(([id, e]) => !auditBefore.has(id) && e.path === 'sattanamee')
      .map(([, e]) => ({ ...(JSON.parse(e.new ?? '{}') as { part: number; of: number; rows: number }), old: e.old }));
    expect(parts.map((p) => p.part).sort()).toEqual([1, 2, 3]);
    expect(parts.every((p) => p.of === 3)).toBe(true);
    expect(parts.reduce((n, p) => n + p.rows, 0)).toBe(ROWS);
    expect(parts.find((p) => p.part === 1)?.old).toBe(JSON.stringify({ 'Gali/2001-01-05': '99' }));
  }, 180_000);

  it('a second import of the same file writes nothing: every row is unchanged', async () => {
    const panel = region(page, 'Bulk Import Results');
    await panel.getByLabel('CSV file(s)').setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: historyCsv() });
    await panel.getByRole('button', { name: 'Check rows' }).click();
    await panel.getByText(/^नए /).waitFor({ timeout: 30_000 });
    expect(await panel.getByText(/^नए /).textContent()).toBe('नए 0 · वही 15,000 · बदलेंगे 0 (New 0, unchanged 15,000, replaced 0).');
  }, 60_000);

  it('exports one game on a desktop as date,game,number, read only when asked', async () => {
    const desk = await openPage(browser, DESKTOP);
    try {
      await signInAsAdmin(desk.page, site, admin);
      const panel = region(desk.page, 'Export Results');
      await panel.getByLabel('Games to export').selectOption('Disawar');
      const [download] = await Promise.all([desk.page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^results-disawar-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('date,game,number');
      expect(lines[1]).toBe(`01-01-2001,Disawar,${numberOf(1, 0)}`);
      expect(lines.filter((l) => l.includes(',Disawar,') && l.slice(6, 10) < '2008')).toHaveLength(DAYS);
      await panel.getByText(/^Exported [\d,]+ result\(s\) to results-disawar-/).waitFor();
    } finally {
      await desk.context.close();
    }
  }, 120_000);
});
