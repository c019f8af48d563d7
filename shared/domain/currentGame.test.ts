import { describe, expect, it } from 'vitest';
import {
  EARLY_MORNING_CUTOFF,
  currentGame,
  latestResultCard,
  nextGame,
  nextGameOrTomorrow,
  resultCell,
  secondsUntil,
} from './currentGame.ts';
import { GAMES } from './games.ts';
import type { GameData } from './results.ts';
import { parseGameTime } from './time.ts';

const game = (name: string, time: string | null, place: number | null = null): GameData => ({ name, time, place, results: {} });
const ADMIN_DAY: GameData[] = GAMES.slice(0, 12).map((g) => game(g.name, g.defaultTime, g.place));
const at = (time: string) => ({ minutesOfDay: parseGameTime(time) ?? Number.NaN });
const nameOf = (g: { name: string } | null) => g?.name ?? null;

describe('currentGame', () => {
  it('switches away from Gali at 305 minutes (05:05)', () => {
    expect(EARLY_MORNING_CUTOFF).toBe(305);
  });

  it.each([
    ['12:00 AM', 'Gali'],
    ['01:59 AM', 'Gali'],
    ['02:00 AM', 'Gali'],
    ['03:00 AM', 'Gali'],
    ['05:04 AM', 'Gali'],
    ['05:05 AM', 'Disawar'],
    ['11:00 AM', 'Disawar'],
    ['12:19 PM', 'Disawar'],
    ['12:20 PM', 'Bilaspur'],
    ['01:19 PM', 'Bilaspur'],
    ['01:20 PM', 'Mathura'],
    ['03:00 PM', 'Delhi Bazar'],
    ['06:30 PM', 'Faridabad'],
    ['10:25 PM', 'Dwarka bazar'],
    ['11:29 PM', 'Dwarka bazar'],
    ['11:30 PM', 'Gali'],
    ['11:59 PM', 'Gali'],
  ])('at %s the current game is %s', (time, expected) => {
    expect(nameOf(currentGame(ADMIN_DAY, at(time)))).toBe(expected);
  });

  it.each<[string, GameData[], string, string | null]>([
    ['no game has passed yet', [game('Bilaspur', '12:20 PM'), game('Gali', null)], '06:00 AM', null],
    ['games without a time are ignored', [game('Bilaspur', '12:20 PM'), game('Mathura', 'soon')], '02:00 PM', 'Bilaspur'],
    ['an alias of Gali counts in the early morning', [game('Bilaspur', '12:20 PM'), game('GALI', '11:30 PM')], '01:00 AM', 'GALI'],
    [
      'without Gali the early morning follows the clock',
      [game('Disawer', '02:00 AM'), game('Bilaspur', '12:20 PM')],
      '03:00 AM',
      'Disawer',
    ],
    ['Gali wins the early morning even without a time', [game('Gali', null), game('Disawar', '02:00 AM')], '04:00 AM', 'Gali'],
    ['equal times resolve in result-table order', [game('Mathura', '01:00 PM'), game('Bilaspur', '01:00 PM')], '02:00 PM', 'Bilaspur'],
    ['nothing to show', [], '02:00 PM', null],
  ])('%s', (_title, games, time, expected) => {
    expect(nameOf(currentGame(games, at(time)))).toBe(expected);
  });
});

describe('nextGame', () => {
  it.each([
    ['12:00 AM', 'Disawar', false],
    ['02:00 AM', 'Bilaspur', false],
    ['09:00 AM', 'Bilaspur', false],
    ['12:20 PM', 'Mathura', false],
    ['04:31 PM', 'Ferozpur', false],
    ['11:29 PM', 'Gali', false],
    ['11:30 PM', 'Disawar', true],
    ['11:59 PM', 'Disawar', true],
  ])('at %s the next game is %s (tomorrow: %s)', (time, expected, tomorrow) => {
    expect(nameOf(nextGame(ADMIN_DAY, at(time)))).toBe(tomorrow ? null : expected);
    const next = nextGameOrTomorrow(ADMIN_DAY, at(time));
    expect(nameOf(next.game)).toBe(expected);
    expect(next.tomorrow).toBe(tomorrow);
  });

  it.each<[string, GameData[], { game: string | null; tomorrow: boolean }]>([
    ['no games', [], { game: null, tomorrow: false }],
    ['no readable times', [game('Gali', 'late')], { game: null, tomorrow: false }],
    ['one game, already played', [game('Gali', '11:30 PM')], { game: 'Gali', tomorrow: true }],
  ])('%s', (_title, games, expected) => {
    const next = nextGameOrTomorrow(games, at('11:45 PM'));
    expect({ game: nameOf(next.game), tomorrow: next.tomorrow }).toEqual(expected);
  });
});

describe('latestResultCard', () => {
  it.each<[string, GameData[], string | null]>([
    ['the earliest time of day among the admin games', ADMIN_DAY, 'Disawar'],
    [
      'the earliest of the afternoon games',
      [game('Gali', '11:30 PM'), game('Mathura', '01:20 PM'), game('Bilaspur', '12:20 PM')],
      'Bilaspur',
    ],
    ['12 AM is earlier than 1 AM', [game('Disawar', '01:00 AM'), game('Gali', '12:10 AM')], 'Gali'],
    ['a game without a time never wins', [game('Gali', null), game('Faridabad', '06:00 PM')], 'Faridabad'],
    ['nothing', [], null],
  ])('%s', (_title, games, expected) => {
    expect(nameOf(latestResultCard(games))).toBe(expected);
  });
});

describe('resultCell', () => {
  const results = { '2026-11-20': '05', '2026-11-21': '42', '2026-11-19': '99' };
  it.each([
    ['2026-11-21', '2026-11-20', { today: '42', yesterday: '05' }],
    ['2026-11-22', '2026-11-21', { today: null, yesterday: '42' }],
    ['2026-11-19', '2026-11-18', { today: '99', yesterday: null }],
    ['2026-12-01', '2026-11-30', { today: null, yesterday: null }],
  ])('today %s, yesterday %s -> %j', (today, yesterday, expected) => {
    expect(resultCell(results, today, yesterday)).toEqual(expected);
  });
});

describe('secondsUntil', () => {
  it.each([
    [740, { minutesOfDay: 740, second: 0 }, 0],
    [740, { minutesOfDay: 739, second: 0 }, 60],
    [740, { minutesOfDay: 739, second: 59 }, 1],
    [740, { minutesOfDay: 720, second: 30 }, 1170],
    [740, { minutesOfDay: 740, second: 1 }, 86_399],
    [120, { minutesOfDay: 1410, second: 0 }, 2 * 3600 + 30 * 60],
    [0, { minutesOfDay: 1439, second: 59 }, 1],
  ])('until minute %i from %j: %i s', (target, now, seconds) => {
    expect(secondsUntil(target, now)).toBe(seconds);
  });
});
