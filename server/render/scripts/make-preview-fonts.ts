/**
 * Builds the fonts of the link-preview images (server/render/src/linkPreview.ts) from Debian's
 * fonts-noto-core: TrueType subsets, because resvg reads TrueType/OpenType but not WOFF2. Noto
 * Sans Devanagari for Hindi (the whole Devanagari blocks: any game name can be drawn, and the
 * GSUB/GPOS tables that shape conjuncts and matras stay complete) and Noto Sans for the Latin
 * text, digits and punctuation, each in Regular and Bold.
 *
 * Run once after changing the ranges, and commit the output (server/render/assets/fonts/):
 *
 *   npx tsx server/render/scripts/make-preview-fonts.ts
 *
 * The licence of the fonts is server/render/assets/fonts/OFL.txt.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const NOTO = '/usr/share/fonts/truetype/noto';

type Range = [number, number];

/** Text the previews write besides Hindi: ASCII, the Latin-1 signs and the general punctuation (– — · … ‘ ’ “ ”). */
const LATIN: Range[] = [
  [0x0020, 0x007e], // Basic Latin: letters, digits, punctuation
  [0x00a0, 0x00ff], // Latin-1 supplement: no-break space, ·, ×
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x20b9, 0x20b9], // rupee sign
];

/** Must cover what the previews write in Hindi; the same blocks as the shell's face (shell/scripts/make-font.ts). */
const DEVANAGARI: Range[] = [
  [0x0900, 0x097f], // Devanagari
  [0x1cd0, 0x1cff], // Vedic extensions
  [0xa8e0, 0xa8ff], // Devanagari extended
  [0x200c, 0x200d], // ZWNJ / ZWJ shape conjuncts
  [0x25cc, 0x25cc], // dotted circle for lone marks
  [0x0020, 0x0020], // space, so a Hindi run keeps its own word spacing
  [0x0964, 0x0965], // danda, double danda
];

const FONTS: { source: string; target: string; ranges: Range[] }[] = [
  { source: 'NotoSans-Regular.ttf', target: 'NotoSans-Regular.subset.ttf', ranges: LATIN },
  { source: 'NotoSans-Bold.ttf', target: 'NotoSans-Bold.subset.ttf', ranges: LATIN },
  { source: 'NotoSansDevanagari-Regular.ttf', target: 'NotoSansDevanagari-Regular.subset.ttf', ranges: DEVANAGARI },
  { source: 'NotoSansDevanagari-Bold.ttf', target: 'NotoSansDevanagari-Bold.subset.ttf', ranges: DEVANAGARI },
];

const textOf = (ranges: Range[]) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');

const out = fileURLToPath(new URL('../assets/fonts/', import.meta.url));
for (const { source, target, ranges } of FONTS) {
  const ttf = await subsetFont(readFileSync(`${NOTO}/${source}`), textOf(ranges), { targetFormat: 'sfnt' });
  writeFileSync(out + target, ttf);
  console.log(`${out}${target}: ${ttf.length} bytes`);
}
