import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, type PageMaker } from './pageCache.ts';
import { PAGE_CACHE_CONTROL, type PagePlan } from './plan.ts';
import type { Snapshot } from './snapshot.ts';

/** A page of `size` bytes that compress to about their own size (random hex), one per route. */
function maker(size: number): PageMaker & { rendered: string[] } {
  const rendered: string[] = [];
  return {
    rendered,
    plan: (route): PagePlan => ({
      key: route,
      url: route,
      status: 200,
      head: { title: route, description: '', canonical: null },
      preview: null,
      cacheControl: PAGE_CACHE_CONTROL,
    }),
    render: (plan) => {
      rendered.push(plan.key);
      return { html: `<p>${plan.key}</p>${randomBytes(size / 2).toString('hex')}`, data: {} };
    },
  };
}

const snapshot: Snapshot = { at: Date.UTC(2026, 10, 28), todayKey: '2026-11-28', entries: {} };

describe('a page store bounded by bytes', () => {
  it('holds at most maxBytes: past it the least recently asked for page goes, and is rendered again when asked for', () => {
    const pages = maker(20_000);
    // A compact page of 20,000 hex digits keeps about 21 KB (gzip and brotli, 4 bits a digit): room for two.
    const cache = new PageCache(pages, { compact: true, maxBytes: 50_000 });
    for (const route of ['/a', '/b', '/c']) cache.get(route, snapshot);
    expect(cache.size).toBe(2);
    expect(cache.peek('/a')).toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(50_000);
    expect(cache.bytes).toBeGreaterThan(40_000);
    // /b asked for again: /c is now the least recently asked for, and goes for /a.
    cache.get('/b', snapshot);
    cache.get('/a', snapshot);
    expect(pages.rendered).toEqual(['/a', '/b', '/c', '/a']);
    expect([cache.peek('/a') !== null, cache.peek('/b') !== null, cache.peek('/c') !== null]).toEqual([true, true, false]);
  });

  it('keeps a page larger than the whole bound, alone', () => {
    const cache = new PageCache(maker(20_000), { compact: true, maxBytes: 10_000 });
    cache.get('/a', snapshot);
    cache.get('/b', snapshot);
    expect([cache.size, cache.peek('/b') !== null]).toEqual([1, true]);
  });

  it('compresses a compact page off the event loop: the same page, gzip and brotli', async () => {
    const cache = new PageCache(maker(2_000), { compact: true });
    const page = await cache.getAsync('/a', snapshot);
    expect(page?.body.length).toBe(0);
    expect(gunzipSync(page?.gzip ?? Buffer.alloc(0)).toString()).toMatch(/^<p>\/a<\/p>[0-9a-f]{2000}$/);
    expect(page?.br.length).toBeGreaterThan(1000);
    // Asked for again against the same data: the kept page, no render.
    expect(await cache.getAsync('/a', snapshot)).toBe(page);
    expect(cache.renders).toBe(1);
  });
});
