import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Blob as HbBlob, Buffer as HbBuffer, Face, Font, shape } from 'harfbuzzjs';
import { xmlText } from '@satta/shared/domain/xmlText';
import { noDrawOf } from '@satta/shared/domain/holidays';
import { noticeShown } from '@satta/shared/domain/gameNotice';
import { holidaysOf, homeGamesOf, noticesOf, type Snapshot } from './snapshot.ts';

/*
 * Text of the link-preview images as glyph outlines: HarfBuzz (harfbuzzjs, the shaper Chromium
 * uses, as WebAssembly) shapes each run with the committed Noto subsets and the glyphs go into
 * the SVG as paths, so resvg only fills paths and never lays out text itself.
 *
 * Why not resvg's own <text>: @resvg/resvg-js 2.6.2 (the newest release) shapes with rustybuzz
 * but then misplaces the glyphs of a multi-glyph cluster: 'किंग' loses its width, the space after
 * 'सट्टा' vanishes and a whole line comes out about 12% too narrow (previewShaping.test.ts shows
 * it against Chromium). Upstream fixed the advances of such clusters in 2026 (linebender/resvg
 * #1043), not yet in a resvg-js release.
 */

/** The fonts the previews draw with, as make-preview-fonts.ts writes them. */
export const PREVIEW_FONT_FILES = {
  latin: 'NotoSans-Regular.subset.ttf',
  latinBold: 'NotoSans-Bold.subset.ttf',
  deva: 'NotoSansDevanagari-Regular.subset.ttf',
  devaBold: 'NotoSansDevanagari-Bold.subset.ttf',
} as const;
export type PreviewFont = keyof typeof PREVIEW_FONT_FILES;

/**
 * The folder of the fonts, found from this module: `../assets/fonts` beside `src/` (the sources,
 * and `dist/server.mjs` in the repository), `./assets/fonts` beside the packaged `server/server.mjs`
 * (scripts/package.ts copies them there; Dockerfile: COPY server).
 */
export function previewFontDir(): string {
  const candidates = ['./assets/fonts/', '../assets/fonts/'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  const found = candidates.find((dir) => existsSync(join(dir, PREVIEW_FONT_FILES.latin)));
  if (!found) throw new Error(`render: the preview fonts are not in ${candidates.join(' or ')}`);
  return found;
}

interface LoadedFont {
  font: Font;
  upem: number;
  /** Glyph id -> its outline (font units, y up) as SVG path data, made once. */
  paths: Map<number, string>;
}

let loaded: Record<PreviewFont, LoadedFont> | null = null;

/** The four fonts, read on first use (a missing font fails a preview, never the service). */
function fonts(): Record<PreviewFont, LoadedFont> {
  if (loaded) return loaded;
  const dir = previewFontDir();
  const load = (file: string): LoadedFont => {
    const font = new Font(new Face(new HbBlob(readFileSync(join(dir, file))), 0));
    return { font, upem: font.face.upem, paths: new Map() };
  };
  loaded = {
    latin: load(PREVIEW_FONT_FILES.latin),
    latinBold: load(PREVIEW_FONT_FILES.latinBold),
    deva: load(PREVIEW_FONT_FILES.deva),
    devaBold: load(PREVIEW_FONT_FILES.devaBold),
  };
  return loaded;
}

/** Devanagari letters and signs, the dandas (shared with other Indic scripts), and the joiners that shape conjuncts. */
const DEVANAGARI = /\p{Script=Devanagari}|[\u0964\u0965]|\u200C|\u200D/u;
/** Combining marks (the Vedic signs too) stay with the run they follow, whatever their block. */
const MARK = /\p{M}/u;

/**
 * `text` cut into runs of one script: Devanagari (its own font) and everything else (Noto Sans:
 * Latin, digits, punctuation). A space stays with the run before it, and a mark with its letter.
 */
export function scriptRuns(text: string): { deva: boolean; text: string }[] {
  const runs: { deva: boolean; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const deva = DEVANAGARI.test(char) || (last !== undefined && (char === ' ' || MARK.test(char)) ? last.deva : false);
    if (last && last.deva === deva) last.text += char;
    else runs.push({ deva, text: char });
  }
  return runs;
}

/** One glyph placed on the line: its font and id, and its origin in em from the line's start. */
export interface PlacedGlyph {
  font: PreviewFont;
  id: number;
  x: number;
  y: number;
}

/** A line shaped at 1 em: its glyphs and its advance width (em). */
export interface ShapedLine {
  glyphs: PlacedGlyph[];
  width: number;
}

/** `text` shaped with HarfBuzz, run by run, at a size of 1 em. */
export function shapeLine(text: string, bold = false): ShapedLine {
  const all = fonts();
  const glyphs: PlacedGlyph[] = [];
  let pen = 0;
  for (const run of scriptRuns(xmlText(text))) {
    const key: PreviewFont = run.deva ? (bold ? 'devaBold' : 'deva') : bold ? 'latinBold' : 'latin';
    const { font, upem } = all[key];
    const buffer = new HbBuffer();
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    shape(font, buffer);
    for (const glyph of buffer.getGlyphInfosAndPositions()) {
      glyphs.push({ font: key, id: glyph.codepoint, x: pen + (glyph.xOffset ?? 0) / upem, y: (glyph.yOffset ?? 0) / upem });
      pen += (glyph.xAdvance ?? 0) / upem;
    }
  }
  return { glyphs, width: pen };
}

/** The SVG id of a glyph's outline in the image's <defs>. */
const glyphId = (glyph: { font: PreviewFont; id: number }) => `${glyph.font}-${glyph.id}`;

/** XML attribute text: escaped, without the characters XML 1.0 forbids. */
export const xmlAttr = (text: string) =>
  xmlText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const num = (value: number) => String(Math.round(value * 1000) / 1000);

/** A line of text to draw: baseline origin (px), size (px), colour; `maxWidth` shrinks it to fit. */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  size: number;
  fill: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  maxWidth?: number;
}

