import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';
import { MONTH_NAMES } from '@satta/shared/domain/calendarNames';
import { CHART_BASE, gameSlug } from '@satta/shared/domain/chartUrls';
import { resultCell } from '@satta/shared/domain/currentGame';
import { findGame, orderGames } from '@satta/shared/domain/games';
import { noDrawOf } from '@satta/shared/domain/holidays';
import {
  CHART_IMAGE_SITE,
  MISSING_CHART_CELL,
  MISSING_NUMBER,
  NO_DRAW,
  NO_DRAW_TODAY,
  TODAY_HEADING,
  WAIT,
  YESTERDAY_HEADING,
  dataAsOf,
} from '@satta/shared/domain/messages';
import { siteDateTime } from '@satta/shared/domain/publishTimes';
import type { DayMetas, DayResults } from '@satta/shared/domain/results';
import { addDays, daysInMonth, formatDisplayDate, pad2 } from '@satta/shared/domain/siteTime';
import { COLORS } from '@satta/shared/ui/tokens';
import { GlyphSheet, noticeLines, previewNotice, xmlAttr, type TextItem } from './previewText.ts';
import { gameYearOf, holidaysOf, homeGamesOf, yearOf, type Snapshot } from './snapshot.ts';
import type { DecideChart } from './chartDecision.ts';

/*
 * Link previews (issue 29, point 2): the image a chat app or a social site shows for a shared
 * link of `/`, `/chart/{game}` or `/chart/{game}/{year}`, drawn on the server from the same data
 * as the page. 1200×630 PNG (the size Open Graph and Twitter's large card expect).
 *
 * - Its address carries a hash of what it draws (`/og/home-<hash>.png`,
 *   `/og/chart/gali/2026-<hash>.png`): a new number is a new address, so a preview cache that
 *   keeps an image for good still shows the new numbers for a page shared after them. The page's
 *   og:image names the current address.
 * - An old address (another hash, another spelling of the game) answers 302 to the current one:
 *   the old image is not kept (after a restart it could not be drawn again anyway), and a crawler
 *   that read an older copy of the page still gets an image, the current one.
 * - An image is drawn once per page and hash, on its first request (never in the pages' warm
 *   loop), one at a time: HarfBuzz shapes the text on the event loop (a few ms), resvg renders
 *   and encodes the PNG on libuv's thread pool (renderAsync). Requests meanwhile wait for that one
 *   render; later ones get the kept PNG with its ETag.
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const PREVIEW_BASE = '/og';
/**
 * An image's address names its content: caches may keep it a day (browsers) and a week (edge).
 * (Should a new deploy draw the same data differently, PREVIEW_LAYOUT_VERSION changes the address.)
 */
export { PREVIEW_CACHE_CONTROL } from '../../hosting/headers.ts';
/** Where an old address leads changes with the data: kept no longer than a page. */
export const PREVIEW_REDIRECT_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';
/** Part of every hash: bump it when the drawing changes, so that no cache keeps the old look. */
export const PREVIEW_LAYOUT_VERSION = 1;

/** Which page's preview. */
export type PreviewTarget = { kind: 'home' } | { kind: 'chart'; game: string; year: number };

/** A row of the home preview: the game, and yesterday's and today's number (null: none yet). */
export interface HomeGame {
  name: string;
  label: string;
  yesterday: string | null;
  today: string | null;
  /**
   * The game had no draw yesterday / has none today (marked, and no number: shared/domain/holidays.ts
   * noDrawOf), so the table says so instead of '--' / 'Wait...'. Present only when true, so the
   * hash of a day without marks is what it was before marks existed.
   */
  noDrawYesterday?: true;
  noDrawToday?: true;
  /** The admin's notice of the day, shown instead of 'Wait...' (previewText.ts previewNotice). */
  notice?: string;
}

/** What the home page's preview draws: the result table of today. */
export interface HomeModel {
  kind: 'home';
  today: string;
  games: HomeGame[];
  /** The newest publish or change time of the numbers shown (ms), null when none has one (old data). */
  newest: number | null;
}

