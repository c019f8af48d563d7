import { describe, expect, it } from 'vitest';
import { gameIdentity, parseGameChoice, readStoredGames, storedGames } from './gameChoice.ts';

const WATCHED = ['Disawer', 'Gali', 'My Own Game'];

describe('parseGameChoice', () => {
  it.each<[string, unknown, readonly string[] | null]>([
    ['null is every game', null, null],
    ['an empty list is no game', [], []],
    ["names take the watched games' spelling, sorted, once each", ['gali', 'Disawar', 'GALI', 'Disawer'], ['Disawer', 'Gali']],
    ['a game of the registry the database lacks', ['Sadak'], ['Sadak']],
    ['a game the admin added that the registry lacks', ['my own game'], ['My Own Game']],
  ])('%s', (_name, value, games) => {
    expect(parseGameChoice(value, WATCHED)).toEqual({ ok: true, games });
  });

  it.each<[string, unknown, string]>([
    ['a string', 'Gali', 'games must be null (every game) or a list of game names.'],
    ['an object', { Gali: true }, 'games must be null (every game) or a list of game names.'],
    ['an empty name', [''], 'games must hold game names (non-empty strings).'],
    ['a number', [7], 'games must hold game names (non-empty strings).'],
    ['an unknown game', ['Atlantis'], 'Unknown game: "Atlantis".'],
    ['too many names', Array.from({ length: 65 }, () => 'Gali'), 'games lists more than 64 names.'],
  ])('refuses %s', (_name, value, error) => {
    expect(parseGameChoice(value, WATCHED)).toEqual({ ok: false, error });
  });
});

describe('stored games', () => {
  it('are absent for every game, false for none, else { name: true }, and read back the same', () => {
    expect(storedGames(null)).toBeNull();
    expect(storedGames([])).toBe(false);
    expect(storedGames(['Disawar', 'Gali'])).toEqual({ Disawar: true, Gali: true });
    for (const games of [null, [], ['Disawar', 'Gali']]) expect(readStoredGames(storedGames(games))).toEqual(games);
  });

  it('read anything unreadable as every game, as entries from before the choice', () => {
    expect(readStoredGames(undefined)).toBeNull();
    expect(readStoredGames('Gali')).toBeNull();
    expect(readStoredGames(['Gali'])).toBeNull();
    expect(readStoredGames({ Gali: true, Disawar: false, Agra: 'yes' })).toEqual(['Gali']);
  });

  it('name one game by its identity, whatever the spelling', () => {
    expect(gameIdentity('Disawer')).toBe('Disawar');
    expect(gameIdentity('delhi  bazar')).toBe('Delhi Bazar');
    expect(gameIdentity('My Own Game')).toBe('?myowngame');
  });
});
