import { describe, expect, it } from 'vitest';
import { sitemapFile } from './seo.ts';
import { testSnapshot } from './testSupport.ts';

const snapshot = testSnapshot({
  at: Date.UTC(2026, 10, 28),
  todayKey: '2026-11-28',
  gameNames: ['Gali'],
  games: [{ name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-28': '47' } }],
  khaiwals: [],
  mainInfo: {},
  adInfo: {},
  live: { days: {}, v: {} },
  spans: { Gali: { first: '2024-01-05', last: '2026-11-28' } },
});
const SITE = 'https://satta.example';

describe("a sitemap past its protocol's limit of addresses", () => {
  it('is one file while it fits, and has no parts then', () => {
    const xml = sitemapFile(snapshot, SITE, ['/', '/chart'], null, 5);
    expect([...(xml ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${SITE}/`,
      `${SITE}/chart`,
      `${SITE}/chart/gali/2024`,
      `${SITE}/chart/gali/2025`,
      `${SITE}/chart/gali/2026`,
    ]);
    expect(sitemapFile(snapshot, SITE, ['/', '/chart'], 1, 5)).toBe(null);
  });

  it('becomes an index of parts, each with at most the limit, every address in one of them', () => {
    const index = sitemapFile(snapshot, SITE, ['/', '/chart'], null, 2) ?? '';
    expect(index).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `<sitemap><loc>${SITE}/sitemap-1.xml</loc><lastmod>2026-11-28</lastmod></sitemap>\n` +
        `<sitemap><loc>${SITE}/sitemap-2.xml</loc><lastmod>2026-11-28</lastmod></sitemap>\n` +
        `<sitemap><loc>${SITE}/sitemap-3.xml</loc><lastmod>2026-11-28</lastmod></sitemap>\n` +
        '</sitemapindex>\n',
    );
    const locs = (part: number) =>
      [...(sitemapFile(snapshot, SITE, ['/', '/chart'], part, 2) ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs(1)).toEqual([`${SITE}/`, `${SITE}/chart`]);
    expect(locs(2)).toEqual([`${SITE}/chart/gali/2024`, `${SITE}/chart/gali/2025`]);
    expect(locs(3)).toEqual([`${SITE}/chart/gali/2026`]);
    expect(sitemapFile(snapshot, SITE, ['/', '/chart'], 4, 2)).toBe(null);
  });
});
