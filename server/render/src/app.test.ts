import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildStale } from '../../../scripts/build.ts';
import { startRender, type RenderServer } from './app.ts';
import type { Snapshot } from './snapshot.ts';
import { TEST_CONFIG, inlineEntries, testMounts, testSnapshot, type TestData } from './testSupport.ts';

/*
 * The render service over the built shell and remotes with a fixed in-memory snapshot instead of
 * the database. It renders the remotes' real server bundles, so it builds what is stale first
 * (on a fresh clone, everything; the end-to-end suite then finds the build up to date).
 */
const dayKey = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const today = dayKey(0);
const yesterday = dayKey(-1);
// The page is rendered at the time of its data (its clock): late today in India, every game played.
const DATA_AT = Date.parse(`${today}T23:45:05+05:30`);
const DATA_AT_HTTP = new Date(DATA_AT).toUTCString();

const mounts = testMounts();

const named: TestData = {
  at: DATA_AT,
  todayKey: today,
  gameNames: ['GALI', 'DISAWER'],
  games: [
    { name: 'GALI', time: '11:30 PM', place: 3, results: { [yesterday]: '12', [today]: '47' } },
    { name: 'DISAWER', time: '05:00 AM', place: 1, results: { [yesterday]: '83', [today]: '09' } },
  ],
  khaiwals: [],
  mainInfo: { banner: 'आज की खबर </script><b>', phnnumber: '9876543210', email: 'help@example.com' },
  adInfo: {},
  live: {
    days: {
      [yesterday]: { GALI: { n: '12' }, DISAWER: { n: '83' } },
      [today]: { GALI: { n: '47' }, DISAWER: { n: '09' } },
    },
    v: { mian: 1_767_323_000_000 },
  },
};
const snapshot = testSnapshot(named);
const data: { snapshot: Snapshot | null } = { snapshot };
let server: RenderServer;

beforeAll(async () => {
  if (!(await buildStale())) throw new Error('render test: the build failed');
  server = await startRender({ port: 0, mounts, config: TEST_CONFIG, data });
}, 600_000);
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

