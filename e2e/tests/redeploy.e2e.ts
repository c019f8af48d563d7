import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, waitForFirstResult, waitForLiveWidget } from '../support/browser.ts';

const { site, separateRemote, control } = inject('e2e');
const ROOT = join(import.meta.dirname, '../..');
const HEADING = 'ऑनलाइन खाईवाल (Online Khaiwal)';
const NEW_HEADING = 'ऑनलाइन खाईवाल (Online Khaiwal, new release)';

async function deploy(dir?: string): Promise<void> {
  const query = dir ? `?dir=${encodeURIComponent(dir)}` : '';
  const response = await fetch(`${control}/remote/${separateRemote.name}/deploy${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not deploy ${separateRemote.name}: ${await response.text()}`);
}

const homeHtml = async () => (await fetch(site, { headers: { 'accept-encoding': 'identity' } })).text();

/*
 * A new release of one remote, built and deployed by its team alone: its browser chunks and its
 * server bundle change together, and nothing else is rebuilt or restarted. The release is the
 * built remote with one visible text changed in both bundles (a real build of the remote takes
 * a minute and yields the same files for unchanged sources).
 */
let browser: Browser;
let release: string;
beforeAll(async () => {
  browser = await launchBrowser();
  release = mkdtempSync(join(tmpdir(), 'satta-release-'));
  cpSync(join(ROOT, separateRemote.name, 'dist'), release, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(release, { recursive: true, encoding: 'utf8' })) {
    if (!/\.m?js$/.test(file)) continue;
    const code = readFileSync(join(release, file), 'utf8');
    if (!code.includes('(Online Khaiwal)')) continue;
    writeFileSync(join(release, file), code.replaceAll('(Online Khaiwal)', '(Online Khaiwal, new release)'));
    changed += 1;
  }
  // The browser chunk of the cards and the server bundle.
  expect(changed).toBe(2);
});
afterAll(async () => {
  await deploy();
  await browser?.close();
  rmSync(release, { recursive: true, force: true });
});

describe('a remote redeployed alone', () => {
  it('changes the server-rendered page and the live page, without a restart of the shell or the render service', async () => {
    expect(await homeHtml()).toContain(HEADING);
    await deploy(release);
    // The render service checks the manifest's server bundles every second in the local stack.
    await expect.poll(homeHtml, { timeout: 20_000 }).toContain(NEW_HEADING);

    const { context, page } = await openPage(browser);
    try {
      await page.goto(site);
      await waitForFirstResult(page);
      await waitForLiveWidget(page, `${separateRemote.name}/AgentCards`);
      const cards = page.locator(`[data-widget="${separateRemote.name}/AgentCards"]`);
      expect(await cards.getByRole('heading').first().textContent()).toBe(NEW_HEADING);
    } finally {
      await context.close();
    }
  });

  it('rolls back the same way: the previous release is served and rendered again', async () => {
    await deploy();
    // Also leaves the render service on the remote's own build for the files that follow.
    await expect.poll(homeHtml, { timeout: 20_000 }).not.toContain(NEW_HEADING);
    expect(await homeHtml()).toContain(HEADING);
  });
});
