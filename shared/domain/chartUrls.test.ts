import { describe, expect, it } from 'vitest';
import { chartDocumentTitle, chartPath, chartYearInRange, gameFromSlug, gameSlug, parseChartPath, type ChartAddress } from './chartUrls.ts';
import { GAMES } from './games.ts';

describe('gameSlug', () => {
  it.each([
    ['Delhi Bazar', 'delhi-bazar'],
    ['Palika bazar', 'palika-bazar'],
    ['Shri Ganesh', 'shri-ganesh'],
    ['Gali', 'gali'],
    ['Disawar', 'disawar'],
    ['Disawer', 'disawar'],
    ['  DELHI   bazaar ', 'delhi-bazar'],
    ['Dwarka', 'dwarka-bazar'],
    ['Kalyan Night', 'kalyan-night'],
    ['Kalyan (Night)!', 'kalyan-night'],
  ])('%j -> %j', (name, slug) => {
    expect(gameSlug(name)).toBe(slug);
  });

  it('gives the 17 registry games 17 different slugs', () => {
    expect(new Set(GAMES.map((g) => gameSlug(g.name))).size).toBe(17);
  });
});

describe('gameFromSlug', () => {
  it.each<[string, string | null]>([
    ['delhi-bazar', 'Delhi Bazar'],
    ['disawar', 'Disawar'],
    ['disawer', 'Disawar'],
    ['deshawar', 'Disawar'],
    ['ghaziabad', 'Gaziyabad'],
    ['gali', 'Gali'],
    ['kalyan', null],
    ['', null],
    ['---', null],
  ])('from the registry: %j -> %j', (slug, name) => {
    expect(gameFromSlug(slug)).toBe(name);
  });

  const DATABASE = ['Gali', 'Disawar', 'Delhi Bazar', 'Kalyan Night'];
  it.each<[string, string | null]>([
    ['gali', 'Gali'],
    ['disawer', 'Disawar'],
    ['delhi-bazar', 'Delhi Bazar'],
    ['kalyan-night', 'Kalyan Night'],
    ['faridabad', null],
    ['kalyan', null],
  ])('among the database games: %j -> %j', (slug, name) => {
    expect(gameFromSlug(slug, DATABASE)).toBe(name);
  });

  it('finds every registry game from its own slug', () => {
    for (const game of GAMES) expect(gameFromSlug(gameSlug(game.name))).toBe(game.name);
  });
});

describe('chartPath and parseChartPath', () => {
  it.each<[string, number | undefined, string]>([
    ['Delhi Bazar', 2025, '/chart/delhi-bazar/2025'],
    ['Disawer', 2030, '/chart/disawar/2030'],
    ['Gali', undefined, '/chart/gali'],
  ])('%s %s -> %s', (game, year, path) => {
    expect(chartPath(game, year)).toBe(path);
  });

  it.each<[string, ChartAddress]>([
    ['/chart', { kind: 'index' }],
    ['/chart/', { kind: 'index' }],
    ['/chart/gali', { kind: 'chart', slug: 'gali', year: null }],
    ['/chart/Delhi-Bazar/2025', { kind: 'chart', slug: 'delhi-bazar', year: 2025 }],
    ['/chart/delhi-bazar/2025/', { kind: 'chart', slug: 'delhi-bazar', year: 2025 }],
    ['/chart/gali/25', { kind: 'invalid' }],
    ['/chart/gali/2025x', { kind: 'invalid' }],
    ['/chart/gali/2025/march', { kind: 'invalid' }],
    ['/chart/%zz', { kind: 'invalid' }],
    ['/', { kind: 'invalid' }],
  ])('%s', (path, address) => {
    expect(parseChartPath(path)).toEqual(address);
  });
});

describe('chartYearInRange', () => {
  it.each<[number, boolean]>([
    [2026, true],
    [2025, true],
    [2000, true],
    [1999, false],
    [2027, false],
  ])('%i in 2026: %s', (year, ok) => {
    expect(chartYearInRange(year, 2026)).toBe(ok);
  });
});

it('titles a chart address', () => {
  expect(chartDocumentTitle('Delhi Bazar', 2025)).toBe('Delhi Bazar Chart 2025 – Satta King Result');
});
