import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ownerRest } from '../support/resultsRest.ts';
import {
  MOBILE,
  dismissNotificationPrompt,
  launchBrowser,
  openPage,
  waitForLiveWidget,
  waitForSplashToGo,
  type TestPage,
} from '../support/browser.ts';

const { site, database } = inject('e2e');

const rest = ownerRest(database);
const khaiwals = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', body?: unknown) => rest('khaiwals', method, body);

const record = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  phone: '+91 98765 43210',
  wa: '+91 98765-43210',
  site: 'https://agent.example.com',
  payment: 'PhonePe / GPay',
  customTimings: [['Gali', '11:20 PM']],
  customRates: { jodi: '10-----950', haruf: '100-----950' },
  ...extra,
});

const cardsWidget = (page: Page): Locator => page.locator('[data-widget="mf-agents/AgentCards"]');
const card = (page: Page, name: string): Locator => cardsWidget(page).getByRole('article', { name });

async function cardNames(page: Page): Promise<string[]> {
  return cardsWidget(page).locator('article h3').allTextContents();
}

async function openHome(page: Page): Promise<void> {
  await page.goto(site);
  await cardsWidget(page).getByRole('article').first().waitFor({ timeout: 30_000 });
  // Only now is the splash surely mounted; waiting earlier can pass before the app has rendered.
  await waitForSplashToGo(page);
  await dismissNotificationPrompt(page);
  // A visitor who came for the agents scrolls to them, and the cards go live there.
  await waitForLiveWidget(page, 'mf-agents/AgentCards');
  await cardsWidget(page).scrollIntoViewIfNeeded();
}

describe('agent cards and contact page (mf-agents)', () => {
  let browser: Browser;
  let saved: unknown;
  let tab: TestPage;

  beforeAll(async () => {
    saved = await khaiwals('GET');
    await khaiwals('DELETE');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    // Other test files share this database: leave the agents as they were found.
    await (saved === null ? khaiwals('DELETE') : khaiwals('PUT', saved));
  });

  it('shows the three sample agents while the store is empty', async () => {
    tab = await openPage(browser);
    const { page } = tab;
    await openHome(page);
    expect(await cardNames(page)).toEqual(['Sample Khaiwal 1', 'Sample Khaiwal 2', 'Sample Khaiwal 3']);
    const second = card(page, 'Sample Khaiwal 2');
    expect(await second.getByRole('link', { name: /कॉल करें/ }).count()).toBe(2);
    expect(await second.getByText('10-----960').count()).toBe(1);
    expect(await second.getByText('100-----960').count()).toBe(1);
    expect(await second.getByText('Bilaspur').count()).toBe(1);
  });

  it('replaces the samples with an agent the admin adds, live, without a reload', async () => {
    const { page } = tab;
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await khaiwals('POST', record('Live Agent', { site: 'javascript:alert(1)' }));
    await card(page, 'Live Agent').waitFor({ timeout: 15_000 });
    expect(await cardNames(page)).toEqual(['Live Agent']);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    const live = card(page, 'Live Agent');
    expect(await live.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/919876543210');
    expect(await live.getByRole('link', { name: /कॉल करें/ }).getAttribute('href')).toBe('tel:+919876543210');
    // The javascript: site is shown as text and never becomes a link.
    expect(await live.getByText('javascript:alert(1)').count()).toBe(1);
    expect(await live.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await live.getByText('11:20 PM').count()).toBe(1);
    expect(await live.getByText('10-----950').count()).toBe(1);

    await khaiwals('POST', record('Second Agent', { phone2: '+91 90000 11111' }));
    await card(page, 'Second Agent').waitFor({ timeout: 15_000 });
    expect(await cardNames(page)).toEqual(['Live Agent', 'Second Agent']);
    expect(await card(page, 'Second Agent').getByRole('link', { name: 'https://agent.example.com' }).getAttribute('href')).toBe(
      'https://agent.example.com/',
    );
    await tab.context.close();
  });

  it('renders the cards on a fresh visit from the data, readable at 360 px', async () => {
    const { page, context } = await openPage(browser, MOBILE);
    await openHome(page);
    expect(await cardNames(page)).toEqual(['Live Agent', 'Second Agent']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows the contact page from main info, live', async () => {
    const before = await rest('mian', 'GET');
    try {
      await rest('mian', 'PATCH', { name: 'Sunil Verma', phnnumber: '+91 91234-56789', email: 'help@example.com' });
      const { page, context } = await openPage(browser);
      await page.goto(`${site}/contact`);
      const contact = page.locator('[data-widget="mf-agents/ContactPage"]');
      await contact.getByRole('link', { name: 'help@example.com' }).waitFor({ timeout: 30_000 });
      expect(await contact.getByRole('heading', { level: 1 }).textContent()).toMatch(/संपर्क करें/);
      expect(await contact.getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe('mailto:help@example.com');
      expect(await contact.getByText('Sunil', { exact: true }).count()).toBe(1);
      expect(await contact.getByText(/Verma/).count()).toBe(0);
      expect(await contact.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/919123456789');

      await rest('mian', 'PATCH', { name: 'Anil' });
      await contact.getByText('Anil', { exact: true }).waitFor({ timeout: 15_000 });
      await context.close();
    } finally {
      await rest('mian', 'PUT', before);
    }
  });
});