/** What a chart's preview draws: the game's latest month of that year. */
export interface ChartModel {
  kind: 'chart';
  game: string;
  label: string;
  year: number;
  month: number;
  /** Day 1.. of the month (up to today in the current month): its number or null. */
  days: (string | null)[];
  newest: number | null;
  /** The game's notice of today, for this year's chart (previewText.ts previewNotice). */
  notice?: string;
}

export type PreviewModel = HomeModel | ChartModel;

/** A page's current preview: what it draws, its address (a path on the site) and its alt text. */
export interface Preview {
  target: PreviewTarget;
  model: PreviewModel;
  hash: string;
  path: string;
  alt: string;
}

const DEVANAGARI = /[\u0900-\u097F]/;

/** 'गली (Gali)': the Hindi name from the games' registry, then the name as the site shows it. */
export function gameLabel(name: string): string {
  if (DEVANAGARI.test(name)) return name;
  const hindi = findGame(name)?.aliases.find((alias) => DEVANAGARI.test(alias));
  return hindi ? `${hindi} (${name})` : name;
}

/** The newest publish or change time among `dates` of `metas`. */
function newestOf(metas: DayMetas | undefined, dates: readonly string[]): number | null {
  let newest: number | null = null;
  for (const date of dates) {
    const meta = metas?.[date];
    const at = meta?.updatedAt ?? meta?.publishedAt;
    if (at !== undefined && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

/**
 * The home preview's data: every game in the result table's order with yesterday's and today's
 * number, and whether a day without a number had no draw (the page's result table says so too).
 */
export function homeModel(snapshot: Snapshot): HomeModel {
  const today = snapshot.todayKey;
  const yesterday = addDays(today, -1);
  const homeGames = homeGamesOf(snapshot);
  const noDraw = noDrawOf(holidaysOf(snapshot), homeGames);
  let newest: number | null = null;
  const games = orderGames(homeGames).map((game): HomeGame => {
    const cell = resultCell(game.results, today, yesterday);
    const at = newestOf(game.meta, [yesterday, today]);
    if (at !== null && (newest === null || at > newest)) newest = at;
    return {
      name: game.name,
      label: gameLabel(game.name),
      yesterday: cell.yesterday,
      today: cell.today,
      ...(cell.yesterday === null && noDraw(game.name, yesterday) ? { noDrawYesterday: true as const } : {}),
      ...(cell.today === null && noDraw(game.name, today) ? { noDrawToday: true as const } : {}),
      ...previewNotice(snapshot, game.name, cell.today),
    };
  });
  return { kind: 'home', today, games, newest };
}

/**
 * A chart preview's data: the month of the year's newest result up to today (this month when
 * the year has none), from the year as the chart page reads it (else the home window's days).
 */
export function chartModel(snapshot: Snapshot, game: string, year: number): ChartModel {
  const loaded = gameYearOf(snapshot, game, year);
  const data = homeGamesOf(snapshot).find((entry) => entry.name === game);
  const results: DayResults = loaded?.results ?? data?.results ?? {};
  const metas: DayMetas | undefined = loaded?.meta ?? data?.meta;
  const today = snapshot.todayKey;
  const dates = Object.keys(results)
    .filter((date) => date.startsWith(`${year}-`) && date <= today)
    .sort();
  const last = dates.at(-1);
  const current = year === yearOf(snapshot);
  const month = last !== undefined ? Number(last.slice(5, 7)) : current ? Number(today.slice(5, 7)) : 12;
  const inMonth = current && month === Number(today.slice(5, 7));
  const count = inMonth ? Number(today.slice(8, 10)) : daysInMonth(year, month);
  const keys = Array.from({ length: count }, (_, i) => `${year}-${pad2(month)}-${pad2(i + 1)}`);
  return {
    kind: 'chart',
    game,
    label: gameLabel(game),
    year,
    month,
    days: keys.map((key) => results[key] ?? null),
    newest: newestOf(metas, keys),
    ...(current ? previewNotice(snapshot, game, results[today] ?? null) : {}),
  };
}

/** The hash in an image's address: of what it draws (the time it shows when no number has one is left out). */
export function previewHash(model: PreviewModel): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: PREVIEW_LAYOUT_VERSION, model }))
    .digest('hex')
    .slice(0, 16);
}

