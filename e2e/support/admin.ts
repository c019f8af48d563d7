import type { Page } from 'playwright-core';
import { waitForSplashToGo } from './browser.ts';

/** Signs in on /signin as the demo admin and waits for the dashboard's greeting. */
export async function signInAsAdmin(page: Page, site: string, admin: { email: string; password: string }): Promise<void> {
  await page.goto(`${site}/signin`);
  await waitForSplashToGo(page);
  await page.locator('input[type="email"]').fill(admin.email);
  await page.locator('input[type="password"]').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site}/dashboard`);
  await page.getByRole('heading', { level: 1, name: /Welcome, Admin/ }).waitFor();
}

/**
 * Waits until a visitor's result table shows `text` in today's column of `game`, as it is seen
 * (innerText: the cell's hidden publish-time note aside).
 */
export async function visitorSees(visitor: Page, game: string, text: string): Promise<void> {
  await visitor.waitForFunction(
    ([name, want]) =>
      document
        .querySelector<HTMLElement>(`[data-widget="mf-results/ResultTable"] tr[data-game="${name}"] td:last-child`)
        ?.innerText.trim() === want,
    [game, text] as const,
    { timeout: 15_000 },
  );
}
