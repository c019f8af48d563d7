import { describe, expect, it, vi } from 'vitest';
// mf-chart's decision, the function the service asks of mf-chart's server bundle: passed where
// the service takes a DecideChartPage, it is also checked against the service's typing of it.
import { decideChartPage } from '../../../mf-chart/src/rules/chartPage.ts';
import { pageHead } from '../../../shell/src/routes.ts';
import { ChartDecisions, type ChartDecider } from './chartDecision.ts';
import { describePreview } from './linkPreview.ts';
import { FINISHED_YEAR_CACHE_CONTROL, PAGE_CACHE_CONTROL, planPage, type PagePlan } from './plan.ts';
import { NOT_FOUND_KEY, UNKNOWN_GAME_KEY, classify } from './routing.ts';
import { testSnapshot } from './testSupport.ts';

/*
 * How the service sorts chart addresses: as mf-chart decides them (its status, redirect and head),
 * or, without mf-chart's decision (its server bundle not loaded), by the static host. The pages
 * themselves are in chartPages.test.ts.
 */
const snapshot = testSnapshot({
  at: Date.UTC(2026, 10, 15),
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
});
// The shell's decision about its pages, as its server bundle exports it.
const site = { origin: 'https://satta.example', pageHead };
const isStatic = () => false;
const decisions = (decider: ChartDecider) =>
  new ChartDecisions(
    () => decider,
    () => site.origin,
  ).decide;
const sort = (path: string) => classify(path, snapshot, isStatic, decisions(decideChartPage));
/** A page's plan, as the service makes it. */
const plan = (key: string, decider: ChartDecider = decideChartPage): PagePlan =>
  planPage(key, snapshot, { origin: () => site.origin, pageHead, decide: decisions(decider), describePreview });
/** What a plan's head says of the page: its title, description and canonical address. */
const headOf = ({ head }: PagePlan) => ({ title: head.title, description: head.description, canonical: head.canonical });

