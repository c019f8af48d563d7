import type { ChartTable } from './csv.ts';
import { hasNoDraw, shownCell } from './csv.ts';
import { NO_DRAW_LEGEND } from '../text.ts';

/*
 * The chart as an image: a pure layout (where each box and text goes, in CSS pixels) and a small
 * painter that replays it on a canvas. The layout takes the text measurer as an argument, so it
 * is tested without a browser and the painter holds no decisions of its own.
 */

export type TextStyle = 'site' | 'title' | 'note' | 'head' | 'cell' | 'mark';

/** Font size and weight of each kind of text; the family is the page's own (FONT_STACK). */
export const TEXT_STYLES: Record<TextStyle, { size: number; bold: boolean; color: string }> = {
  site: { size: 15, bold: true, color: '#7a1f1f' },
  title: { size: 22, bold: true, color: '#1a1a1a' },
  note: { size: 13, bold: false, color: '#555555' },
  head: { size: 14, bold: true, color: '#ffffff' },
  cell: { size: 14, bold: false, color: '#1a1a1a' },
  /** A day without a draw (NO_DRAW): smaller and quieter than a number, as on the page. */
  mark: { size: 11, bold: false, color: '#555555' },
};

export const PAGE_PADDING = 24;
export const CELL_PADDING_X = 10;
export const MIN_COLUMN_WIDTH = 40;
/** Heights of the lines above the table: site name, title, 'Data as of'. */
export const HEADING_LINES: readonly { style: TextStyle; height: number }[] = [
  { style: 'site', height: 24 },
  { style: 'title', height: 34 },
  { style: 'note', height: 22 },
];
export const HEADING_GAP = 12;
export const HEADER_ROW_HEIGHT = 32;
export const ROW_HEIGHT = 26;
/** The legend's line under a table with a day without a draw ('अवकाश = No draw'). */
export const LEGEND_HEIGHT = 28;
/** The image is drawn at twice its layout size, so it stays sharp on phones and when zoomed. */
export const IMAGE_SCALE = 2;

const COLORS = { page: '#ffffff', head: '#8b1e1e', side: '#f3ece4', stripe: '#faf6f1', grid: '#d8cfc4' };

export type DrawOp =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  | { kind: 'text'; x: number; y: number; text: string; style: TextStyle; align: 'left' | 'center' };

export interface ImageLayout {
  width: number;
  height: number;
  ops: DrawOp[];
}

/** Measures `text` in `style`, in CSS pixels (a canvas's measureText in the browser). */
export type Measure = (text: string, style: TextStyle) => number;

/** The height of the image of a table with `rows` day rows (before IMAGE_SCALE), and the legend's line if it has one. */
export function imageHeight(rows: number, legend = false): number {
  const heading = HEADING_LINES.reduce((sum, line) => sum + line.height, 0);
  return PAGE_PADDING + heading + HEADING_GAP + HEADER_ROW_HEIGHT + rows * ROW_HEIGHT + (legend ? LEGEND_HEIGHT : 0) + PAGE_PADDING;
}

/**
 * Lays a chart table out as an image: the site name, the chart's title, 'Data as of …', then the
 * table with a coloured header row, a shaded date column and striped rows; '-' where a day is empty,
 * and NO_DRAW (smaller) on a day without a draw, as on the page, with the legend's line under the
 * table. Each column is as wide as its widest text; the image is as wide as the table or the
 * widest heading line.
 */
