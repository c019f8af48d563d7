import { describe, expect, it } from 'vitest';
import { yearlyChart } from '@satta/shared/domain/yearlyChart';
import { yearlyChartTable } from './csv.ts';
import {
  CELL_PADDING_X,
  HEADER_ROW_HEIGHT,
  LEGEND_HEIGHT,
  MIN_COLUMN_WIDTH,
  PAGE_PADDING,
  ROW_HEIGHT,
  imageHeight,
  layoutChartImage,
  type DrawOp,
} from './png.ts';

/** A fixed-width measurer: 8 px per character, whatever the style. */
const measure = (text: string) => [...text].length * 8;
const heading = { site: 'सट्टा किंग रिज़ल्ट · Satta King Result', note: 'Data as of 23-11-2025 14:05 IST' };
const texts = (ops: DrawOp[]) => ops.flatMap((op) => (op.kind === 'text' ? [op.text] : []));

describe('chart image layout', () => {
  const table = yearlyChartTable('Gali - Yearly Chart 2025', yearlyChart({ '2025-03-05': '42' }, 2025));

  it('is as tall as the heading, the header row and 31 day rows; as wide as its columns', () => {
    const layout = layoutChartImage(table, heading, measure);
    expect(layout.height).toBe(imageHeight(31));
    expect(layout.height).toBe(PAGE_PADDING + 24 + 34 + 22 + 12 + HEADER_ROW_HEIGHT + 31 * ROW_HEIGHT + PAGE_PADDING);
    expect(layout.height).toBe(978);
    // Each column is as wide as its header (wider than any number), padded on both sides.
    const months = [
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
    ];
    const columns = [4 * 8 + 2 * CELL_PADDING_X, ...months.map((m) => Math.max(MIN_COLUMN_WIDTH, m.length * 8 + 2 * CELL_PADDING_X))];
    expect(layout.width).toBe(2 * PAGE_PADDING + columns.reduce((a, b) => a + b, 0));
    expect(layout.width).toBe(932);
  });

  it('shows the site, the title, the data time, the header and "-" for empty days', () => {
    const layout = layoutChartImage(table, heading, measure);
    const all = texts(layout.ops);
    expect(all.slice(0, 3)).toEqual([heading.site, 'Gali - Yearly Chart 2025', heading.note]);
    expect(all.slice(3, 16)).toEqual([
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
    // Day 5: its label, then January..December.
    expect(all.slice(16 + 4 * 13, 16 + 5 * 13)).toEqual(['5', '-', '-', '42', '-', '-', '-', '-', '-', '-', '-', '-', '-']);
    expect(all).toHaveLength(3 + 13 + 31 * 13);
    for (const op of layout.ops) {
      expect(op.x).toBeGreaterThanOrEqual(0);
      expect(op.x).toBeLessThanOrEqual(layout.width);
      expect(op.y).toBeLessThanOrEqual(layout.height);
    }
  });

  it('keeps narrow columns at a minimum width', () => {
    const layout = layoutChartImage(
      { title: 'x', columns: ['D', 'G'], rows: [{ label: '1', cells: [null] }] },
      { site: 's', note: 'n' },
      measure,
    );
    expect(layout.width).toBe(2 * PAGE_PADDING + 2 * MIN_COLUMN_WIDTH);
  });

  it('is wide enough for a heading longer than the table', () => {
    const narrow = { title: 'Monthly Chart November 2025', columns: ['Date', 'Gali'], rows: [{ label: '1', cells: ['07'] }] };
    const layout = layoutChartImage(narrow, heading, measure);
    expect(layout.width).toBe(2 * PAGE_PADDING + measure(heading.site));
    expect(layout.height).toBe(imageHeight(1));
  });

  it('marks a day without a draw as the table does, smaller, and explains it under the table', () => {
    const grid = yearlyChart({ '2025-03-05': '42' }, 2025);
    const marked = yearlyChartTable(
      'Gali - Yearly Chart 2025',
      grid,
      grid.map((row, d) => row.map((_, m) => m === 2 && d === 3)),
    );
    const layout = layoutChartImage(marked, heading, measure);
    const ops = layout.ops.flatMap((op) => (op.kind === 'text' ? [op] : []));
    const day4 = ops.slice(16 + 3 * 13, 16 + 4 * 13);
    expect(day4.map((op) => op.text)).toEqual(['4', '-', '-', 'अवकाश', '-', '-', '-', '-', '-', '-', '-', '-', '-']);
    expect(day4.map((op) => op.style)).toEqual(['cell', 'cell', 'cell', 'mark', ...Array.from({ length: 9 }, () => 'cell')]);
    expect(ops.at(-1)).toMatchObject({ text: 'अवकाश = No draw', style: 'note', align: 'left', x: PAGE_PADDING });
    expect(layout.height).toBe(imageHeight(31, true));
    expect(layout.height).toBe(978 + LEGEND_HEIGHT);
    expect((ops.at(-1)?.y ?? 0) + LEGEND_HEIGHT / 2 + PAGE_PADDING).toBe(layout.height);
    // No legend without a mark.
    expect(texts(layoutChartImage(table, heading, measure).ops)).not.toContain('अवकाश = No draw');
  });
});
