// Time from an admin's write to the visitor's screen: the result table of a visitor's home page
// in Chromium, while the admin sets Gali's number for today over REST 50 times.
//
//   tsx scripts/bench-live.ts            (needs the built site: npm run build)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ROOT, NAMESPACE, startStack } from './stack.ts';
import { seedData, seedDatabase } from './seed.ts';
import { siteNow } from '../shared/domain/siteTime.ts';

const WRITES = 50;
const GAME = 'Gali';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Wall-clock milliseconds, comparable between this process and the browser on one machine. */
function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Resolves (in the page) with the browser's wall clock at the first DOM change that makes
 * today's cell of the game read `expected`; a MutationObserver sees it in the same frame.
 * The page code is a string: tsx would otherwise wrap its functions in a helper the page lacks.
 */
function watchCell(page: Page, expected: string): Promise<number> {
  const selector = JSON.stringify(`tr[data-game="${GAME}"] td:last-child`);
  const value = JSON.stringify(expected);
  const shown = page.evaluate<number>(`new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the cell never showed ' + ${value}));
    }, 10000);
    const observer = new MutationObserver(() => {
      if (document.querySelector(${selector})?.textContent !== ${value}) return;
      const at = performance.timeOrigin + performance.now();
      observer.disconnect();
      clearTimeout(timeout);
      resolve(at);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`);
  // Awaited later; marked handled now so a failed write does not also report it as unhandled.
  shown.catch(() => undefined);
  return shown;
}

async function main(): Promise<void> {
  for (const app of ['shell', 'mf-results']) {
    if (!existsSync(join(ROOT, app, 'dist'))) throw new Error(`${app}/dist is missing: run npm run build first`);
  }
  const stack = await startStack({ hosting: true });
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    await seedDatabase({ db: stack.urls.database, ns: NAMESPACE }, seedData({ days: 3 }));
    const page = await browser.newPage();
    await page.goto(stack.urls.site ?? '', { waitUntil: 'load' });
    await page.locator(`tr[data-game="${GAME}"]`).waitFor({ timeout: 30_000 });
    await page.getByTestId('stale-badge').first().waitFor({ state: 'detached', timeout: 30_000 });

    const today = siteNow(new Date()).dateKey;
    const url = `${stack.urls.database}/sattanamee/${encodeURIComponent(GAME)}/${today}/number.json?ns=${NAMESPACE}`;
    const samples: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      // Consecutive values always differ, so every write changes what the visitor sees.
      const value = String((i * 37 + 11) % 100).padStart(2, '0');
      const shown = watchCell(page, value);
      // Let the observer be installed before the write leaves.
      await page.evaluate(() => undefined);
      const sent = wallClock();
      const response = await fetch(url, {
        method: 'PUT',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify(value),
      });
      if (!response.ok) throw new Error(`write ${i} failed: HTTP ${response.status} ${await response.text()}`);
      samples.push((await shown) - sent);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(`Live update (admin REST write -> visitor's DOM in Chromium), ${WRITES} writes:`);
    console.log(
      `  median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
        `min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench-live failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
