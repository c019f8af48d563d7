import { describe, expect, it } from 'vitest';
import { parseChartPath } from '@satta/shared/domain/chartUrls';
import { resolveChartRoute, type ChartRoute } from './chartRoute.ts';

const NAMES = ['Gali', 'Disawar', 'Delhi Bazar', 'Kalyan Night'];

describe('resolveChartRoute', () => {
  it.each<[string, string, readonly string[] | null, ChartRoute]>([
    ['the list', '/chart', NAMES, { kind: 'index' }],
    ['a game, this year', '/chart/gali', NAMES, { kind: 'chart', game: 'Gali', year: 2026 }],
    ['a game and year', '/chart/delhi-bazar/2025', NAMES, { kind: 'chart', game: 'Delhi Bazar', year: 2025 }],
    ['an alias', '/chart/disawer/2026', NAMES, { kind: 'chart', game: 'Disawar', year: 2026 }],
    ['a registry game before the list arrives', '/chart/gali/2024', null, { kind: 'chart', game: 'Gali', year: 2024 }],
    ['a database-only game before the list arrives', '/chart/kalyan-night', null, { kind: 'waiting' }],
    ['a database-only game', '/chart/kalyan-night', NAMES, { kind: 'chart', game: 'Kalyan Night', year: 2026 }],
    ['a registry game the database lacks', '/chart/faridabad', NAMES, { kind: 'unknown-game', slug: 'faridabad' }],
    ['no such game', '/chart/no-such-game/2025', NAMES, { kind: 'unknown-game', slug: 'no-such-game' }],
    ['a year to come', '/chart/gali/2027', NAMES, { kind: 'unknown-year', game: 'Gali', year: 2027 }],
    ['a year long gone', '/chart/gali/1999', NAMES, { kind: 'unknown-year', game: 'Gali', year: 1999 }],
    ['a malformed year', '/chart/gali/20x5', NAMES, { kind: 'bad-address' }],
  ])('%s: %s', (_name, path, names, route) => {
    expect(resolveChartRoute(parseChartPath(path), names, 2026)).toEqual(route);
  });
});
