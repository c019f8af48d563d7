import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGE_MS } from '../../shared/domain/constants.ts';
import { isAdminRemote, launchBrowser, openPage, waitForSplashToGo } from '../support/browser.ts';

const { site, admin, visitor } = inject('e2e');
const WRONG = 'Incorrect password. Please try again.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('sign-in and the admin gate', () => {
  it('/dashboard signed out shows only the navigation and "First, Log In", without fetching mf-admin', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await page.goto(`${site}/dashboard`);
      await waitForSplashToGo(page);
      await page.getByText('First, Log In').waitFor();
      expect(await page.getByTestId('nav').isVisible()).toBe(true);
      expect(await page.locator('form').count()).toBe(0);
      expect(log.requests.filter(isAdminRemote)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a wrong password shows the message for 3 s; the right one leads to the dashboard, and only then mf-admin loads', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await page.goto(`${site}/signin`);
      await waitForSplashToGo(page);
      expect(await page.locator('input[type="email"]').getAttribute('type')).toBe('email');

      await signIn(page, admin.email, 'wrong-password');
      const message = page.getByText(WRONG);
      await message.waitFor();
      const shownAt = Date.now();
      await message.waitFor({ state: 'detached', timeout: MESSAGE_MS + 5_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(MESSAGE_MS - 1_000);
      expect(log.requests.filter(isAdminRemote)).toEqual([]);

      await signIn(page, admin.email, admin.password);
      await page.waitForURL(`${site}/dashboard`);
      await page.locator('[data-widget="mf-admin/Dashboard"]').waitFor();
      await page.locator('[data-widget="mf-admin/Dashboard"] [data-testid^="loading-"]').waitFor({ state: 'detached' });
      expect(await page.locator('[data-widget="mf-admin/Dashboard"] [data-testid^="fallback-"]').count()).toBe(0);
      expect(log.requests.some((u) => u.endsWith('/mf-admin/remoteEntry.js'))).toBe(true);

      // Signed in already: /signin goes straight on to the dashboard.
      await page.goto(`${site}/signin`);
      await page.waitForURL(`${site}/dashboard`);

      // Signing out (mf-admin's button) takes the shell back home.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${site}/`);
    } finally {
      await context.close();
    }
  });

  it('a signed-in user without the admin claim gets no dashboard and mf-admin is never fetched', async () => {
    const { context, page, log } = await openPage(browser);
    try {
      await page.goto(`${site}/signin`);
      await waitForSplashToGo(page);
      await signIn(page, visitor.email, visitor.password);
      await page.waitForURL(`${site}/dashboard`);
      await page.getByTestId('not-admin').waitFor();
      expect(await page.getByTestId('not-admin').textContent()).toContain('not an admin');
      await page.waitForTimeout(1000);
      expect(log.requests.filter(isAdminRemote)).toEqual([]);
      expect(await page.locator('[data-widget="mf-admin/Dashboard"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
