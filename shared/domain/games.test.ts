import { describe, expect, it } from 'vitest';
import {
  ADMIN_GAME_ORDER,
  GAMES,
  HOME_MONTHLY_COLUMNS,
  HOME_MONTHLY_PINNED,
  MONTHLY_CHART_TABLES,
  canonicalGameName,
  findGame,
  gameNameKey,
  orderGames,
  sameGame,
} from './games.ts';
import { parseGameTime } from './time.ts';

describe('the game registry', () => {
  it.each([
    ['Bilaspur', '12:20 PM', 1],
    ['Mathura', '01:20 PM', 2],
    ['Gangotri', '02:20 PM', 3],
    ['Delhi Bazar', '03:00 PM', 4],
    ['Shri Ganesh', '04:30 PM', 5],
    ['Ferozpur', '05:15 PM', 6],
    ['Faridabad', '06:00 PM', 7],
    ['Palika bazar', '07:20 PM', 8],
    ['Gaziyabad', '09:30 PM', 9],
    ['Dwarka bazar', '10:25 PM', 10],
    ['Gali', '11:30 PM', 11],
    ['Disawar', '02:00 AM', 12],
    ['Puskar', '01:40 PM', 13],
    ['Sadar Bazar', '02:40 PM', 14],
    ['Gwalior', '03:40 PM', 15],
    ['Agra', '05:40 PM', 16],
    ['Sadak', '08:40 PM', 17],
  ])('%s plays at %s, place %i', (name, time, place) => {
    expect(findGame(name)).toMatchObject({ name, defaultTime: time, place });
  });

  it('holds the 17 games once each, with parsable times and places 1..17', () => {
    expect(GAMES).toHaveLength(17);
    expect(new Set(GAMES.map((g) => g.name)).size).toBe(17);
    expect(GAMES.map((g) => g.place)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    for (const game of GAMES) expect(parseGameTime(game.defaultTime), game.name).not.toBeNull();
  });

  it.each([
    ['दिसावर', 'Disawar'],
    ['गली', 'Gali'],
    ['दिल्ली बाजार', 'Delhi Bazar'],
    ['ग़ाज़ियाबाद', 'Gaziyabad'],
  ])('knows the Hindi name %s as %s', (hindi, name) => {
    expect(canonicalGameName(hindi)).toBe(name);
  });

  it('no alias names two games', () => {
    const spellings = GAMES.flatMap((g) => [g.name, ...g.aliases].map(gameNameKey));
    expect(new Set(spellings).size).toBe(spellings.length);
  });

  it('lists the admin games in the order of section 3', () => {
    expect(ADMIN_GAME_ORDER).toEqual(GAMES.slice(0, 12).map((g) => g.name));
  });

  it('names the home monthly columns in the order of section 2 with canonical names', () => {
    expect(HOME_MONTHLY_COLUMNS).toEqual([
      'Faridabad',
      'Gaziyabad',
      'Gali',
      'Disawar',
      'Puskar',
      'Sadar Bazar',
      'Gwalior',
      'Delhi Bazar',
      'Shri Ganesh',
      'Agra',
      'Sadak',
      'Dwarka bazar',
    ]);
    expect(HOME_MONTHLY_PINNED).toBe(4);
    expect(HOME_MONTHLY_COLUMNS.slice(0, HOME_MONTHLY_PINNED)).toEqual(['Faridabad', 'Gaziyabad', 'Gali', 'Disawar']);
  });

  it('splits the monthly chart into the two tables of section 2', () => {
    expect(MONTHLY_CHART_TABLES).toEqual([
      ['Disawar', 'Delhi Bazar', 'Shri Ganesh', 'Faridabad', 'Gaziyabad', 'Gali'],
      ['Bilaspur', 'Mathura', 'Gangotri', 'Ferozpur', 'Palika bazar', 'Dwarka bazar'],
    ]);
  });

  it('every listed column is a registry game', () => {
    for (const name of [...HOME_MONTHLY_COLUMNS, ...MONTHLY_CHART_TABLES.flat()]) {
      expect(canonicalGameName(name)).toBe(name);
    }
  });
});

describe('canonicalGameName', () => {
  it.each([
    ['Disawer', 'Disawar'],
    ['disawar', 'Disawar'],
    ['DISAWAR', 'Disawar'],
    ['delhi bazar', 'Delhi Bazar'],
    ['  Delhi   Bazar ', 'Delhi Bazar'],
    ['DelhiBazar', 'Delhi Bazar'],
    ['delhi-bazar', 'Delhi Bazar'],
    ['Dwarka', 'Dwarka bazar'],
    ['Dwarka Bazar', 'Dwarka bazar'],
    ['palika Bazar', 'Palika bazar'],
    ['Ghaziabad', 'Gaziyabad'],
    ['shri ganesh', 'Shri Ganesh'],
    ['sadar bazar', 'Sadar Bazar'],
    ['Pushkar', 'Puskar'],
    ['gali', 'Gali'],
    ['Kalyan', null],
    ['', null],
    ['   ', null],
    ['Delhi', null],
  ])('%j -> %j', (name, canonical) => {
    expect(canonicalGameName(name)).toBe(canonical);
  });
});

describe('sameGame', () => {
  it.each([
    ['Disawer', 'Disawar', true],
    ['delhi bazar', 'Delhi Bazar', true],
    ['Dwarka', 'Dwarka bazar', true],
    ['Gali', 'GALI ', true],
    ['Gali', 'Disawar', false],
    ['Kalyan', 'kalyan', true],
    ['Kalyan Night', 'kalyan  night', true],
    ['Kalyan', 'Gali', false],
    ['Kalyan', 'Milan', false],
    ['', '', false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameGame(a, b)).toBe(same);
    expect(sameGame(b, a)).toBe(same);
  });
});

describe('orderGames', () => {
  const names = (games: { name: string }[]) => games.map((g) => g.name);

  it.each([
    {
      title: 'admin games in the fixed order whatever their places',
      input: [
        { name: 'Disawar', place: 1 },
        { name: 'Gali', place: 2 },
        { name: 'Bilaspur', place: 12 },
        { name: 'Faridabad', place: null },
      ],
      expected: ['Bilaspur', 'Faridabad', 'Gali', 'Disawar'],
    },
    {
      title: 'aliases take the place of their game',
      input: [{ name: 'Disawer' }, { name: 'delhi bazar' }, { name: 'Dwarka' }],
      expected: ['delhi bazar', 'Dwarka', 'Disawer'],
    },
    {
      title: 'other games after the fixed list, by place then name',
      input: [
        { name: 'Zeta', place: 3 },
        { name: 'Kalyan', place: 20 },
        { name: 'Gali', place: 99 },
        { name: 'Alpha', place: 3 },
        { name: 'Milan', place: null },
        { name: 'Beta' },
      ],
      expected: ['Gali', 'Alpha', 'Zeta', 'Kalyan', 'Beta', 'Milan'],
    },
    {
      title: 'the five extra registry games fall back to their registry places',
      input: [{ name: 'Sadak' }, { name: 'Puskar' }, { name: 'Agra' }, { name: 'Kalyan', place: 14.5 }, { name: 'Gwalior' }],
      expected: ['Puskar', 'Kalyan', 'Gwalior', 'Agra', 'Sadak'],
    },
    { title: 'nothing', input: [], expected: [] },
  ])('$title', ({ input, expected }) => {
    const copy = structuredClone(input);
    expect(names(orderGames(input))).toEqual(expected);
    expect(input).toEqual(copy);
  });

  it('sorts the 17 registry games (shuffled) into admin order then places 13..17', () => {
    const shuffled = [...GAMES].reverse().map((g) => ({ name: g.name, place: null }));
    expect(names(orderGames(shuffled))).toEqual(GAMES.map((g) => g.name));
  });
});