describe('render service', () => {
  it('renders / with today’s numbers, the disclaimer, the styles and the data for the client', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    const html = await response.text();
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('<title>Satta King Result – आज का रिज़ल्ट</title>');
    expect(html).toContain('<meta name="description" content="आज का सट्टा किंग रिज़ल्ट');
    expect(html).toMatch(
      /<tr data-game="GALI"><th scope="row">GALI<span[^>]*>11:30 PM<\/span><\/th><td>12<\/td><td>[^]*?47[^]*?<\/td><\/tr>/,
    );
    expect(html).toContain('This website is for information only and is entirely non-commercial.');
    // The result table's styles are in the response: its sticky table rules, in <head>.
    expect(html).toMatch(/<style [^>]*data-styled-version="[\d.]+"[^>]*>[^]*position:sticky;[^]*<\/style><\/head>/);
    expect(html).not.toContain('Loading...');
    // The inlined data cannot end its script element early.
    expect(html).toContain('आज की खबर \\u003c/script>\\u003cb>');
    // With the day the page was rendered for: the browser hydrates it only on the same day.
    expect(html).toContain(`<script type="application/json" id="satta-data">{"at":${DATA_AT},"today":"${today}","entries":{`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
  });

  it('inlines the live node, the days and stamps it was rendered from, with the pages of current data', async () => {
    const home = inlineEntries(await (await get('/')).text());
    expect(home['live']).toEqual({
      days: {
        [yesterday]: { GALI: { n: '12' }, DISAWER: { n: '83' } },
        [today]: { GALI: { n: '47' }, DISAWER: { n: '09' } },
      },
      v: { mian: 1_767_323_000_000 },
    });
    expect(inlineEntries(await (await get('/contact')).text())['live']).toEqual(home['live']);
  });

  it('inlines the days without a draw with the home page, and renders it again when a mark changes', async () => {
    // None marked: the home page still inlines the (empty) marks it was rendered with.
    expect(inlineEntries(await (await get('/')).text())['holidays']).toEqual({});
    const marks = {
      GALI: { dates: { [today]: true as const }, weekdays: {} },
      DISAWER: { dates: {}, weekdays: { sun: '2026-01-04' } },
    };
    const before = server.pages.renders;
    data.snapshot = testSnapshot({ ...named, holidays: marks });
    try {
      const home = inlineEntries(await (await get('/')).text());
      expect(home['holidays']).toEqual({
        GALI: { dates: { [today]: true }, weekdays: {} },
        DISAWER: { dates: {}, weekdays: { sun: '2026-01-04' } },
      });
      expect(server.pages.renders).toBeGreaterThan(before);
      // A page that does not show them does not inline them.
      expect(inlineEntries(await (await get('/contact')).text())['holidays']).toBeUndefined();
    } finally {
      data.snapshot = snapshot;
    }
  });

  it('renders /contact with the contact details and /chart with the game list', async () => {
    const contact = await (await get('/contact')).text();
    expect(contact).toContain('help@example.com');
    expect(contact).toContain('9876543210');
    expect(contact).toContain('<title>Contact – Satta King Result</title>');
    const chart = await (await get('/chart')).text();
    expect(chart).toContain('GALI');
    expect(chart).toContain('DISAWER');
    expect(chart).toContain('This website is for information only');
  });

  it('answers 304 to the page’s ETag', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get('/', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers HEAD with the page’s headers and no body, as its plan says', async () => {
    const page = await get('/');
    const head = await fetch(`${server.url}/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(page.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(await page.text())));
    expect(head.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    expect(await head.text()).toBe('');
    const missing = await fetch(`${server.url}/no-such-page`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });

  it('sends the same bytes precompressed with brotli and gzip', async () => {
    const plain = Buffer.from(await (await get('/')).arrayBuffer());
    const br = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gzip = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes both; the lengths sent are the compressed ones.
    expect(Number(br.headers.get('content-length'))).toBeLessThan(plain.length / 3);
    expect(Buffer.from(await br.arrayBuffer()).equals(plain)).toBe(true);
    expect(Buffer.from(await gzip.arrayBuffer()).equals(plain)).toBe(true);
  });

  it('renders a route again only when the data it shows changed', async () => {
    await get('/contact');
    const before = server.pages.renders;
    await get('/contact');
    await get('/contact');
    expect(server.pages.renders).toBe(before);

    data.snapshot = testSnapshot({ ...named, adInfo: { x: { name: 'not shown on /contact', time: '' } } });
    await get('/contact');
    expect(server.pages.renders).toBe(before);

    data.snapshot = testSnapshot({ ...named, mainInfo: { ...named.mainInfo, email: 'new@example.com' } });
    expect(await (await get('/contact')).text()).toContain('new@example.com');
    expect(server.pages.renders).toBe(before + 1);
    data.snapshot = snapshot;
  });

  it('describes the link preview of / once per render, and names it in the page', async () => {
    const described = vi.spyOn(server.previews, 'describe');
    try {
      data.snapshot = testSnapshot({ ...named, mainInfo: { ...named.mainInfo, email: 'once@example.com' } });
      const before = server.pages.renders;
      const html = await (await get('/')).text();
      expect(server.pages.renders).toBe(before + 1);
      expect(described).toHaveBeenCalledTimes(1);
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/og\/home-[0-9a-f]{16}\.png" \/>/);
      // Asked again for the same data: the kept page, nothing described.
      await get('/');
      expect(described).toHaveBeenCalledTimes(1);
    } finally {
      described.mockRestore();
      data.snapshot = snapshot;
    }
  });

  it('serves the last rendered page, with the time of its data, while the database is away', async () => {
    const last = await (await get('/')).text();
    data.snapshot = null;
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('last-modified')).toBe(DATA_AT_HTTP);
    expect(await response.text()).toBe(last);
    data.snapshot = snapshot;
  });

  it('leaves assets, /config.json and client-only routes to the static host', async () => {
    const signin = await get('/signin');
    expect(await signin.text()).toContain('<div id="root"></div>');
    expect((await get('/remotes/mf-results/remoteEntry.js')).status).toBe(200);
  });
});

describe('feeds', () => {
  it('/feed.json and /feed.xml carry yesterday’s and today’s results, cached like the pages', async () => {
    const json = await get('/feed.json');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(json.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
    expect(json.headers.get('last-modified')).toBe(DATA_AT_HTTP);
    const feed = (await json.json()) as { feed_url: string; items: { id: string; title: string }[] };
    expect(feed.feed_url).toBe(`${server.url}/feed.json`);
    const display = (key: string) => key.split('-').reverse().join('-');
    expect(feed.items.map((item) => item.title).sort()).toEqual(
      [
        `DISAWER ${display(today)}: 09`,
        `DISAWER ${display(yesterday)}: 83`,
        `GALI ${display(today)}: 47`,
        `GALI ${display(yesterday)}: 12`,
      ].sort(),
    );

    const xml = await get('/feed.xml', { 'accept-encoding': 'gzip' });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(xml.headers.get('content-encoding')).toBe('gzip');
    expect(await xml.text()).toContain(`<title>GALI ${display(today)}: 47</title>`);

    const again = await get('/feed.json', { 'if-none-match': json.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('carries publish and change times, and the corrections log, newest first', async () => {
    const published = Date.UTC(2026, 0, 2, 18, 0, 0);
    const corrected = Date.UTC(2026, 0, 2, 18, 9, 30);
    const [gali, disawer] = named.games;
    data.snapshot = testSnapshot({
      ...named,
      games: [{ ...gali!, meta: { [today]: { publishedAt: published, updatedAt: corrected, was: '74' } } }, disawer!],
      corrections: [{ id: '-Nc1', game: 'GALI', date: today, from: '74', to: '47', publishedAt: published, correctedAt: corrected }],
    });
    try {
      const feed = (await (await get('/feed.json')).json()) as { items: Record<string, string>[] };
      const display = today.split('-').reverse().join('-');
      expect(feed.items.slice(0, 3)).toEqual([
        {
          id: `result:GALI:${today}:47`,
          url: `${server.url}/chart/gali/${today.slice(0, 4)}`,
          title: `GALI ${display}: 47`,
          content_text: `GALI का ${display} का रिज़ल्ट 47 है। GALI result for ${display}: 47.`,
          date_published: '2026-01-02T18:00:00.000Z',
          date_modified: '2026-01-02T18:09:30.000Z',
        },
        {
          id: 'correction:-Nc1',
          url: `${server.url}/chart/gali/${today.slice(0, 4)}`,
          title: `संशोधित: GALI ${display}: 74 → 47`,
          content_text: `GALI का ${display} का रिज़ल्ट 74 से बदलकर 47 किया गया। Corrected GALI result for ${display}: 74 is now 47.`,
          date_published: '2026-01-02T18:09:30.000Z',
          date_modified: '2026-01-02T18:09:30.000Z',
        },
        {
          id: `result:DISAWER:${today}:09`,
          url: `${server.url}/chart/disawar/${today.slice(0, 4)}`,
          title: `DISAWER ${display}: 09`,
          content_text: `DISAWER का ${display} का रिज़ल्ट 09 है। DISAWER result for ${display}: 09.`,
        },
      ]);
    } finally {
      data.snapshot = snapshot;
    }
  });

  it('every page names the feeds for browsers and readers', async () => {
    const html = await (await get('/chart')).text();
    expect(html).toContain(
      `<link rel="alternate" type="application/feed+json" title="Satta King Result – रिज़ल्ट और संशोधन" href="${server.url}/feed.json" />`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Satta King Result – रिज़ल्ट और संशोधन" href="${server.url}/feed.xml" />`,
    );
  });
});