/** `/og/home-<hash>.png`, `/og/chart/<slug>/<year>-<hash>.png`. */
export function previewPath(target: PreviewTarget, hash: string): string {
  return target.kind === 'home'
    ? `${PREVIEW_BASE}/home-${hash}.png`
    : `${PREVIEW_BASE}${CHART_BASE}/${encodeURIComponent(gameSlug(target.game))}/${target.year}-${hash}.png`;
}

const HOME_PATH = /^\/og\/home(?:-[0-9a-f]{1,64})?\.png$/;
const CHART_PATH = /^\/og\/chart\/([^/]+)\/(\d{4})(?:-[0-9a-f]{1,64})?\.png$/;

/**
 * The page a preview address is for, against the games in memory: any hash (or none) is
 * accepted here, the caller sends it on to the current address. Whether the chart exists is
 * mf-chart's decision about its page's address (`decide`; none: no chart previews). Null: no
 * such page (404).
 */
export function previewTarget(pathname: string, snapshot: Snapshot, decide: DecideChart): PreviewTarget | null {
  if (HOME_PATH.test(pathname)) return { kind: 'home' };
  const chart = CHART_PATH.exec(pathname);
  if (!chart) return null;
  // The page's own address, as encoded here (mf-chart reads and decodes it as its page does).
  const page = decide(`${CHART_BASE}/${chart[1] ?? ''}/${chart[2] ?? ''}`, snapshot);
  return page?.kind === 'chart' ? { kind: 'chart', game: page.game, year: page.year } : null;
}

/** Hindi month names, for the chart preview's heading beside the English ones. */
const HINDI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'] as const;

const monthName = (month: number) => `${HINDI_MONTHS[month - 1] ?? ''} / ${MONTH_NAMES[month - 1] ?? ''}`;

/** The image's alt text (og:image:alt): what it shows, in words. */
export function previewAlt(model: PreviewModel): string {
  if (model.kind === 'chart') {
    const notice = model.notice ? ` – ${TODAY_HEADING}: ${model.notice}` : '';
    return `${model.game} Chart ${model.year}: ${MONTH_NAMES[model.month - 1] ?? ''} ${model.year}${notice} – ${CHART_IMAGE_SITE}`;
  }
  const games = model.games
    .map((game) => `${game.name} ${game.today ?? (game.noDrawToday ? NO_DRAW_TODAY : (game.notice ?? WAIT))}`)
    .join(', ');
  const alt = `${TODAY_HEADING} ${formatDisplayDate(model.today)} – ${games || MISSING_NUMBER}`;
  return alt.length > 300 ? `${alt.slice(0, 299)}…` : alt;
}

/** A page's preview from a snapshot. */
export function describePreview(target: PreviewTarget, snapshot: Snapshot): Preview {
  const model = target.kind === 'home' ? homeModel(snapshot) : chartModel(snapshot, target.game, target.year);
  const hash = previewHash(model);
  return { target, model, hash, path: previewPath(target, hash), alt: previewAlt(model) };
}

// ---- The drawing ----

export interface RectItem {
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  stroke?: string;
  rx?: number;
}

/** An image as rectangles and lines of text (what the tests read), before it becomes an SVG. */
export interface Drawing {
  rects: RectItem[];
  texts: TextItem[];
}

const C = {
  page: COLORS['--color-page'],
  surface: COLORS['--color-surface'],
  text: COLORS['--color-text'],
  muted: COLORS['--color-muted'],
  border: COLORS['--color-border'],
  brand: COLORS['--color-brand'],
  brandText: COLORS['--color-brand-text'],
  accent: COLORS['--color-accent'],
  headText: COLORS['--color-table-head-text'],
  side: COLORS['--color-table-side'],
  result: COLORS['--color-result'],
  wait: COLORS['--color-wait'],
  highlight: COLORS['--color-banner-bg'],
};

