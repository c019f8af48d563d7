import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStale } from '../../../scripts/build.ts';
import { startRender, type RenderServer } from './app.ts';
import { ROOT, TEST_CONFIG, testMounts, testSnapshot } from './testSupport.ts';

/*
 * A remote redeployed alone: its folder gets a new server bundle (with its new browser bundle),
 * and the render service renders with it from its next check on, without a restart.
 */
const snapshot = testSnapshot({
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  todayKey: '2026-01-02',
  gameNames: ['GALI'],
  games: [{ name: 'GALI', time: '11:30 PM', place: 3, results: { '2026-01-02': '47' } }],
  khaiwals: [],
  mainInfo: { phnnumber: '9876543210', email: 'help@example.com' },
  adInfo: {},
  live: { days: { '2026-01-02': { GALI: { n: '47' } } }, v: {} },
});

let server: RenderServer;
let agents: string;
const html = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity' } })).text();

beforeAll(async () => {
  if (!(await buildStale())) throw new Error('render test: the build failed');
  agents = mkdtempSync(join(tmpdir(), 'satta-agents-'));
  cpSync(join(ROOT, 'mf-agents/dist'), agents, { recursive: true });
  const mounts = testMounts({ 'mf-agents': agents });
  server = await startRender({ port: 0, mounts, config: TEST_CONFIG, data: { snapshot } });
}, 600_000);
afterAll(async () => {
  await server?.close();
  rmSync(agents, { recursive: true, force: true });
});

describe('a remote redeployed alone', () => {
  it('is rendered with its new server bundle after the next check, every page rendered again', async () => {
    expect(await html('/')).toContain('ऑनलाइन खाईवाल (Online Khaiwal)</h2>');
    await server.checkRemotes();
    const unchanged = server.pages.renders;
    expect(await html('/')).toContain('(Online Khaiwal)</h2>');
    // Nothing changed: nothing is rendered again.
    expect(server.pages.renders).toBe(unchanged);

    const bundle = join(agents, 'server/widgets.mjs');
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replaceAll('(Online Khaiwal)', '(Online Khaiwal, new release)'));
    // Until the check, the page stays as it was.
    expect(await html('/')).toContain('(Online Khaiwal)</h2>');
    await server.checkRemotes();
    expect(await html('/')).toContain('ऑनलाइन खाईवाल (Online Khaiwal, new release)</h2>');
    expect(await html('/contact')).toContain('9876543210');
  });

  it('keeps rendering with the last bundle while the new one cannot be read', async () => {
    rmSync(join(agents, 'server'), { recursive: true, force: true });
    await server.checkRemotes();
    expect(await html('/')).toContain('(Online Khaiwal, new release)</h2>');
  });
});
