import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStale } from '../../../scripts/build.ts';
import { startRender, type RenderServer } from './app.ts';
import { chartFacts } from './chartDecision.ts';
import type { Snapshot } from './snapshot.ts';
import { RemoteWidgets } from './widgets.ts';
import { TEST_CONFIG, inlineEntries, testMounts, testSnapshot, type TestData } from './testSupport.ts';

/*
 * Charts as addresses on the render service: /chart/{game}/{year} server-rendered by mf-chart's
 * own page, its head for search engines and link previews, redirects of other spellings, 404s,
 * the sitemap and robots.txt. A fixed snapshot stands in for the database.
 */
const SITE = 'https://satta.example';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const year = Number(today.slice(0, 4));
const lastYear = year - 1;

const mounts = testMounts();

const named: TestData = {
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  todayKey: today,
  gameNames: ['Gali', 'Disawar', 'Delhi Bazar'],
  games: [
    { name: 'Gali', time: '11:30 PM', place: 11, results: { [today]: '47' } },
    { name: 'Disawar', time: '02:00 AM', place: 12, results: { [today]: '09' } },
    { name: 'Delhi Bazar', time: '03:00 PM', place: 4, results: {} },
  ],
  khaiwals: [],
  mainInfo: { phnnumber: '9876543210', email: 'help@example.com' },
  adInfo: {},
  live: { days: { [today]: { Gali: { n: '47' }, Disawar: { n: '09' } } }, v: {} },
  spans: {
    Gali: { first: `${lastYear}-03-14`, last: today },
    Disawar: { first: today, last: today },
    'Delhi Bazar': { first: null, last: null },
  },
};
const snapshot = testSnapshot(named);
/** The years the database answers with, as LiveData.loadYear would bring them in. */
const database: Record<string, Record<string, string>> = {
  [`year:Gali:${lastYear}`]: { [`${lastYear}-03-14`]: '57', [`${lastYear}-12-31`]: '08' },
  [`year:Gali:${year}`]: { [today]: '47' },
  [`year:Disawar:${year}`]: { [today]: '09' },
  [`year:Delhi Bazar:${year}`]: {},
};
const loads: string[] = [];
const data = {
  snapshot: snapshot as Snapshot | null,
  async loadYear(game: string, wanted: number): Promise<boolean> {
    const key = `year:${game}:${wanted}`;
    loads.push(key);
    const results = database[key];
    if (!results || !data.snapshot) return false;
    // A year is one entry: its results (and publish times, none here), as publicReads.gameYear reads it.
    const entry = { name: game, time: null, place: null, results };
    data.snapshot = { ...data.snapshot, entries: { ...data.snapshot.entries, [key]: entry } };
    return true;
  },
};
let server: RenderServer;

beforeAll(async () => {
  if (!(await buildStale())) throw new Error('render test: the build failed');
  server = await startRender({ port: 0, mounts, config: TEST_CONFIG, data, site: SITE });
}, 600_000);
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity' }, redirect: 'manual' });

/** The text of one cell of the yearly table: `day` 1..31, `month` 1..12. */
function cell(html: string, day: number, month: number): string | undefined {
  const table = html.match(/<div role="dialog"[^]*?<tbody>([^]*?)<\/tbody>/)?.[1] ?? '';
  const row = [...table.matchAll(/<tr>([^]*?)<\/tr>/g)][day - 1]?.[1] ?? '';
  return [...row.matchAll(/<td>([^<]*)<\/td>/g)][month - 1]?.[1];
}