describe('health probes and stopping', () => {
  it('/healthz answers while /readyz waits for the data and a reachable database', async () => {
    const source: { snapshot: Snapshot | null; connected: boolean } = { snapshot: null, connected: true };
    const own = await startRender({ port: 0, mounts, config: TEST_CONFIG, data: source });
    try {
      const status = async (path: string) => {
        const response = await fetch(`${own.url}${path}`);
        return { status: response.status, body: (await response.json()) as unknown, cache: response.headers.get('cache-control') };
      };
      expect(await status('/healthz')).toEqual({ status: 200, body: { ok: true }, cache: 'no-store' });
      expect(await status('/readyz')).toEqual({ status: 503, body: { ok: false, reason: 'no data yet' }, cache: 'no-store' });
      source.snapshot = snapshot;
      source.connected = false;
      expect(await status('/readyz')).toEqual({ status: 503, body: { ok: false, reason: 'database unreachable' }, cache: 'no-store' });
      source.connected = true;
      expect(await status('/readyz')).toEqual({ status: 200, body: { ok: true }, cache: 'no-store' });
    } finally {
      await own.close();
    }
  });

  it('drain (SIGTERM) finishes the request under way, refuses new connections, then stops', async () => {
    let release: ((loaded: boolean) => void) | undefined;
    const slow = { snapshot, loadYear: () => new Promise<boolean>((ok) => (release = ok)) };
    const own = await startRender({ port: 0, mounts, config: TEST_CONFIG, data: slow });
    const year = Number(today.slice(0, 4));
    const underWay = fetch(`${own.url}/chart/gali/${year}`);
    for (let i = 0; i < 200 && !release; i += 1) await new Promise((ok) => setTimeout(ok, 10));
    expect(release).toBeDefined();
    let drained = false;
    const draining = own.drain(5_000).then(() => (drained = true));
    await expect(fetch(`${own.url}/healthz`)).rejects.toThrow();
    expect(drained).toBe(false);
    release?.(true);
    const response = await underWay;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('GALI');
    await draining;
    expect(drained).toBe(true);
  });
});

describe('Content-Security-Policy of a rendered page', () => {
  it('allows the inline scripts of the shell’s template only, none found in the rendered output', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    const allowed = /script-src ([^;]*)/.exec(csp)?.[1]?.match(/'sha256-[^']+'/g) ?? [];
    const template = readFileSync(join(mounts['/'] ?? '', 'index.html'), 'utf8');
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    // The template's two boot scripts and its module list (a JSON script the build writes).
    const templateScripts = [...template.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body = '']) => hash(body));
    expect(templateScripts).toHaveLength(3);
    expect(allowed).toEqual(templateScripts);
    // The page's own data (a JSON script the service wrote into the output) is never allowed to run.
    const html = await response.text();
    const data = /<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toBe('');
    expect(csp).not.toContain(hash(data));
  });
});
