import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { buildStale } from '../../../scripts/build.ts';
import { FINISHED_YEAR_CACHE_CONTROL, startRender, type RenderServer } from './app.ts';
import { cacheKeys } from '@satta/shared/data';
import type { Snapshot } from './snapshot.ts';
import { TEST_CONFIG, testMounts, testSnapshot, type TestData } from './testSupport.ts';

/*
 * The charts of finished years with a real operator's history: each kept compactly and rendered
 * once per change of its data, served without reading the database again, looked at again after a
 * correction; and no query string makes new work.
 */
const SITE = 'https://satta.example';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const year = Number(today.slice(0, 4));
const old = year - 3;

const named: TestData = {
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  todayKey: today,
  gameNames: ['Gali'],
  games: [{ name: 'Gali', time: '11:30 PM', place: 11, results: { [today]: '47' } }],
  khaiwals: [],
  mainInfo: { phnnumber: '9876543210', email: 'help@example.com' },
  adInfo: {},
  live: { days: { [today]: { Gali: { n: '47' } } }, v: {} },
  spans: { Gali: { first: `${old}-01-01`, last: today } },
};
const database: Record<string, Record<string, string>> = {
  [`year:Gali:${old}`]: { [`${old}-01-01`]: '57', [`${old}-06-15`]: '08' },
  [`year:Gali:${old + 1}`]: { [`${old + 1}-02-02`]: '12' },
};
const loads: string[] = [];
const data = {
  snapshot: testSnapshot(named) as Snapshot | null,
  async loadYear(game: string, wanted: number): Promise<boolean> {
    const key = `year:${game}:${wanted}`;
    loads.push(key);
    const results = database[key];
    if (!results || !data.snapshot) return false;
    // A year is one entry, as publicReads.gameYear reads it.
    const entry = { name: game, time: null, place: null, results: { ...results } };
    data.snapshot = { ...data.snapshot, entries: { ...data.snapshot.entries, [key]: entry } };
    return true;
  },
};
let server: RenderServer;

beforeAll(async () => {
  if (!(await buildStale())) throw new Error('render test: the build failed');
  server = await startRender({ port: 0, mounts: testMounts(), config: TEST_CONFIG, data, site: SITE });
}, 600_000);
afterAll(async () => {
  await server?.close();
});

const get = (path: string, encoding = 'identity') =>
  fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding }, redirect: 'manual' });

/** The text of one cell of the yearly table: `day` 1..31, `month` 1..12. */
function cell(html: string, day: number, month: number): string | undefined {
  const table = html.match(/<div role="dialog"[^]*?<tbody>([^]*?)<\/tbody>/)?.[1] ?? '';
  const row = [...table.matchAll(/<tr>([^]*?)<\/tr>/g)][day - 1]?.[1] ?? '';
  return [...row.matchAll(/<td>([^<]*)<\/td>/g)][month - 1]?.[1];
}

describe("a finished year's chart", () => {
  it('is rendered once, kept compressed, and served again without reading its year or rendering', async () => {
    const first = await get(`/chart/gali/${old}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=600, s-maxage=3600');
    expect(FINISHED_YEAR_CACHE_CONTROL).toBe('public, max-age=600, s-maxage=3600');
    const html = await first.text();
    expect(cell(html, 1, 1)).toBe('57');
    expect(cell(html, 15, 6)).toBe('08');
    expect(loads).toEqual([`year:Gali:${old}`]);
    const renders = server.finishedYears.renders;

    const gzip = await get(`/chart/gali/${old}`, 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const again = await get(`/chart/gali/${old}`);
    expect(await again.text()).toBe(html);
    expect(gzip.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(loads).toEqual([`year:Gali:${old}`]);
    expect(server.finishedYears.renders).toBe(renders);
    // Kept as its compressed bodies only, smaller than the page itself.
    const stored = server.finishedYears.peek(`/chart/gali/${old}`);
    expect(stored?.body.length).toBe(0);
    expect(gunzipSync(stored?.gzip ?? Buffer.alloc(0)).toString('utf8')).toBe(html);
    expect(server.finishedYears.bytes).toBeLessThan(Buffer.byteLength(html));
    // This year's chart is not among them.
    expect((await get(`/chart/gali/${year}`)).headers.get('cache-control')).not.toBe(FINISHED_YEAR_CACHE_CONTROL);
    expect(server.finishedYears.size).toBe(1);
  });

  it('is looked at again after a correction, and rendered again only if its data changed', async () => {
    const renders = server.finishedYears.renders;
    // The same corrections read again (a new day's window): nothing to look at.
    data.snapshot = { ...(data.snapshot as Snapshot), entries: { ...(data.snapshot as Snapshot).entries, [cacheKeys.corrections]: [] } };
    loads.length = 0;
    await get(`/chart/gali/${old}`);
    expect(loads).toEqual([]);
    // A correction of another year: the page is looked at (its year read), not rendered.
    database[`year:Gali:${old + 1}`] = { [`${old + 1}-02-02`]: '21' };
    data.snapshot = {
      ...(data.snapshot as Snapshot),
      entries: {
        ...(data.snapshot as Snapshot).entries,
        [cacheKeys.corrections]: [{ id: 'c1', game: 'Gali', date: `${old + 1}-02-02`, from: '12', to: '21', correctedAt: Date.now() }],
      },
    };
    loads.length = 0;
    expect(cell(await (await get(`/chart/gali/${old}`)).text(), 1, 1)).toBe('57');
    expect(loads).toEqual([`year:Gali:${old}`]);
    expect(server.finishedYears.renders).toBe(renders);

    // A correction of its own year: rendered again with the new number.
    database[`year:Gali:${old}`] = { [`${old}-01-01`]: '75', [`${old}-06-15`]: '08' };
    data.snapshot = {
      ...(data.snapshot as Snapshot),
      entries: {
        ...(data.snapshot as Snapshot).entries,
        [cacheKeys.corrections]: [{ id: 'c2', game: 'Gali', date: `${old}-01-01`, from: '57', to: '75', correctedAt: Date.now() }],
      },
    };
    expect(cell(await (await get(`/chart/gali/${old}`)).text(), 1, 1)).toBe('75');
    expect(server.finishedYears.renders).toBe(renders + 1);
    loads.length = 0;
    expect(cell(await (await get(`/chart/gali/${old}`)).text(), 1, 1)).toBe('75');
    expect(loads).toEqual([]);
  });
});

describe('a query string on a public address', () => {
  it('answers a redirect to the address without it', async () => {
    const renders = server.pages.renders + server.finishedYears.renders;
    for (const [asked, location] of [
      ['/?utm_source=whatsapp', '/'],
      [`/chart/gali/${old}?x=${Math.random()}`, `/chart/gali/${old}`],
      ['/chart?fbclid=abc', '/chart'],
      ['/CHART?x=1', '/chart'],
      ['/feed.json?x=1', '/feed.json'],
    ] as const) {
      const res = await get(asked);
      expect([asked, res.status, res.headers.get('location')]).toEqual([asked, 301, location]);
    }
    // No page was rendered for them.
    expect(server.pages.renders + server.finishedYears.renders).toBe(renders);
  });
});