describe('chart pages', () => {
  it(`/chart/gali/${lastYear} is the whole yearly table, with its own head`, async () => {
    const response = await get(`/chart/gali/${lastYear}`);
    expect(response.status).toBe(200);
    // A finished year changes only by a correction: edge caches keep it an hour.
    expect(response.headers.get('cache-control')).toBe('public, max-age=600, s-maxage=3600');
    const html = await response.text();
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain(`<title>Gali Chart ${lastYear} – Satta King Result</title>`);
    expect(html).toContain(`<meta name="description" content="Gali सट्टा किंग चार्ट ${lastYear}: पूरे साल के Gali रिज़ल्ट`);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/chart/gali/${lastYear}" />`);
    expect(html).toContain(`<meta property="og:title" content="Gali Chart ${lastYear} – Satta King Result" />`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/chart/gali/${lastYear}" />`);
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta property="og:locale" content="hi_IN" />');
    expect(html).toContain(`<meta property="og:description" content="Gali सट्टा किंग चार्ट ${lastYear}`);
    // The dialog of mf-chart's own page: 31 days by 12 months, 14 March and 31 December filled in.
    expect(html).toContain(`Gali - Yearly Chart ${lastYear}`);
    expect(html.match(/<div role="dialog"[^]*?<tbody>([^]*?)<\/tbody>/)?.[1]?.match(/<tr>/g)).toHaveLength(31);
    expect(cell(html, 14, 3)).toBe('57');
    expect(cell(html, 31, 12)).toBe('08');
    expect(cell(html, 1, 1)).toBe('-');
    expect(html).not.toContain('Loading...');
    // The year picker offers every year with results and shows this one.
    expect(html).toMatch(new RegExp(`<option value="${lastYear}" selected="">${lastYear}</option>`));
    expect(html).toContain(`<option value="${year}">${year}</option>`);
    // The client starts from the same year: one entry, its results with their publish times.
    expect(html).toContain(
      `"year:Gali:${lastYear}":{"name":"Gali","time":null,"place":null,"results":{"${lastYear}-03-14":"57","${lastYear}-12-31":"08"}}`,
    );
  });

  it('inlines the live node with this year’s chart but not with a finished year’s', async () => {
    const past = inlineEntries(await (await get(`/chart/gali/${lastYear}`)).text());
    expect(Object.keys(past)).toContain(`year:Gali:${lastYear}`);
    expect(past).not.toHaveProperty('live');
    const current = inlineEntries(await (await get(`/chart/gali/${year}`)).text());
    expect(current['live']).toEqual({ days: { [today]: { Gali: { n: '47' }, Disawar: { n: '09' } } }, v: {} });
  });

  it('describes the table as a schema.org Dataset', async () => {
    const html = await (await get(`/chart/gali/${lastYear}`)).text();
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      name: `Gali Chart ${lastYear}`,
      url: `${SITE}/chart/gali/${lastYear}`,
      temporalCoverage: `${lastYear}-01-01/${lastYear}-12-31`,
    });
  });

  it('/chart/gali is this year’s chart, with the dated address as its canonical one', async () => {
    const response = await get('/chart/gali');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Gali Chart ${year} – Satta King Result</title>`);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/chart/gali/${year}" />`);
    expect(html).toContain(`Gali - Yearly Chart ${year}`);
    const [month, day] = today.slice(5).split('-').map(Number);
    expect(cell(html, day ?? 0, month ?? 0)).toBe('47');
  });

  it('sends another spelling of a game to its address for good', async () => {
    // A query string is dropped with it: no address of the site has one.
    const alias = await get(`/chart/Disawer/${year}?from=share`);
    expect(alias.status).toBe(301);
    expect(alias.headers.get('location')).toBe(`/chart/disawar/${year}`);
    const upper = await get('/chart/GALI');
    expect(upper.status).toBe(301);
    expect(upper.headers.get('location')).toBe('/chart/gali');
    const hindi = await get(`/chart/${encodeURIComponent('गली')}/${lastYear}`);
    expect(hindi.headers.get('location')).toBe(`/chart/gali/${lastYear}`);
    // The shell's router takes its routes in any case; the server sends them to the one address.
    const shouted = await get(`/CHART/Gali/${lastYear}`);
    expect(shouted.status).toBe(301);
    expect(shouted.headers.get('location')).toBe(`/chart/gali/${lastYear}`);
    const list = await get('/Chart');
    expect(list.status).toBe(301);
    expect(list.headers.get('location')).toBe('/chart');
  });

  it.each([
    ['/chart/no-such-game/2030', '"no-such-game" नाम का कोई सट्टानाम नहीं है। (There is no sattaname called "no-such-game".)'],
    [`/chart/gali/${year + 1}`, `Gali का ${year + 1} का कोई चार्ट नहीं है। (There is no ${year + 1} chart of Gali.)`],
    [`/chart/gali/${lastYear - 1}`, `Gali का ${lastYear - 1} का कोई चार्ट नहीं है। (There is no ${lastYear - 1} chart of Gali.)`],
    [`/chart/delhi-bazar/${lastYear}`, `Delhi Bazar का ${lastYear} का कोई चार्ट नहीं है। (There is no ${lastYear} chart of Delhi Bazar.)`],
    ['/chart/gali/twenty', 'इस पते पर कोई चार्ट नहीं है। (There is no chart at this address.)'],
  ])('%s is 404 with the helpful not-found page', async (path, reason) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Chart not found – Satta King Result</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain(`<p>${reason.replace(/"/g, '&quot;')}</p>`);
    expect(html).toContain(`<a href="/chart/gali/${year}">Gali</a>`);
    expect(html).toContain(`<a href="/chart/delhi-bazar/${year}">Delhi Bazar</a>`);
  });

  it('a flood of unknown games costs one render, each answer with its own name, and leaves the kept pages alone', async () => {
    await get('/chart/warm-up/2030');
    const renders = server.pages.renders;
    const kept = server.pages.size;
    for (let i = 0; i < 40; i++) {
      const response = await get(`/chart/t${i}-x${i * 7}/2030`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain(
        `<p>&quot;t${i}-x${i * 7}&quot; नाम का कोई सट्टानाम नहीं है। (There is no sattaname called &quot;t${i}-x${i * 7}&quot;.)</p>`,
      );
      expect(html).not.toContain('zq0unknown0gameqz');
    }
    expect(server.pages.renders).toBe(renders);
    expect(server.pages.size).toBe(kept);
  });

  it('writes an unknown name with markup as text', async () => {
    const html = await (await get('/chart/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E/2030')).text();
    expect(html).toContain('called &quot;&lt;img src=x onerror=alert(1)&gt;&quot;.)</p>');
    expect(html).not.toContain('<img src=x');
  });

  it('unknown years of a game are rendered apart: a flood of them pushes no real page out', async () => {
    expect((await get(`/chart/gali/${lastYear}`)).status).toBe(200);
    const renders = server.pages.renders;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => get(`/chart/gali/${1900 + i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 60 }, () => 404));
    await Promise.all(answers.map((r) => r.text()));
    // The year's page is still kept: asked again, it is not rendered again.
    expect((await get(`/chart/gali/${lastYear}`)).status).toBe(200);
    expect(server.pages.renders).toBe(renders);
  });

  it('answers an unknown address with the shell’s not-found page and 404; client routes and files stay', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Page not found – Satta King Result</title>');
    expect(html).toContain('<h1 lang="hi">यह पेज नहीं मिला।</h1>');
    expect((await get('/signin')).status).toBe(200);
    expect((await get('/dashboard')).status).toBe(200);
    expect((await get('/remotes/mf-chart/remoteEntry.js')).status).toBe(200);
    expect((await get('/no-such-file.js')).status).toBe(404);
  });

  it('gives the public pages their canonical address', async () => {
    const html = await (await get('/contact')).text();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/contact" />`);
    expect(html).toContain('<meta property="og:locale" content="hi_IN" />');
  });

  it('loads this year on each request from the data, and renders it once', async () => {
    loads.length = 0;
    const before = server.pages.renders;
    await get(`/chart/gali/${year}`);
    await get(`/chart/gali/${year}`);
    expect(loads).toEqual([`year:Gali:${year}`, `year:Gali:${year}`]);
    expect(server.pages.renders).toBe(before);
  });

  it('serves a finished year as it was rendered, without reading its year again', async () => {
    loads.length = 0;
    const before = server.finishedYears.renders;
    await get(`/chart/gali/${lastYear}`);
    await get(`/chart/gali/${lastYear}`);
    expect(loads).toEqual([]);
    expect(server.finishedYears.renders).toBe(before);
  });
});

