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

  it.each([
    ['Disawer', ['Disawar']],
    ['disawer', ['Disawar']],
    ['delhi bazar', ['Delhi Bazar']],
    ['DELHI BAZAAR', ['Delhi Bazar']],
    ['delhibazar', ['Delhi Bazar']],
    ['Ghaziabad', ['Gaziyabad']],
    ['दिसावर', ['Disawar']],
    ['गली', ['Gali']],
    ['गाजियाबाद', ['Gaziyabad']],
    ['ग़ाज़ियाबाद', ['Gaziyabad']],
    ['बाज़ार', ['Delhi Bazar', 'Palika bazar', 'Dwarka bazar']],
  ])('%j finds %j through the other spellings', (search, expected) => {
    expect(filterGames(NAMES, search)).toEqual(expected);
  });
});
