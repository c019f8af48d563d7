import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, openPage, waitForLiveWidget, waitForSplashToGo } from '../support/browser.ts';
import { resultWriter } from '../support/resultsRest.ts';
import { ist } from '../support/siteClock.ts';

/*
 * Keeping a chart (issue 13, point 5) against the real stack: the yearly chart's CSV holds the
 * cells the page shows, and its PNG is a real, non-blank image of the table. The page's clock is
 * in November 2030 and the numbers checked are the ones this file writes.
 */
const { site, database } = inject('e2e');
const NOW = ist('2030-11-20', '12:00');
const GAME = 'Shri Ganesh';
const YEAR = 2028;
const NUMBERS = { '2028-01-01': '07', '2028-02-29': '29', '2028-07-14': '00', '2028-12-31': '99' };
const admin = resultWriter(database);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await admin.putResults({ [GAME]: NUMBERS });
});
afterAll(async () => {
  await browser?.close();
  await admin.cleanup();
});

async function openChart(viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  await opened.page.clock.install({ time: NOW });
  await opened.page.goto(`${site}/chart/shri-ganesh/${YEAR}`);
  await waitForSplashToGo(opened.page);
  await waitForLiveWidget(opened.page, 'mf-chart/ChartPage');
  const dialog = opened.page.getByRole('dialog', { name: `${GAME} - Yearly Chart ${YEAR}` });
  await dialog.waitFor();
  // The numbers are in: the cell of 14 July shows its number.
  await dialog.locator('tbody tr').nth(13).locator('td').nth(6).filter({ hasText: /^00$/ }).waitFor();
  return { ...opened, dialog };
}

/** The table as the page shows it: the header row, then per day its label and 12 cells. */
function shownTable(page: Page): Promise<string[][]> {
  return page
    .getByRole('dialog')
    .locator('table')
    .evaluate((table) =>
      [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
}

/** A simple CSV reader (RFC 4180, enough for the chart's file). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Decodes the PNG in the browser itself (an <img> drawn on a canvas): its size and distinct colours. */
function decodeInBrowser(page: Page, bytes: Buffer) {
  return page.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = new Set<number>();
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
      if ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0) < 200) dark += 1;
    }
    return { width: img.naturalWidth, height: img.naturalHeight, colours: colours.size, dark };
  }, bytes.toString('base64'));
}

describe('keeping a chart', () => {
  it("downloads the yearly chart as a CSV with the table's cells and a non-blank PNG; shares the PNG", async () => {
    const { context, page, dialog, log } = await openChart();
    try {
      const shown = await shownTable(page);
      expect(shown).toHaveLength(32);

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'CSV डाउनलोड करें (Download CSV)' }).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toBe('shri-ganesh-2028-chart.csv');
      const csvBytes = await readFile(await csvDownload.path());
      // UTF-8 with a byte order mark, so that Excel shows Hindi.
      expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = parseCsv(csvBytes.subarray(3).toString('utf8'));
      expect(csv[0]).toEqual([
        'Date',
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ]);
      expect(csv).toHaveLength(32);

      // A few literal days, in the file and on the page.
      const cell = (rows: string[][], day: number, month: number) => rows[day]?.[month];
      expect(cell(csv, 1, 1)).toBe('07');
      expect(cell(csv, 29, 2)).toBe('29');
      expect(cell(csv, 14, 7)).toBe('00');
      expect(cell(csv, 31, 12)).toBe('99');
      expect(cell(csv, 2, 1)).toBe('');
      for (const [day, month] of [
        [1, 1],
        [29, 2],
        [14, 7],
        [31, 12],
      ] as const) {
        expect(cell(csv, day, month)).toBe(cell(shown, day, month));
      }
      expect(cell(shown, 2, 1)).toBe('-');
      // And every cell: the same text, an empty field where the page shows '-'.
      expect(csv).toEqual(shown.map((row) => row.map((text) => (text === '-' ? '' : text))));

      const [pngDownload] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'PNG डाउनलोड करें (Download image)' }).click(),
      ]);
      expect(pngDownload.suggestedFilename()).toBe('shri-ganesh-2028-chart.png');
      const png = await readFile(await pngDownload.path());
      const size = pngSize(png);
      // Drawn at twice its layout size: the heading and 32 rows of the table (png.ts, imageHeight(31)).
      expect(size.height).toBe(2 * 978);
      expect(size.width).toBeGreaterThan(2 * 500);
      expect(size.width).toBeLessThan(2 * 1600);
      // The image was drawn once the page's own Devanagari face had loaded.
      expect(await page.evaluate(() => document.fonts.check("16px 'Noto Sans Devanagari Subset'", 'सट्टा किंग'))).toBe(true);
      const decoded = await decodeInBrowser(page, png);
      expect(decoded.width).toBe(size.width);
      expect(decoded.height).toBe(size.height);
      expect(decoded.colours).toBeGreaterThan(50);
      expect(decoded.dark).toBeGreaterThan(5000);

      // Share, by keyboard, to a share sheet that takes files (headless Chromium has none): it
      // receives the same image. The stand-in records what it was given.
      await page.evaluate(() => {
        const shared: { files: { name: string; type: string; size: number }[]; title?: string }[] = [];
        Object.assign(window, { sharedForTest: shared });
        Object.assign(navigator, {
          canShare: (data: ShareData) => Array.isArray(data.files),
          share: async (data: ShareData) => {
            shared.push({ title: data.title, files: (data.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size })) });
          },
        });
      });
      await dialog.getByRole('button', { name: 'शेयर करें (Share)' }).press('Enter');
      // Making the image takes a moment: wait for the share sheet to be called.
      await page.waitForFunction(() => (window as unknown as { sharedForTest: unknown[] }).sharedForTest.length > 0);
      expect(await page.evaluate(() => (window as unknown as { sharedForTest: unknown[] }).sharedForTest)).toEqual([
        {
          title: `${GAME} - Yearly Chart ${YEAR}`,
          files: [{ name: 'shri-ganesh-2028-chart.png', type: 'image/png', size: expect.any(Number) }],
        },
      ]);
      const [sharedFile] =
        (await page.evaluate(() => (window as unknown as { sharedForTest: { files: { size: number }[] }[] }).sharedForTest))[0]?.files ??
        [];
      // The same picture as the download (its 'Data as of' minute may have moved on).
      expect(Math.abs((sharedFile?.size ?? 0) - png.length)).toBeLessThan(png.length / 10);
      expect(log.errors.filter((e) => e.includes('chart download failed'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a 360 px screen: the three buttons wrap inside it', async () => {
    const { context, page, dialog } = await openChart(MOBILE);
    try {
      const group = dialog.getByRole('group', { name: 'चार्ट डाउनलोड या शेयर करें (Download or share the chart)' });
      const buttons = await group.getByRole('button').all();
      expect(buttons).toHaveLength(3);
      for (const button of buttons) {
        const box = await button.boundingBox();
        expect(box).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
        // Big enough to tap.
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    } finally {
      await context.close();
    }
  });
});