export function layoutChartImage(table: ChartTable, heading: { site: string; note: string }, measure: Measure): ImageLayout {
  const body = table.rows.map((row) => [
    { text: row.label, style: 'cell' as TextStyle },
    ...row.cells.map((value, c) => {
      const noDraw = value === null && row.noDraw?.[c] === true;
      return { text: shownCell(value, noDraw), style: (noDraw ? 'mark' : 'cell') as TextStyle };
    }),
  ]);
  const widths = table.columns.map((name, c) =>
    Math.max(
      MIN_COLUMN_WIDTH,
      Math.ceil(Math.max(measure(name, 'head'), ...body.map((cells) => (cells[c] ? measure(cells[c].text, cells[c].style) : 0)))) +
        2 * CELL_PADDING_X,
    ),
  );
  const tableWidth = widths.reduce((sum, w) => sum + w, 0);
  const lines = [heading.site, table.title, heading.note];
  const legend = hasNoDraw(table);
  const headingWidth = Math.ceil(
    Math.max(...lines.map((text, i) => measure(text, HEADING_LINES[i]?.style ?? 'note')), legend ? measure(NO_DRAW_LEGEND, 'note') : 0),
  );
  const width = 2 * PAGE_PADDING + Math.max(tableWidth, headingWidth);
  const height = imageHeight(body.length, legend);

  const ops: DrawOp[] = [{ kind: 'rect', x: 0, y: 0, w: width, h: height, fill: COLORS.page }];
  let y = PAGE_PADDING;
  lines.forEach((text, i) => {
    const line = HEADING_LINES[i] ?? { style: 'note' as const, height: 22 };
    ops.push({ kind: 'text', x: PAGE_PADDING, y: y + line.height / 2, text, style: line.style, align: 'left' });
    y += line.height;
  });
  y += HEADING_GAP;

  const left = PAGE_PADDING;
  const tableTop = y;
  const xs = widths.map((_, c) => left + widths.slice(0, c).reduce((sum, w) => sum + w, 0));
  ops.push({ kind: 'rect', x: left, y, w: tableWidth, h: HEADER_ROW_HEIGHT, fill: COLORS.head });
  table.columns.forEach((name, c) => {
    ops.push({
      kind: 'text',
      x: (xs[c] ?? 0) + (widths[c] ?? 0) / 2,
      y: y + HEADER_ROW_HEIGHT / 2,
      text: name,
      style: 'head',
      align: 'center',
    });
  });
  y += HEADER_ROW_HEIGHT;
  body.forEach((cells, r) => {
    if (r % 2 === 1) ops.push({ kind: 'rect', x: left, y, w: tableWidth, h: ROW_HEIGHT, fill: COLORS.stripe });
    ops.push({ kind: 'rect', x: left, y, w: widths[0] ?? 0, h: ROW_HEIGHT, fill: COLORS.side });
    cells.forEach(({ text, style }, c) => {
      ops.push({ kind: 'text', x: (xs[c] ?? 0) + (widths[c] ?? 0) / 2, y: y + ROW_HEIGHT / 2, text, style, align: 'center' });
    });
    y += ROW_HEIGHT;
  });
  // Grid lines: one pixel wide rectangles over the rows and between the columns.
  for (let r = 0; r <= body.length; r += 1) {
    ops.push({ kind: 'rect', x: left, y: tableTop + HEADER_ROW_HEIGHT + r * ROW_HEIGHT, w: tableWidth, h: 1, fill: COLORS.grid });
  }
  for (const x of [...xs, left + tableWidth]) {
    ops.push({ kind: 'rect', x, y: tableTop + HEADER_ROW_HEIGHT, w: 1, h: y - tableTop - HEADER_ROW_HEIGHT, fill: COLORS.grid });
  }
  if (legend) ops.push({ kind: 'text', x: left, y: y + LEGEND_HEIGHT / 2, text: NO_DRAW_LEGEND, style: 'note', align: 'left' });
  return { width, height, ops };
}

/** The CSS font shorthand of a style in the given family list. */
export function fontOf(style: TextStyle, family: string): string {
  const s = TEXT_STYLES[style];
  return `${s.bold ? 'bold ' : ''}${s.size}px ${family}`;
}

/** Replays a layout on a 2D context already scaled to CSS pixels. */
export function paintLayout(ctx: CanvasRenderingContext2D, layout: ImageLayout, family: string): void {
  ctx.textBaseline = 'middle';
  for (const op of layout.ops) {
    if (op.kind === 'rect') {
      ctx.fillStyle = op.fill;
      ctx.fillRect(op.x, op.y, op.w, op.h);
    } else {
      ctx.font = fontOf(op.style, family);
      ctx.fillStyle = TEXT_STYLES[op.style].color;
      ctx.textAlign = op.align;
      ctx.fillText(op.text, op.x, op.y);
    }
  }
}