const PAD = 40;
const HEADER_HEIGHT = 96;
const BODY_TOP = HEADER_HEIGHT + 16;
const BODY_BOTTOM = PREVIEW_HEIGHT - 58;
/** More games than this (two columns of eight) are counted in the footer instead. */
export const HOME_PREVIEW_GAMES = 16;
const GAME_HEADING = 'गेम';
const FOOTER_NOTE = 'केवल जानकारी के लिए · 18+';
const NO_GAMES = 'अभी कोई गेम नहीं · No games yet';
/** 'आज अवकाश' over '(No draw today)': NO_DRAW_TODAY in two lines, as narrow as a number's column allows. */
const NO_DRAW_BREAK = NO_DRAW_TODAY.indexOf(' (');
const NO_DRAW_TODAY_LINES = [NO_DRAW_TODAY.slice(0, NO_DRAW_BREAK), NO_DRAW_TODAY.slice(NO_DRAW_BREAK + 1)] as const;

/** The band with the site's name and, on the right, the date or the chart's year; the footer with the data's time. */
function frame(drawing: Drawing, right: string, asOf: number, timezone: string, note = FOOTER_NOTE): void {
  drawing.rects.push({ x: 0, y: 0, w: PREVIEW_WIDTH, h: HEADER_HEIGHT, fill: C.brand });
  drawing.texts.push(
    { text: CHART_IMAGE_SITE, x: PAD, y: 62, size: 38, bold: true, fill: C.brandText, maxWidth: 720 },
    { text: right, x: PREVIEW_WIDTH - PAD, y: 62, size: 38, bold: true, fill: C.accent, anchor: 'end', maxWidth: 340 },
    { text: dataAsOf(siteDateTime(asOf, timezone)), x: PAD, y: PREVIEW_HEIGHT - 22, size: 24, fill: C.muted, maxWidth: 640 },
    { text: note, x: PREVIEW_WIDTH - PAD, y: PREVIEW_HEIGHT - 22, size: 24, fill: C.muted, anchor: 'end', maxWidth: 440 },
  );
}

/** The home preview: the result table (game, yesterday's number, today's), in one or two columns. */
function homeDrawing(model: HomeModel, asOf: number, timezone: string): Drawing {
  const drawing: Drawing = { rects: [], texts: [] };
  const shown = model.games.slice(0, HOME_PREVIEW_GAMES);
  const more = model.games.length - shown.length;
  frame(drawing, formatDisplayDate(model.today), asOf, timezone, more > 0 ? `+${more} और गेम · ${FOOTER_NOTE}` : FOOTER_NOTE);
  if (shown.length === 0) {
    drawing.texts.push({ text: NO_GAMES, x: PREVIEW_WIDTH / 2, y: 340, size: 40, fill: C.muted, anchor: 'middle' });
    return drawing;
  }
  const columns = shown.length > 7 ? 2 : 1;
  const rows = Math.ceil(shown.length / columns);
  const headHeight = 44;
  const rowHeight = Math.min(90, (BODY_BOTTOM - BODY_TOP - headHeight) / rows);
  const gap = 24;
  const width = (PREVIEW_WIDTH - 2 * PAD - (columns - 1) * gap) / columns;
  const numberWidth = columns === 2 ? 124 : 220;
  const nameWidth = width - 2 * numberWidth - 24;
  const nameSize = Math.min(36, rowHeight * 0.44);
  const numberSize = Math.min(52, rowHeight * 0.58);
  for (let column = 0; column < columns; column += 1) {
    const left = PAD + column * (width + gap);
    const yesterdayX = left + width - numberWidth * 1.5;
    const todayX = left + width - numberWidth / 2;
    drawing.rects.push({ x: left, y: BODY_TOP, w: width, h: headHeight, fill: C.brand });
    const head = { y: BODY_TOP + 30, size: 22, bold: true, fill: C.headText };
    drawing.texts.push(
      { ...head, text: GAME_HEADING, x: left + 14, maxWidth: nameWidth },
      { ...head, text: YESTERDAY_HEADING, x: yesterdayX, anchor: 'middle', maxWidth: numberWidth - 12 },
      { ...head, text: TODAY_HEADING, x: todayX, anchor: 'middle', maxWidth: numberWidth - 12 },
    );
    // Down the first column, then the second: the table's order.
    for (let row = 0; row < rows; row += 1) {
      const game = shown[column * rows + row];
      if (!game) break;
      const top = BODY_TOP + headHeight + row * rowHeight;
      const middle = top + rowHeight / 2;
      drawing.rects.push({ x: left, y: top, w: width, h: rowHeight, fill: row % 2 === 0 ? C.surface : C.side });
      const cell = { middle, numberSize, numberWidth };
      drawing.texts.push(
        { text: game.label, x: left + 14, y: middle + nameSize * 0.36, size: nameSize, bold: true, fill: C.text, maxWidth: nameWidth },
        yesterdayCell(game, { ...cell, x: yesterdayX }),
        ...todayCell(game, { ...cell, x: todayX }),
      );
    }
  }
  return drawing;
}