describe('sitemap and robots.txt', () => {
  it('/sitemap.xml lists the public pages and every game-year with results, with their dates', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=3600');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]);
    expect(urls).toEqual([
      `<loc>${SITE}/</loc><lastmod>${today}</lastmod>`,
      `<loc>${SITE}/chart</loc><lastmod>${today}</lastmod>`,
      `<loc>${SITE}/contact</loc>`,
      `<loc>${SITE}/lucky-number</loc><lastmod>${today}</lastmod>`,
      `<loc>${SITE}/corrections</loc>`,
      `<loc>${SITE}/chart/gali/${lastYear}</loc><lastmod>${lastYear}-12-31</lastmod>`,
      `<loc>${SITE}/chart/gali/${year}</loc><lastmod>${today}</lastmod>`,
      `<loc>${SITE}/chart/disawar/${year}</loc><lastmod>${today}</lastmod>`,
    ]);
  });

  it('/robots.txt keeps the admin pages out and points to the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await response.text()).split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /dashboard',
      'Disallow: /signin',
      '',
      `Sitemap: ${SITE}/sitemap.xml`,
      '',
    ]);
  });
});

describe('mf-chart decides its addresses', () => {
  it('its server bundle exports the decision, which is never taken for a widget', async () => {
    const remotes = new RemoteWidgets(TEST_CONFIG.remotes ?? {}, mounts);
    expect(await remotes.load()).toEqual([]);
    expect(remotes.lookup('mf-chart', 'ChartPage')).toBeTypeOf('function');
    expect(remotes.lookup('mf-chart', 'decideChartPage')).toBeUndefined();
    const decide = remotes.chartDecider();
    expect(decide?.(`/chart/Disawer/${year}`, chartFacts(snapshot))).toMatchObject({
      kind: 'chart',
      game: 'Disawar',
      canonicalRedirect: `/chart/disawar/${year}`,
    });
  });

  it('without its server bundle, chart addresses are the static host’s: the shell decides in the browser', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'satta-no-chart-'));
    const own = await startRender({ port: 0, mounts: testMounts({ 'mf-chart': empty }), config: TEST_CONFIG, data, site: SITE });
    try {
      for (const path of [`/chart/gali/${lastYear}`, '/chart/gali', `/chart/Disawer/${year}`, '/chart/no-such-game/2030']) {
        const response = await fetch(`${own.url}${path}`, { redirect: 'manual' });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('<div id="root"></div>');
      }
      expect((await fetch(`${own.url}/og/chart/gali/${year}.png`, { redirect: 'manual' })).status).toBe(404);
      // The list itself is still rendered (mf-chart's page as its placeholder).
      expect((await fetch(`${own.url}/chart`)).status).toBe(200);
    } finally {
      await own.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
