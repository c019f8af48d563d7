/*
 * Draws the web app icons (shell/public/icons/app-*.png) and the tab's favicon (favicon-32.png,
 * about 1 KB, so a first visit does not fetch the 12 KB app icon for its tab) from one SVG with
 * headless Chromium,
 * so no image tool is needed. The PNGs are committed; run this again only to change the design:
 *   npx tsx scripts/make-icons.ts
 * The drawing keeps to the middle 80 % of the square, the safe zone of a maskable icon, so the
 * same files serve as "any" and "maskable".
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const SIZES = [192, 512] as const;
const FAVICON = 32;
const OUT = fileURLToPath(new URL('../shell/public/icons/', import.meta.url));

/** The splash's coin on the site's maroon, with the two digits of a result. */
const svg = (size: number): string => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs>
    <radialGradient id="coin" cx="35%" cy="35%" r="70%">
      <stop offset="0" stop-color="#fff3b0"/>
      <stop offset="0.6" stop-color="#f2c230"/>
      <stop offset="1" stop-color="#b8860b"/>
    </radialGradient>
  </defs>
  <rect width="100" height="100" fill="#7b1f1f"/>
  <circle cx="50" cy="50" r="30" fill="url(#coin)" stroke="#b8860b" stroke-width="3"/>
  <text x="50" y="51" text-anchor="middle" dominant-baseline="central" font-family="DejaVu Sans, Arial, sans-serif"
        font-size="26" font-weight="700" fill="#5d3a00">42</text>
</svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0">${svg(size)}</body>`);
    await writeFile(`${OUT}app-${size}.png`, await page.screenshot({ clip: { x: 0, y: 0, width: size, height: size } }));
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: FAVICON, height: FAVICON } });
  await page.setContent(`<body style="margin:0">${svg(FAVICON)}</body>`);
  await writeFile(`${OUT}favicon-${FAVICON}.png`, await page.screenshot({ clip: { x: 0, y: 0, width: FAVICON, height: FAVICON } }));
  await page.close();
} finally {
  await browser.close();
}
