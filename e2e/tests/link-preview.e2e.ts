import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { ownerRest, putNumber } from '../support/resultsRest.ts';

/*
 * Link previews on the running site (issue 29, point 2): `/` names its og:image, the image is a
 * 1200×630 PNG served with an ETag, and publishing a number gives the page a new image address
 * (the old one leads to the new image), so a chat app's preview cache shows the new number.
 */
const { site, database } = inject('e2e');
const GAME = 'Mathura';
const today = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const year = Number(today.slice(0, 4));
const owner = ownerRest(database);
let resultBefore: unknown = null;

beforeAll(async () => {
  resultBefore = await owner(`sattanamee/${GAME}/${today}`);
});
afterAll(async () => {
  await owner(`sattanamee/${GAME}/${today}`, resultBefore === null ? 'DELETE' : 'PUT', resultBefore ?? undefined);
});

/** The og:image address of a page as served. */
async function ogImage(path: string): Promise<string> {
  const html = await (await fetch(`${site}${path}`)).text();
  const url = /<meta property="og:image" content="([^"]+)" \/>/.exec(html)?.[1];
  if (!url) throw new Error(`${path} names no og:image`);
  return url.replace(/&amp;/g, '&');
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const data = Buffer.from(bytes);
  expect(data.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(data.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe('link previews', () => {
  it('/ names a 1200×630 PNG with an ETag, for Open Graph and Twitter', async () => {
    const html = await (await fetch(`${site}/`)).text();
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const url = await ogImage('/');
    expect(url).toMatch(/\/og\/home-[0-9a-f]{16}\.png$/);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const etag = image.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(image.headers.get('cache-control')).toMatch(/public, max-age=\d+, s-maxage=\d+/);
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await fetch(url, { headers: { 'if-none-match': etag ?? '' } })).status).toBe(304);
  });

  it('a chart names its own image', async () => {
    const url = await ogImage(`/chart/${GAME.toLowerCase()}/${year}`);
    expect(url).toMatch(new RegExp(`/og/chart/${GAME.toLowerCase()}/${year}-[0-9a-f]{16}\\.png$`));
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('publishing a number changes the og:image address; the old address leads to the new image', async () => {
    const before = await ogImage('/');
    const current = (resultBefore as { number?: unknown } | null)?.number;
    await putNumber(database, GAME, today, current === '73' ? '74' : '73');
    let after = before;
    for (const started = Date.now(); after === before && Date.now() - started < 20_000;) {
      await new Promise((ok) => setTimeout(ok, 250));
      after = await ogImage('/');
    }
    expect(after).not.toBe(before);
    const image = await fetch(after);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const old = await fetch(before, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(new URL(old.headers.get('location') ?? '', before).href).toBe(after);
  });
});
