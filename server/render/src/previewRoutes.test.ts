import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStale } from '../../../scripts/build.ts';
import { startRender, type RenderServer } from './app.ts';
import { svgToPng } from './linkPreview.ts';
import type { Snapshot } from './snapshot.ts';
import { pngSize } from './testPng.ts';
import { TEST_CONFIG, testMounts, testSnapshot } from './testSupport.ts';

/*
 * Link previews on the render service: the pages' og:image and Twitter tags, the images at their
 * data-named addresses with ETag and CDN caching, one render per page and data however often an
 * image is asked for, and old addresses sent on to the current image. A fixed snapshot stands in
 * for the database; the shell and remotes are the built ones (built first when stale).
 */
const SITE = 'https://satta.example';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const year = Number(today.slice(0, 4));

const named = {
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  todayKey: today,
  gameNames: ['Gali', 'Disawar'],
  games: [
    { name: 'Gali', time: '11:30 PM', place: 11, results: { [today]: '47' } },
    { name: 'Disawar', time: '02:00 AM', place: 12, results: {} },
  ],
  khaiwals: [],
  mainInfo: { phnnumber: '9876543210' },
  adInfo: {},
  live: { days: { [today]: { Gali: { n: '47' } } }, v: {} },
  spans: { Gali: { first: today, last: today }, Disawar: { first: null, last: null } },
};
const snapshot = testSnapshot(named);
const data: { snapshot: Snapshot | null } = { snapshot };
/** The injected renderer: resvg, counted. */
let draws = 0;
let server: RenderServer;

beforeAll(async () => {
  if (!(await buildStale())) throw new Error('render test: the build failed');
  server = await startRender({
    port: 0,
    mounts: testMounts(),
    config: TEST_CONFIG,
    data,
    site: SITE,
    drawPreview: (svg) => {
      draws += 1;
      return svgToPng(svg);
    },
  });
}, 600_000);
afterAll(async () => {
  await server?.close();
});

const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

/** The content of a page's <meta property|name="…">. */
async function metaOf(path: string): Promise<Record<string, string>> {
  const html = await (await get(path)).text();
  return Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map(([, key = '', value = '']) => [key, value]),
  );
}

/** The path of a page's og:image on the service. */
async function imagePath(page: string): Promise<string> {
  const url = (await metaOf(page))['og:image'] ?? '';
  expect(url.startsWith(`${SITE}/og/`)).toBe(true);
  return url.slice(SITE.length);
}

describe('link previews', () => {
  it('/ names its image for Open Graph and Twitter’s large card', async () => {
    const meta = await metaOf('/');
    expect(meta['og:image']).toMatch(/^https:\/\/satta\.example\/og\/home-[0-9a-f]{16}\.png$/);
    expect(meta).toMatchObject({
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:image': meta['og:image'],
      'og:url': `${SITE}/`,
      'og:title': 'Satta King Result – आज का रिज़ल्ट',
    });
    expect(meta['og:image:alt']).toContain('Gali 47');
    expect(meta['og:description']).toContain('सट्टा किंग');
  });

  it('serves the image as a 1200×630 PNG with an ETag and CDN caching, rendered once for 1,000 requests', async () => {
    const path = await imagePath('/');
    const rendersBefore = server.previews.renders;
    const drawsBefore = draws;
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=604800');
    expect(response.headers.get('last-modified')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    for (let batch = 0; batch < 999; batch += 111) {
      const answers = await Promise.all(Array.from({ length: 111 }, () => get(path)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('etag')).toBe(etag);
        await answer.arrayBuffer();
      }
    }
    expect(server.previews.renders - rendersBefore).toBe(1);
    expect(draws - drawsBefore).toBe(1);
    const again = await get(path, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    const head = await get(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('a new number gives the page a new image address; the old one leads to it', async () => {
    const before = await imagePath('/');
    const pageRenders = server.pages.renders;
    data.snapshot = testSnapshot({ ...named, games: [named.games[0]!, { ...named.games[1]!, results: { [today]: '09' } }] });
    try {
      const after = await imagePath('/');
      expect(after).not.toBe(before);
      expect(server.pages.renders).toBeGreaterThan(pageRenders);
      const old = await get(before);
      expect(old.status).toBe(302);
      expect(old.headers.get('location')).toBe(after);
      expect(old.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
      const renders = server.previews.renders;
      const image = await get(after);
      expect(image.status).toBe(200);
      expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
      expect(server.previews.renders).toBe(renders + 1);
      // New data that changes nothing shown (the time it came) changes neither the address nor the page.
      const rendered = server.pages.renders;
      data.snapshot = { ...data.snapshot!, at: data.snapshot!.at + 1000 };
      expect(await imagePath('/')).toBe(after);
      expect(server.pages.renders).toBe(rendered);
    } finally {
      data.snapshot = snapshot;
    }
  });

  it(`/chart/gali and /chart/gali/${year} name the chart’s image; another spelling or hash leads to it`, async () => {
    const path = await imagePath(`/chart/gali/${year}`);
    expect(path).toMatch(new RegExp(`^/og/chart/gali/${year}-[0-9a-f]{16}\\.png$`));
    expect(await imagePath('/chart/gali')).toBe(path);
    const meta = await metaOf(`/chart/gali/${year}`);
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(meta['og:image:alt']).toContain(`Gali Chart ${year}`);
    const image = await get(path);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const alias = await get(`/og/chart/gali/${year}.png`);
    expect(alias.status).toBe(302);
    expect(alias.headers.get('location')).toBe(path);
  });

  it('a page without its own preview names none; an image of no page is a 404', async () => {
    expect((await metaOf('/contact'))['og:image']).toBeUndefined();
    expect((await get(`/og/chart/nowhere/${year}-0123456789abcdef.png`)).status).toBe(404);
    expect((await get('/og/other.png')).status).toBe(404);
  });
});
