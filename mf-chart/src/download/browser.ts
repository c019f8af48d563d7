import { FONT_FAMILY_DEVANAGARI, FONT_STACK } from '@satta/shared/ui';
import { chartCsv, type ChartTable } from './csv.ts';
import { IMAGE_SCALE, fontOf, layoutChartImage, paintLayout, type TextStyle } from './png.ts';

/*
 * The downloads' browser half: only ever called from a click, never while rendering (the
 * chart also renders on the server). Everything stays on the device: the files are made here
 * and handed to the browser's own download and share sheet.
 */

export interface ImageHeading {
  site: string;
  note: string;
}

/** Saves `blob` as `fileName` through an <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once it started; give slow browsers a moment all the same.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function csvBlob(table: ChartTable): Blob {
  return new Blob([chartCsv(table)], { type: 'text/csv;charset=utf-8' });
}

/**
 * Waits for the page's self-hosted Devanagari face in both weights the image uses, so the
 * canvas does not fall back to a system font (or boxes) for the Hindi line.
 */
async function loadFont(sample: string): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  const family = `'${FONT_FAMILY_DEVANAGARI}'`;
  await Promise.all([`16px ${family}`, `bold 16px ${family}`].map((font) => document.fonts.load(font, sample))).catch(() => undefined);
}

/** The chart as a PNG: the table laid out by layoutChartImage and painted on a canvas. */
export async function pngBlob(table: ChartTable, heading: ImageHeading): Promise<Blob> {
  await loadFont(heading.site);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  const measure = (text: string, style: TextStyle) => {
    ctx.font = fontOf(style, FONT_STACK);
    return ctx.measureText(text).width;
  };
  const layout = layoutChartImage(table, heading, measure);
  canvas.width = layout.width * IMAGE_SCALE;
  canvas.height = layout.height * IMAGE_SCALE;
  ctx.scale(IMAGE_SCALE, IMAGE_SCALE);
  paintLayout(ctx, layout, FONT_STACK);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('could not encode the image'))), 'image/png'),
  );
}

export type ShareOutcome = 'shared' | 'link-shared' | 'copied' | 'cancelled' | 'unavailable';

/**
 * The native share sheet with the chart's image where the browser can share files; else the
 * sheet with the chart's link; else the link copied to the clipboard.
 */
export async function shareChart(options: { title: string; url: string; image: () => Promise<File> }): Promise<ShareOutcome> {
  const { title, url } = options;
  try {
    if (typeof navigator.share === 'function') {
      if (typeof navigator.canShare === 'function') {
        const file = await options.image();
        if (navigator.canShare({ files: [file] })) {
          await navigator.share({ files: [file], title, text: `${title}\n${url}` });
          return 'shared';
        }
      }
      await navigator.share({ title, url });
      return 'link-shared';
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    // Share refused (no user activation left after making the image, a policy): copy instead.
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'unavailable';
  }
}