describe('chart addresses, as mf-chart decides them', () => {
  it('a chart is its page; /chart/gali too, at 200', () => {
    expect(sort('/chart/gali/2025')).toEqual({
      kind: 'page',
      key: '/chart/gali/2025',
      status: 200,
      year: { game: 'Gali', year: 2025 },
      finished: true,
    });
    expect(sort('/chart/gali')).toEqual({ kind: 'page', key: '/chart/gali', status: 200, year: { game: 'Gali', year: 2026 } });
  });

  it('another spelling is sent to the game’s address, the year part as asked', () => {
    expect(sort('/chart/Disawer/2026')).toEqual({ kind: 'redirect', location: '/chart/disawar/2026' });
    expect(sort('/chart/GALI')).toEqual({ kind: 'redirect', location: '/chart/gali' });
    expect(sort('/CHART/Gali/2025')).toEqual({ kind: 'redirect', location: '/chart/gali/2025' });
  });

  it('an unknown game is the one unknown-game page with its slug; other misses are pages of their own address', () => {
    expect(sort('/chart/no-such-game/2030')).toEqual({ kind: 'page', key: UNKNOWN_GAME_KEY, status: 404, slug: 'no-such-game' });
    expect(sort('/chart/gali/2031')).toEqual({ kind: 'page', key: '/chart/gali/2031', status: 404, perAddress: true });
    expect(sort('/chart/gali/2019')).toEqual({ kind: 'page', key: '/chart/gali/2019', status: 404, perAddress: true });
    expect(sort('/chart/gali/twenty')).toEqual({ kind: 'page', key: '/chart/gali/twenty', status: 404, perAddress: true });
  });

  it('plans: the chart’s head with its canonical URL and Dataset, the not-found ones noindex', () => {
    const chart = plan('/chart/gali');
    expect(chart).toMatchObject({ url: '/chart/gali', status: 200, cacheControl: PAGE_CACHE_CONTROL });
    expect(chart.head).toMatchObject({
      title: 'Gali Chart 2026 – Satta King Result',
      canonical: 'https://satta.example/chart/gali/2026',
      structuredData: { '@type': 'Dataset', url: 'https://satta.example/chart/gali/2026', dateModified: '2026-11-14' },
    });
    const notFound = { title: 'Chart not found – Satta King Result', description: 'Chart not found – Satta King Result', canonical: null };
    expect(headOf(plan('/chart/gali/2019'))).toEqual(notFound);
    expect(plan('/chart/gali/2019')).toMatchObject({
      url: '/chart/gali/2019',
      status: 404,
      preview: null,
      cacheControl: PAGE_CACHE_CONTROL,
    });
    expect(headOf(plan(UNKNOWN_GAME_KEY))).toEqual(notFound);
    expect(plan(UNKNOWN_GAME_KEY)).toMatchObject({ url: '/chart/zq0unknown0gameqz', status: 404 });
  });

  it('a finished year’s chart is planned with the long Cache-Control', () => {
    expect(plan('/chart/gali/2025')).toMatchObject({ status: 200, cacheControl: 'public, max-age=600, s-maxage=3600' });
    expect(FINISHED_YEAR_CACHE_CONTROL).toBe('public, max-age=600, s-maxage=3600');
  });

  it('heads of the shell’s pages are the shell’s: its title and description, and its not-found page noindex', () => {
    expect(plan('/contact')).toMatchObject({ url: '/contact', status: 200, preview: null });
    expect(headOf(plan('/contact'))).toEqual({
      title: 'Contact – Satta King Result',
      description: 'आज का सट्टा किंग रिज़ल्ट, चार्ट और खाईवाल जानकारी — केवल जानकारी के लिए। Informational only, 18+.',
      canonical: 'https://satta.example/contact',
    });
    const shellNotFound = {
      title: 'Page not found – Satta King Result',
      description: 'यह पेज नहीं मिला। This page does not exist – Satta King Result.',
      canonical: null,
    };
    expect(headOf(plan(NOT_FOUND_KEY))).toEqual(shellNotFound);
    expect(plan(NOT_FOUND_KEY)).toMatchObject({ url: NOT_FOUND_KEY, status: 404 });
    // Without mf-chart's decision a chart address has the shell's not-found head (it is never rendered then).
    expect(headOf(plan('/chart/gali', null))).toEqual(shellNotFound);
    expect(plan('/chart/gali', null)).toMatchObject({ url: '/chart/gali', status: 404, preview: null });
  });

  it('the link preview of a page follows the same decision', () => {
    expect(plan('/chart/gali').preview?.target).toEqual({ kind: 'chart', game: 'Gali', year: 2026 });
    expect(plan('/chart/gali').head.image?.url).toMatch(/^https:\/\/satta\.example\/og\/chart\/gali\/2026-[0-9a-f]{16}\.png$/);
    expect(plan('/').preview?.target).toEqual({ kind: 'home' });
    expect(plan('/chart/gali/2019').preview).toBeNull();
    expect(classify('/og/chart/disawer/2026-0123.png', snapshot, isStatic, decisions(decideChartPage))).toEqual({
      kind: 'preview',
      target: { kind: 'chart', game: 'Disawar', year: 2026 },
      path: '/og/chart/disawer/2026-0123.png',
    });
  });
});

describe('without mf-chart’s server bundle', () => {
  it('chart addresses and their previews are the static host’s; the rest is answered as ever', () => {
    for (const path of ['/chart/gali/2025', '/chart/gali', '/chart/Disawer/2026', '/chart/no-such-game', '/og/chart/gali/2026-0123.png']) {
      expect(classify(path, snapshot, isStatic, decisions(null))).toEqual({ kind: 'static' });
    }
    expect(classify('/chart', snapshot, isStatic, decisions(null))).toEqual({ kind: 'page', key: '/chart', status: 200 });
    expect(classify('/og/home-0123.png', snapshot, isStatic, decisions(null))).toEqual({
      kind: 'preview',
      target: { kind: 'home' },
      path: '/og/home-0123.png',
    });
    expect(plan('/chart/gali/2025', null).preview).toBeNull();
  });
});

describe('a decision that fails', () => {
  it('is answered as without one, by the static host', () => {
    const broken = () => {
      throw new Error('broken release');
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const decide = decisions(broken);
      expect(classify('/chart/gali/2025', snapshot, isStatic, decide)).toEqual({ kind: 'static' });
      expect(classify('/chart/gali/2026', snapshot, isStatic, decide)).toEqual({ kind: 'static' });
      // Said once.
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
    }
  });
});
