import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStale } from '../../../scripts/build.ts';
import { startRender, type RenderServer } from './app.ts';
import type { Snapshot } from './snapshot.ts';
import { TEST_CONFIG, testMounts, testSnapshot } from './testSupport.ts';

/* A published result is rendered into the public pages as soon as the data has it, not on the next request. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const snapshotWith = (gali: string): Snapshot =>
  testSnapshot({
    at: Date.now(),
    todayKey: today,
    gameNames: ['GALI'],
    games: [{ name: 'GALI', time: '11:30 PM', place: 3, results: { [today]: gali } }],
    khaiwals: [],
    mainInfo: {},
    adInfo: {},
    live: { days: { [today]: { GALI: { n: gali } } }, v: {} },
  });
const data: { snapshot: Snapshot | null } = { snapshot: snapshotWith('47') };
let server: RenderServer;

beforeAll(async () => {
  if (!(await buildStale())) throw new Error('render test: the build failed');
  const mounts = testMounts();
  server = await startRender({ port: 0, mounts, config: TEST_CONFIG, data, prerenderMs: 5 });
}, 600_000);
afterAll(async () => {
  await server?.close();
});

describe('pre-rendering', () => {
  it('renders the public pages for new data before they are asked for', async () => {
    await expect.poll(() => server.pages.renders, { timeout: 10_000 }).toBe(5); // /, /chart, /contact, /lucky-number, /corrections
    data.snapshot = snapshotWith('63');
    // Every public page inlines the live node, which holds today's numbers: all five again.
    await expect.poll(() => server.pages.renders, { timeout: 10_000 }).toBe(10);
    const html = await (await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } })).text();
    expect(html).toMatch(/<tr data-game="GALI">[^]*?63[^]*?<\/tr>/);
    // The request found the page ready.
    expect(server.pages.renders).toBe(10);
  });
});

describe('pre-rendering a data source that tells of new snapshots', () => {
  it('renders / for a new snapshot as soon as the data has it, without waiting for the timer', async () => {
    const watchers = new Set<() => void>();
    const live = {
      snapshot: snapshotWith('47') as Snapshot | null,
      onSnapshot(watcher: () => void) {
        watchers.add(watcher);
        return () => watchers.delete(watcher);
      },
    };
    // A timer that never fires within the test: only the data's own notice can start the render.
    const told = await startRender({ port: 0, mounts: testMounts(), config: TEST_CONFIG, data: live, prerenderMs: 3_600_000 });
    const tell = () => {
      for (const watcher of watchers) watcher();
    };
    try {
      tell();
      await expect.poll(() => told.pages.renders, { timeout: 10_000 }).toBe(5);
      live.snapshot = snapshotWith('63');
      tell();
      await expect.poll(() => told.pages.renders, { timeout: 10_000 }).toBe(10); // every page again: each inlines the live node
      const html = await (await fetch(`${told.url}/`, { headers: { 'accept-encoding': 'identity' } })).text();
      expect(html).toMatch(/<tr data-game="GALI">[^]*?63[^]*?<\/tr>/);
      expect(told.pages.renders).toBe(10);
    } finally {
      await told.close();
    }
    expect(watchers.size).toBe(0);
  });
});
