import { describe, expect, it, vi } from 'vitest';
import { cacheKeys } from '@satta/shared/data';
import { decideChartPage } from '../../../mf-chart/src/rules/chartPage.ts';
import { pageHead } from '../../../shell/src/routes.ts';
import { PreviewImages } from './previewImages.ts';
import type { RenderData } from './renderData.ts';
import type { RenderedPage } from './renderPage.tsx';
import { SitePages } from './sitePages.ts';
import type { Snapshot } from './snapshot.ts';
import { testSnapshot, type TestData } from './testSupport.ts';
import type { PagePlan } from './plan.ts';

/*
 * Each request is sorted once and each page planned once (issue 38, point 3): a request for `/`
 * describes its link preview once, and a chart's request asks mf-chart's decision once, however
 * many parts (the sorting, the page's plan, its head, its preview) need it. The render itself is
 * a stand-in here: what the page shows of its plan.
 */
const named: TestData = {
  at: Date.UTC(2026, 10, 15, 6),
  todayKey: '2026-11-15',
  gameNames: ['Gali', 'Disawar'],
  games: [
    { name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-14': '47' } },
    { name: 'Disawar', time: '02:00 AM', place: 12, results: {} },
  ],
  khaiwals: [],
  mainInfo: {},
  adInfo: {},
  live: { days: {}, v: {} },
  spans: { Gali: { first: '2025-03-14', last: '2026-11-14' }, Disawar: { first: null, last: null } },
};

function site() {
  const data: RenderData & { snapshot: Snapshot | null } = {
    snapshot: testSnapshot(named),
    // As LiveData does: the year comes into a new snapshot, the rest of the data as it was.
    async loadYear(game, year) {
      if (!data.snapshot) return false;
      data.snapshot = {
        ...data.snapshot,
        entries: { ...data.snapshot.entries, [cacheKeys.gameYear(game, year)]: { [`${year}-03-14`]: '57' } },
      };
      return true;
    },
  };
  const decider = vi.fn(decideChartPage);
  const previews = new PreviewImages({ timezone: 'Asia/Kolkata' });
  const described = vi.spyOn(previews, 'describe');
  const rendered: PagePlan[] = [];
  const render = (plan: PagePlan, snapshot: Snapshot): RenderedPage => {
    rendered.push(plan);
    return {
      html: `<title>${plan.head.title}</title><meta content="${plan.head.image?.url ?? ''}">`,
      data: { [cacheKeys.gameNames]: snapshot.entries[cacheKeys.gameNames] },
    };
  };
  const pages = new SitePages({
    data,
    render,
    pageHead,
    decider: () => decider,
    origin: () => 'https://satta.example',
    previews,
    isStatic: () => false,
  });
  const request = async (path: string) => {
    const found = pages.sort(path);
    if (found.kind !== 'page') throw new Error(`${path} is no page: ${found.kind}`);
    return pages.page(found);
  };
  return { data, decider, described, rendered, pages, request };
}

describe('a request for /', () => {
  it('describes its link preview once, and its page is kept with its plan', async () => {
    const { described, rendered, request, data } = site();
    const page = await request('/');
    expect(described).toHaveBeenCalledTimes(1);
    expect(rendered).toHaveLength(1);
    expect(page?.plan).toMatchObject({ key: '/', url: '/', status: 200, preview: { target: { kind: 'home' } } });
    expect(page?.plan.head.image?.url).toMatch(/^https:\/\/satta\.example\/og\/home-[0-9a-f]{16}\.png$/);
    expect(page?.body.toString()).toContain(page?.plan.head.image?.url);
    // The same snapshot again: nothing is looked at.
    await request('/');
    expect(described).toHaveBeenCalledTimes(1);
    // Another snapshot of the same data: looked at once, not rendered again.
    data.snapshot = testSnapshot(named);
    await request('/');
    expect(described).toHaveBeenCalledTimes(2);
    expect(rendered).toHaveLength(1);
    // Without data the kept page is answered as it was planned.
    data.snapshot = null;
    expect((await request('/'))?.plan.status).toBe(200);
  });

  it('is rendered again when a number its preview draws changes', async () => {
    const { rendered, request, data } = site();
    const before = (await request('/'))?.plan.head.image?.url;
    const [gali, disawar] = named.games;
    data.snapshot = testSnapshot({ ...named, games: [gali!, { ...disawar!, results: { '2026-11-15': '09' } }] });
    const after = await request('/');
    expect(rendered).toHaveLength(2);
    expect(after?.plan.head.image?.url).not.toBe(before);
  });
});

describe('a chart address', () => {
  it('is decided by mf-chart once per request, through sorting, loading its year, planning and rendering', async () => {
    const { decider, request, rendered, pages } = site();
    const page = await request('/chart/gali/2026');
    expect(decider).toHaveBeenCalledTimes(1);
    expect(rendered).toHaveLength(1);
    expect(page?.plan).toMatchObject({
      url: '/chart/gali/2026',
      status: 200,
      cacheControl: 'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
      preview: { target: { kind: 'chart', game: 'Gali', year: 2026 } },
    });
    expect(page?.plan.head.canonical).toBe('https://satta.example/chart/gali/2026');
    // A finished year: its own decision, once, and the long Cache-Control in its plan.
    const finished = await request('/chart/gali/2025');
    expect(decider).toHaveBeenCalledTimes(2);
    expect(finished?.plan).toMatchObject({ status: 200, cacheControl: 'public, max-age=600, s-maxage=3600' });
    // Asked again, and its preview image asked for: decided already.
    await request('/chart/gali/2026');
    expect(pages.sort('/og/chart/gali/2026-0123.png')).toMatchObject({ kind: 'preview' });
    expect(decider).toHaveBeenCalledTimes(2);
  });

  it('is decided again when what the decision reads changes (a game’s span)', async () => {
    const { decider, request, data } = site();
    await request('/chart/gali/2026');
    expect(decider).toHaveBeenCalledTimes(1);
    data.snapshot = testSnapshot({ ...named, spans: { ...named.spans, Gali: { first: '2025-03-14', last: '2026-11-15' } } });
    const page = await request('/chart/gali/2026');
    expect(decider).toHaveBeenCalledTimes(2);
    expect(page?.plan.head.structuredData).toMatchObject({ dateModified: '2026-11-15' });
  });

  it('not found: its plan says 404 and noindex', async () => {
    const { request } = site();
    const page = await request('/chart/gali/2019');
    expect(page?.plan).toMatchObject({ status: 404, preview: null, head: { canonical: null } });
    const unknown = await request('/chart/nowhere');
    expect(unknown?.plan).toMatchObject({ key: '/__chart-unknown-game', status: 404 });
  });
});