/** Collects the glyph outlines a drawing uses, each defined once and drawn with <use>. */
export class GlyphSheet {
  private readonly used = new Map<string, { font: PreviewFont; id: number }>();

  /**
   * One line as a group of <use> of its glyphs, scaled from em to `size`. The group carries the
   * text (`data-text`, escaped) for people and tests reading the SVG; resvg ignores it.
   */
  line(item: TextItem): string {
    const shaped = shapeLine(item.text, item.bold);
    const size = item.maxWidth !== undefined && shaped.width * item.size > item.maxWidth ? item.maxWidth / shaped.width : item.size;
    const width = shaped.width * size;
    const left = item.anchor === 'middle' ? item.x - width / 2 : item.anchor === 'end' ? item.x - width : item.x;
    const uses: string[] = [];
    for (const glyph of shaped.glyphs) {
      // .notdef (a character neither font has) is left blank rather than drawn as a box.
      if (glyph.id === 0) continue;
      const id = glyphId(glyph);
      this.used.set(id, { font: glyph.font, id: glyph.id });
      uses.push(`<use href="#${id}" x="${num(glyph.x)}" y="${num(-glyph.y)}"/>`);
    }
    return `<g data-text="${xmlAttr(item.text)}" fill="${xmlAttr(item.fill)}" transform="translate(${num(left)} ${num(item.y)}) scale(${num(size)})">${uses.join('')}</g>`;
  }

  /** The <defs> of every glyph used: its outline in font units, flipped and scaled to 1 em. */
  defs(): string {
    const all = fonts();
    const paths = [...this.used].map(([id, glyph]) => {
      const font = all[glyph.font];
      let d = font.paths.get(glyph.id);
      if (d === undefined) {
        d = font.font.glyphToPath(glyph.id);
        font.paths.set(glyph.id, d);
      }
      const scale = (1 / font.upem).toPrecision(6);
      return `<path id="${id}" transform="scale(${scale} -${scale})" d="${d}"/>`;
    });
    return `<defs>${paths.join('')}</defs>`;
  }
}

// ---- The admin's notice of the day in the previews (shared/domain/gameNotice.ts) ----

/**
 * A game's notice as its previews show it (`{ notice }`, or nothing: a model without one hashes
 * as before notices existed): as the page, only while today has no number and has a draw.
 */
export function previewNotice(snapshot: Snapshot, game: string, todayNumber: string | null): { notice?: string } {
  const noDraw = noDrawOf(holidaysOf(snapshot), homeGamesOf(snapshot));
  const notice = noticeShown(noticesOf(snapshot), game, todayNumber, noDraw(game, snapshot.todayKey));
  return notice === null ? {} : { notice };
}

/** A notice in one line, or two of about equal length broken at the space nearest the middle. */
export function noticeLines(text: string): string[] {
  if (text.length <= 18) return [text];
  const middle = text.length / 2;
  let best = -1;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) {
    if (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  }
  return best === -1 ? [text] : [text.slice(0, best), text.slice(best + 1)];
}
