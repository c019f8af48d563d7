import { describe, expect, it } from 'vitest';
import { filterGames } from './gameSearch.ts';

const NAMES = ['Gali', 'Disawar', 'Delhi Bazar', 'Gaziyabad', 'Palika bazar', 'Dwarka bazar'];

describe('filterGames', () => {
  it.each([
    ['', NAMES],
    ['  ', NAMES],
    ['ga', ['Gali', 'Gaziyabad']],
    ['GA', ['Gali', 'Gaziyabad']],
    ['bazar', ['Delhi Bazar', 'Palika bazar', 'Dwarka bazar']],
    [' bazar ', ['Delhi Bazar', 'Palika bazar', 'Dwarka bazar']],
    ['zar', ['Delhi Bazar', 'Palika bazar', 'Dwarka bazar']],
    ['xyz', []],
  ])('%j finds %j', (search, expected) => {
    expect(filterGames(NAMES, search)).toEqual(expected);
  });
});