/** Where a number of the home preview's table goes: its column's middle, its row's middle, its size. */
interface NumberCell {
  x: number;
  middle: number;
  numberSize: number;
  numberWidth: number;
}

/** Yesterday's number of a game, or that it had no draw, or '--'. */
function yesterdayCell(game: HomeGame, { x, middle, numberSize, numberWidth }: NumberCell): TextItem {
  if (game.yesterday === null && game.noDrawYesterday) {
    return {
      text: NO_DRAW,
      x,
      y: middle + numberSize * 0.22,
      size: numberSize * 0.6,
      fill: C.text,
      anchor: 'middle',
      maxWidth: numberWidth - 12,
    };
  }
  return {
    text: game.yesterday ?? MISSING_NUMBER,
    x,
    y: middle + numberSize * 0.36,
    size: numberSize,
    bold: true,
    fill: C.text,
    anchor: 'middle',
  };
}

/** Today's number of a game, or that it has no draw, or the admin's notice, or 'Wait...'. */
function todayCell(game: HomeGame, { x, middle, numberSize, numberWidth }: NumberCell): TextItem[] {
  if (game.today !== null) {
    return [{ text: game.today, x, y: middle + numberSize * 0.36, size: numberSize, bold: true, fill: C.result, anchor: 'middle' }];
  }
  if (game.noDrawToday) {
    // Not news, so not the waiting red: the page's text colour, as the site's table shows it.
    const [hindi, english] = NO_DRAW_TODAY_LINES;
    const line = { x, bold: true, fill: C.text, anchor: 'middle' as const, maxWidth: numberWidth - 12 };
    return [
      { ...line, text: hindi, y: middle - numberSize * 0.04, size: numberSize * 0.6 },
      { ...line, text: english, y: middle + numberSize * 0.42, size: numberSize * 0.4, bold: false },
    ];
  }
  if (game.notice) {
    // The admin's words instead of 'Wait...', in the waiting red, in at most two lines.
    const lines = noticeLines(game.notice);
    const size = numberSize * (lines.length > 1 ? 0.36 : 0.42);
    const line = { x, size, bold: true, fill: C.wait, anchor: 'middle' as const, maxWidth: numberWidth - 12 };
    return lines.map((text, i) => ({ ...line, text, y: middle + size * (lines.length > 1 ? i * 1.2 - 0.25 : 0.36) }));
  }
  return [{ text: WAIT, x, y: middle + numberSize * 0.22, size: numberSize * 0.6, bold: true, fill: C.wait, anchor: 'middle' }];
}

