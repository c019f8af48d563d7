import { pauseJustAhead } from '../support/siteClock.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MOBILE, launchBrowser, openPage, waitForLiveWidget, waitForSplashToGo } from '../support/browser.ts';

const { site } = inject('e2e');

/** Polls from Node (not with page timers, which the clock test fakes) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

const luckyPage = (page: Page): Locator => page.locator('[data-widget="mf-fun/LuckyNumberPage"]');
const slot = (page: Page): Locator => page.locator('[data-widget="mf-fun/SlotMachine"]');
const luckyDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Lucky Numbers' });

async function dialogNumbers(page: Page): Promise<number[]> {
  return (await luckyDialog(page).getByRole('listitem').allTextContents()).map(Number);
}

async function highlighted(page: Page): Promise<number[]> {
  return (
    await luckyPage(page)
      .locator('[data-lucky="true"]')
      .evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''))
  ).map(Number);
}

/** Fake timers from now on, paused: the page's time moves only with runFor. */
async function freezeClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  await pauseJustAhead(page, 1000);
}

async function openLucky(page: Page): Promise<void> {
  await page.goto(`${site}/lucky-number`);
  // The server-rendered form and slot machine look the same but take no input: wait for the live ones.
  await waitForLiveWidget(page, 'mf-fun/LuckyNumberPage');
  await waitForLiveWidget(page, 'mf-fun/SlotMachine');
  // Only now is the splash surely mounted; waiting earlier can pass before the app has rendered.
  await waitForSplashToGo(page);
}

function expectDraw(numbers: number[]): void {
  expect(numbers).toHaveLength(5);
  for (const n of numbers) {
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(90);
  }
}

describe('lucky numbers and slot machine (mf-fun)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('generates, shows and closes lucky numbers, then regenerates on its own after an edit', async () => {
    const { page, context } = await openPage(browser, MOBILE);
    await openLucky(page);
    const lucky = luckyPage(page);
    const name = lucky.getByLabel('Name', { exact: true });
    const dob = lucky.getByLabel('Date of Birth', { exact: true });
    const generate = lucky.getByRole('button', { name: 'Generate Lucky Numbers' });

    // The page also holds the shell's result widgets and the slot machine.
    await page.locator('[data-widget="mf-results/ResultTable"]').waitFor();
    await slot(page).getByRole('button', { name: 'Spin' }).waitFor();
    expect(
      await lucky
        .getByRole('list', { name: /0 से 99/ })
        .getByRole('listitem')
        .count(),
    ).toBe(100);

    await generate.click();
    expect(await luckyDialog(page).count()).toBe(0);
    expect(await lucky.getByText(/Name is required/).count()).toBe(1);

    await name.fill('राहुल शर्मा');
    await dob.fill('1992-08-15');
    await generate.click();
    await luckyDialog(page).waitFor();
    const first = await dialogNumbers(page);
    expectDraw(first);
    expect(await highlighted(page)).toEqual([...new Set(first)].sort((a, b) => a - b));

    await page.keyboard.press('Escape');
    await luckyDialog(page).waitFor({ state: 'detached' });
    expect(await generate.evaluate((el) => el === document.activeElement)).toBe(true);

    await dob.fill('1992-08-16');
    expect(await luckyDialog(page).count()).toBe(0);
    expect(await highlighted(page)).toEqual([]);
    await luckyDialog(page).waitFor({ timeout: 5_000 });
    const second = await dialogNumbers(page);
    expectDraw(second);
    expect(await highlighted(page)).toEqual([...new Set(second)].sort((a, b) => a - b));

    await luckyDialog(page).getByRole('button', { name: 'Close' }).click();
    await luckyDialog(page).waitFor({ state: 'detached' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('does not open the modal on every keystroke of a name', async () => {
    const { page, context } = await openPage(browser);
    await openLucky(page);
    const lucky = luckyPage(page);
    await lucky.getByLabel('Date of Birth', { exact: true }).fill('1985-03-09');
    await lucky.getByLabel('Name', { exact: true }).pressSequentially('Sunil', { delay: 120 });
    expect(await luckyDialog(page).count()).toBe(0);
    await luckyDialog(page).waitFor({ timeout: 5_000 });
    expectDraw(await dialogNumbers(page));
    await context.close();
  });

  it('spins from start to idle under a fake clock', async () => {
    const { page, context } = await openPage(browser);
    await openLucky(page);
    const machine = slot(page);
    const spin = machine.getByRole('button', { name: /^(Spin|Spinning\.\.\.)$/ });
    await spin.waitFor();
    const faces = () => machine.locator('[data-symbol]').evaluateAll((reels) => reels.map((r) => r.getAttribute('aria-label')).join(','));
    expect(await machine.getByRole('img').count()).toBe(3);

    await freezeClock(page);
    await spin.click();
    await until(async () => (await spin.textContent()) === 'Spinning...', 'Spinning...');
    expect(await spin.isDisabled()).toBe(true);

    const seen = new Set([await faces()]);
    for (let t = 100; t < 2000; t += 100) {
      await page.clock.runFor(100);
      seen.add(await faces());
      expect(await spin.textContent()).toBe('Spinning...');
    }
    // 19 ticks of 3 random reels: a repeat is possible, a frozen reel set is not.
    expect(seen.size).toBeGreaterThan(10);

    await page.clock.runFor(100);
    await until(async () => (await spin.textContent()) === 'Spin', 'idle');
    expect(await spin.isDisabled()).toBe(false);
    const final = await faces();
    await page.clock.runFor(1000);
    expect(await faces()).toBe(final);
    await context.close();
  });

  it('holds the reels still under reduced motion and stops after the same 2000 ms', async () => {
    const { page, context } = await openPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openLucky(page);
    const machine = slot(page);
    const spin = machine.getByRole('button', { name: /^(Spin|Spinning\.\.\.)$/ });
    await spin.waitFor();
    const faces = () => machine.locator('[data-symbol]').evaluateAll((reels) => reels.map((r) => r.getAttribute('aria-label')).join(','));
    const before = await faces();

    await freezeClock(page);
    await spin.focus();
    await page.keyboard.press('Enter');
    await until(async () => (await spin.textContent()) === 'Spinning...', 'Spinning...');
    for (let t = 100; t < 2000; t += 100) {
      await page.clock.runFor(100);
      expect(await faces()).toBe(before);
    }
    await page.clock.runFor(100);
    await until(async () => (await spin.textContent()) === 'Spin', 'idle');
    await context.close();
  });
});
