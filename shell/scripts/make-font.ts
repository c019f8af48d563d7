/**
 * Builds the self-hosted Devanagari font from Debian's fonts-noto-core: a WOFF2 subset with
 * only the Devanagari blocks, so Hindi renders the same everywhere without a font CDN and
 * Latin text keeps the visitor's system font (the @font-face has a matching unicode-range).
 * Run once after changing the ranges: `tsx shell/scripts/make-font.ts`; the output is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

// Regular only: browsers synthesise bold well enough for headings, and a second 63 KB file
// would be fetched by every visitor on the first table heading.
const SOURCES = {
  Regular: '/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf',
};
/** Must match DEVANAGARI_RANGE in shell/src/styles/GlobalStyle.ts and index.html's @font-face. */
const RANGES: [number, number][] = [
  [0x0900, 0x097f], // Devanagari
  [0x1cd0, 0x1cff], // Vedic extensions
  [0xa8e0, 0xa8ff], // Devanagari extended
  [0x200c, 0x200d], // ZWNJ / ZWJ shape conjuncts
  [0x20b9, 0x20b9], // rupee sign
  [0x25cc, 0x25cc], // dotted circle for lone marks
];

const text = RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');
const out = fileURLToPath(new URL('../src/assets/fonts/', import.meta.url));
for (const [weight, file] of Object.entries(SOURCES)) {
  const woff2 = await subsetFont(readFileSync(file), text, { targetFormat: 'woff2' });
  const target = `${out}NotoSansDevanagari-${weight}.subset.woff2`;
  writeFileSync(target, woff2);
  console.log(`${target}: ${woff2.length} bytes`);
}
