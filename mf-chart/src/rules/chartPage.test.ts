import { describe, expect, it } from 'vitest';
import { decideChartPage, replacementPath, type ChartFacts } from './chartPage.ts';

const NAMES = ['Gali', 'Disawar', 'Delhi Bazar', 'Kalyan Night'];
const YEARS: Record<string, number[]> = { Gali: [2026, 2025, 2024], Disawar: [2026, 2025, 2024] };

/** The render service's facts: every name and year known, its origin, the games' last results. */
const facts: ChartFacts = {
  names: NAMES,
  years: (game) => YEARS[game] ?? [2026],
  currentYear: 2026,
  todayKey: '2026-11-15',
  lastResult: (game) => (game === 'Gali' ? '2026-11-14' : null),
  origin: 'https://satta.example',
};

const NOT_FOUND_HEAD = {
  title: 'Chart not found – Satta King Result',
  description: 'Chart not found – Satta King Result',
  canonicalPath: null,
};

describe('decideChartPage', () => {
  it('/chart/gali/2025: the chart, its head and its structured data', () => {
    expect(decideChartPage('/chart/gali/2025', facts)).toEqual({
      kind: 'chart',
      status: 200,
      game: 'Gali',
      year: 2025,
      head: {
        title: 'Gali Chart 2025 – Satta King Result',
        description:
          'Gali सट्टा किंग चार्ट 2025: पूरे साल के Gali रिज़ल्ट दिन और महीने के हिसाब से। Gali yearly chart 2025 — informational only, 18+.',
        canonicalPath: '/chart/gali/2025',
        structuredData: {
          '@context': 'https://schema.org',
          '@type': 'Dataset',
          name: 'Gali Chart 2025',
          description:
            'Gali सट्टा किंग चार्ट 2025: पूरे साल के Gali रिज़ल्ट दिन और महीने के हिसाब से। Gali yearly chart 2025 — informational only, 18+.',
          url: 'https://satta.example/chart/gali/2025',
          temporalCoverage: '2025-01-01/2025-12-31',
          inLanguage: ['hi', 'en'],
          isAccessibleForFree: true,
          keywords: ['Gali chart 2025', 'Gali result', 'satta king chart'],
          variableMeasured: 'Gali result (00–99) for each day of 2025, by day of the month and month',
          creator: { '@type': 'Organization', name: 'Satta King Result' },
        },
      },
    });
  });

  it('a year still running covers up to today, modified on the last result', () => {
    const decision = decideChartPage('/chart/gali/2026', facts);
    expect(decision).toMatchObject({
      kind: 'chart',
      head: { structuredData: { temporalCoverage: '2026-01-01/2026-11-15', dateModified: '2026-11-14' } },
    });
    expect(decision).not.toHaveProperty('canonicalRedirect');
    expect(decision).not.toHaveProperty('datedPath');
    expect(replacementPath(decision)).toBeNull();
  });

  it('/chart/gali: this year’s chart at 200, the dated address its canonical one, which the browser puts in place', () => {
    const decision = decideChartPage('/chart/gali', facts);
    expect(decision).toMatchObject({
      kind: 'chart',
      status: 200,
      game: 'Gali',
      year: 2026,
      head: { title: 'Gali Chart 2026 – Satta King Result', canonicalPath: '/chart/gali/2026' },
      datedPath: '/chart/gali/2026',
    });
    expect(decision).not.toHaveProperty('canonicalRedirect');
    expect(replacementPath(decision)).toBe('/chart/gali/2026');
    // Trailing slashes do not count.
    expect(decideChartPage('/chart/gali/2025/', facts)).not.toHaveProperty('canonicalRedirect');
  });

  it('/chart/Disawer/2029 (an alias, in 2029): 301 to /chart/disawar/2029', () => {
    const in2029: ChartFacts = { ...facts, years: () => [2029, 2028], currentYear: 2029, todayKey: '2029-03-01' };
    const decision = decideChartPage('/chart/Disawer/2029', in2029);
    expect(decision).toMatchObject({
      kind: 'chart',
      status: 200,
      game: 'Disawar',
      year: 2029,
      head: { title: 'Disawar Chart 2029 – Satta King Result', canonicalPath: '/chart/disawar/2029' },
      canonicalRedirect: '/chart/disawar/2029',
    });
    expect(decision).not.toHaveProperty('datedPath');
    expect(replacementPath(decision)).toBe('/chart/disawar/2029');
  });

  it.each([
    ['an alias', '/chart/Disawer/2025', '/chart/disawar/2025', '/chart/disawar/2025'],
    ['another case, no year', '/chart/GALI', '/chart/gali', '/chart/gali/2026'],
    ['an alias, no year', '/chart/disawer', '/chart/disawar', '/chart/disawar/2026'],
    ['the Hindi name', `/chart/${encodeURIComponent('गली')}/2025`, '/chart/gali/2025', '/chart/gali/2025'],
    ['/CHART in capitals', '/CHART/Gali/2025', '/chart/gali/2025', '/chart/gali/2025'],
  ])('%s: %s is sent to %s (the year part as asked); the browser goes to %s', (_name, path, redirect, replacement) => {
    const decision = decideChartPage(path, facts);
    expect(decision).toMatchObject({ kind: 'chart', status: 200, canonicalRedirect: redirect, head: { canonicalPath: replacement } });
    expect(replacementPath(decision)).toBe(replacement);
  });

  it.each([
    ['no such game', '/chart/no-such-game', { kind: 'unknown-game', slug: 'no-such-game' }],
    ['no such game, with a year', '/chart/no-such-game/2025', { kind: 'unknown-game', slug: 'no-such-game' }],
    ['a registry game the database lacks', '/chart/faridabad', { kind: 'unknown-game', slug: 'faridabad' }],
    ['a year to come', '/chart/gali/2031', { kind: 'unknown-year', game: 'Gali', year: 2031 }],
    ['a year before 2000', '/chart/gali/1999', { kind: 'unknown-year', game: 'Gali', year: 1999 }],
    ['a year without results', '/chart/gali/2019', { kind: 'unknown-year', game: 'Gali', year: 2019 }],
    ['another spelling of a year without results', '/chart/Disawer/2019', { kind: 'unknown-year', game: 'Disawar', year: 2019 }],
    ['a malformed year', '/chart/gali/20x5', { kind: 'bad-address' }],
    ['extra parts', '/chart/gali/2026/extra', { kind: 'bad-address' }],
    ['a malformed escape', '/chart/%E0%A4/2026', { kind: 'bad-address' }],
  ])('%s: %s is not found (404, noindex)', (_name, path, reason) => {
    const decision = decideChartPage(path, facts);
    expect(decision).toEqual({ kind: 'not-found', status: 404, reason, head: NOT_FOUND_HEAD });
    expect(replacementPath(decision)).toBeNull();
  });

  it('/chart is the list', () => {
    expect(decideChartPage('/chart', facts)).toEqual({ kind: 'index' });
  });

  describe('in the browser, before the database has said', () => {
    const browser: ChartFacts = { names: null, years: () => null, currentYear: 2026, todayKey: '2026-11-15' };

    it('opens a registry game at once, without structured data', () => {
      expect(decideChartPage('/chart/gali/2019', browser)).toEqual({
        kind: 'chart',
        status: 200,
        game: 'Gali',
        year: 2019,
        head: {
          title: 'Gali Chart 2019 – Satta King Result',
          description:
            'Gali सट्टा किंग चार्ट 2019: पूरे साल के Gali रिज़ल्ट दिन और महीने के हिसाब से। Gali yearly chart 2019 — informational only, 18+.',
          canonicalPath: '/chart/gali/2019',
        },
      });
    });

    it('waits for the list before saying a game the registry lacks does not exist', () => {
      expect(decideChartPage('/chart/kalyan-night', browser)).toEqual({ kind: 'waiting' });
      expect(decideChartPage('/chart/kalyan-night', { ...browser, names: NAMES })).toMatchObject({
        kind: 'chart',
        game: 'Kalyan Night',
        year: 2026,
        datedPath: '/chart/kalyan-night/2026',
      });
    });

    it('a year out of range is not found at once; a past year waits for the years', () => {
      expect(decideChartPage('/chart/gali/2027', browser)).toMatchObject({
        kind: 'not-found',
        reason: { kind: 'unknown-year', year: 2027 },
      });
      expect(decideChartPage('/chart/gali/2019', { ...browser, years: () => [2026, 2025] })).toMatchObject({
        kind: 'not-found',
        reason: { kind: 'unknown-year', game: 'Gali', year: 2019 },
      });
    });
  });
});