/** A chart's preview: the game, the year and its latest month as a grid of days with their numbers. */
function chartDrawing(model: ChartModel, asOf: number, timezone: string): Drawing {
  const drawing: Drawing = { rects: [], texts: [] };
  frame(drawing, `चार्ट ${model.year}`, asOf, timezone, model.notice ? `${TODAY_HEADING}: ${model.notice}` : FOOTER_NOTE);
  drawing.texts.push({
    text: `${model.label} · ${monthName(model.month)} ${model.year}`,
    x: PAD,
    y: BODY_TOP + 42,
    size: 40,
    bold: true,
    fill: C.brand,
    maxWidth: PREVIEW_WIDTH - 2 * PAD,
  });
  const top = BODY_TOP + 62;
  const perRow = 8;
  const rows = Math.max(1, Math.ceil(model.days.length / perRow));
  const cellWidth = (PREVIEW_WIDTH - 2 * PAD) / perRow;
  const cellHeight = Math.min(98, (BODY_BOTTOM - top) / rows);
  let latest = -1;
  model.days.forEach((number, i) => {
    if (number !== null) latest = i;
  });
  model.days.forEach((number, i) => {
    const x = PAD + (i % perRow) * cellWidth;
    const y = top + Math.floor(i / perRow) * cellHeight;
    drawing.rects.push({
      x: x + 3,
      y: y + 3,
      w: cellWidth - 6,
      h: cellHeight - 6,
      fill: i === latest ? C.highlight : C.surface,
      stroke: C.border,
      rx: 8,
    });
    drawing.texts.push(
      { text: pad2(i + 1), x: x + 14, y: y + 30, size: 20, fill: C.muted },
      {
        text: number ?? MISSING_CHART_CELL,
        x: x + cellWidth / 2,
        y: y + cellHeight * 0.76,
        size: Math.min(44, cellHeight * 0.45),
        bold: number !== null,
        fill: number === null ? C.muted : C.text,
        anchor: 'middle',
      },
    );
  });
  return drawing;
}

/**
 * The drawing of a preview. `asOf` is the time its footer names: the newest publish or change
 * time of the numbers shown, or, for numbers without one, when the data was received (the hash
 * leaves that time out, so it alone never changes the address).
 */
export function previewDrawing(model: PreviewModel, asOf: number, timezone: string): Drawing {
  return model.kind === 'home' ? homeDrawing(model, asOf, timezone) : chartDrawing(model, asOf, timezone);
}

const px = (value: number) => String(Math.round(value * 100) / 100);

/** The drawing as an SVG document: rectangles, and text as glyph outlines shaped with HarfBuzz. */
export function drawingSvg(drawing: Drawing): string {
  const sheet = new GlyphSheet();
  const rects = drawing.rects.map(
    (rect) =>
      `<rect x="${px(rect.x)}" y="${px(rect.y)}" width="${px(rect.w)}" height="${px(rect.h)}" fill="${xmlAttr(rect.fill)}"` +
      `${rect.stroke ? ` stroke="${xmlAttr(rect.stroke)}" stroke-width="1.5"` : ''}${rect.rx ? ` rx="${rect.rx}"` : ''}/>`,
  );
  const texts = drawing.texts.map((text) => sheet.line(text));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">` +
    `${sheet.defs()}<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${C.page}"/>${rects.join('')}${texts.join('')}</svg>`
  );
}

/** The SVG of a preview (the drawing made and shaped: on the event loop, a few ms). */
export function previewSvg(model: PreviewModel, asOf: number, timezone: string): string {
  return drawingSvg(previewDrawing(model, asOf, timezone));
}

/**
 * An SVG as a PNG, off the event loop: resvg renders on libuv's pool (renderAsync; the text is
 * paths already, so no fonts are loaded), and the pixels are compressed there too (encodePng).
 * resvg's own asPng() would encode on the event loop: 20-40 ms for a preview.
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, logLevel: 'off' });
  return encodePng(image.width, image.height, image.pixels);
}

const deflateAsync = promisify(deflate);
/** The rows buffer of the last PNG encoded, free for the next one (null while one is in use). */
let spareRows: Buffer | null = null;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/**
 * RGBA pixels as a PNG (8-bit RGBA, rows unfiltered, deflated on libuv's pool): on the event loop
 * only the rows are copied (a few ms). The previews are opaque (their background covers the
 * whole image), so resvg's premultiplied pixels are the plain ones.
 */
export async function encodePng(width: number, height: number, rgba: Uint8Array): Promise<Buffer> {
  const stride = width * 4;
  const source = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  const size = height * (stride + 1);
  // The rows of the last image, reused (3 MB each; a crawler's 600 images made 2 GB of garbage
  // outside V8's heap, which V8 collects only every 64 MB). Drawings run one at a time.
  const rows = spareRows?.length === size ? spareRows : Buffer.alloc(size);
  spareRows = null;
  for (let y = 0; y < height; y += 1) {
    rows[y * (stride + 1)] = 0;
    source.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const data = await deflateAsync(rows, { level: 6 }).finally(() => (spareRows = rows));
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}
