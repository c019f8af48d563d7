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
import { noDrawOf, type Holidays } from './holidays.ts';
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

describe('days without a draw', () => {
  // Thursday 2026-11-26; yesterday is 2026-11-25, tomorrow 2026-11-27.
  const TODAY = '2026-11-26';
  const on = (time: string, dateKey = TODAY) => ({ ...at(time), dateKey });
  const marked = (dates: Record<string, string[]>): Holidays =>
    Object.fromEntries(
      Object.entries(dates).map(([name, keys]) => [name, { dates: Object.fromEntries(keys.map((k) => [k, true as const])), weekdays: {} }]),
    );

  it.each<[string, Holidays, string, string | null]>([
    ['no marks: the clock alone', {}, '03:00 PM', 'Delhi Bazar'],
    ['the game of the hour has no draw today: the one before it', marked({ 'Delhi Bazar': [TODAY] }), '03:00 PM', 'Gangotri'],
    ['two games without a draw today', marked({ 'Delhi Bazar': [TODAY], Gangotri: [TODAY] }), '03:00 PM', 'Mathura'],
    ['a mark of yesterday does not hide today', marked({ 'Delhi Bazar': ['2026-11-25'] }), '03:00 PM', 'Delhi Bazar'],
    ['a weekly mark on Thursdays', { Faridabad: { dates: {}, weekdays: { thu: '2026-11-01' } } }, '06:30 PM', 'Ferozpur'],
    ['a weekly mark from next week on', { Faridabad: { dates: {}, weekdays: { thu: '2026-11-27' } } }, '06:30 PM', 'Faridabad'],
    ['Gali before 05:05 after a night Gali had a draw', {}, '03:00 AM', 'Gali'],
    ['Gali before 05:05 after a night Gali had no draw: the clock', marked({ Gali: ['2026-11-25'] }), '03:00 AM', 'Disawar'],
    ['Gali without a draw last night, before Disawar: nothing yet', marked({ Gali: ['2026-11-25'] }), '01:00 AM', null],
    ["Gali without a draw tonight still shows last night's draw before 05:05", marked({ Gali: [TODAY] }), '03:00 AM', 'Gali'],
    ['Gali without a draw tonight, at 11:30 PM: the game before', marked({ Gali: [TODAY] }), '11:30 PM', 'Dwarka bazar'],
    ['Gali and Disawar both without a draw: nothing before 05:05', marked({ Gali: ['2026-11-25'], Disawar: [TODAY] }), '04:00 AM', null],
  ])('current game: %s', (_title, holidays, time, expected) => {
    expect(nameOf(currentGame(ADMIN_DAY, on(time), noDrawOf(holidays, ADMIN_DAY)))).toBe(expected);
  });

  it('current game: a number published on a marked day wins over the mark', () => {
    const day = ADMIN_DAY.map((g) => (g.name === 'Delhi Bazar' ? { ...g, results: { [TODAY]: '42' } } : g));
    expect(nameOf(currentGame(day, on('03:00 PM'), noDrawOf(marked({ 'Delhi Bazar': [TODAY] }), day)))).toBe('Delhi Bazar');
  });

  it('current game: without the date the marks are not consulted', () => {
    const noDraw = noDrawOf(marked({ 'Delhi Bazar': [TODAY], Gali: ['2026-11-25'] }), ADMIN_DAY);
    expect(nameOf(currentGame(ADMIN_DAY, at('03:00 PM'), noDraw))).toBe('Delhi Bazar');
    expect(nameOf(currentGame(ADMIN_DAY, at('03:00 AM'), noDraw))).toBe('Gali');
  });

  it.each<[string, Holidays, string, { game: string | null; tomorrow: boolean }]>([
    ['the next game has no draw today: the one after it', marked({ Mathura: [TODAY] }), '12:20 PM', { game: 'Gangotri', tomorrow: false }],
    ['a mark of tomorrow does not hide today', marked({ Mathura: ['2026-11-27'] }), '12:20 PM', { game: 'Mathura', tomorrow: false }],
    ['Gali, the last game, has no draw tonight: tomorrow', marked({ Gali: [TODAY] }), '11:00 PM', { game: 'Disawar', tomorrow: true }],
    ["tomorrow's first game has no draw tomorrow", marked({ Disawar: ['2026-11-27'] }), '11:45 PM', { game: 'Bilaspur', tomorrow: true }],
    ['a mark of today does not hide tomorrow', marked({ Disawar: [TODAY] }), '11:45 PM', { game: 'Disawar', tomorrow: true }],
    [
      "tomorrow's two first games have no draw tomorrow",
      marked({ Disawar: ['2026-11-27'], Bilaspur: ['2026-11-27'] }),
      '11:45 PM',
      { game: 'Mathura', tomorrow: true },
    ],
    [
      'Disawar has no draw on Fridays from tomorrow',
      { Disawar: { dates: {}, weekdays: { fri: '2026-11-27' } } },
      '11:45 PM',
      { game: 'Bilaspur', tomorrow: true },
    ],
  ])('next game: %s', (_title, holidays, time, expected) => {
    const next = nextGameOrTomorrow(ADMIN_DAY, on(time), noDrawOf(holidays, ADMIN_DAY));
    expect({ game: nameOf(next.game), tomorrow: next.tomorrow }).toEqual(expected);
    expect(nameOf(nextGame(ADMIN_DAY, on(time), noDrawOf(holidays, ADMIN_DAY)))).toBe(expected.tomorrow ? null : expected.game);
  });

  it('next game: no game draws tomorrow', () => {
    const all = marked(Object.fromEntries(ADMIN_DAY.map((g) => [g.name, ['2026-11-27']])));
    expect(nextGameOrTomorrow(ADMIN_DAY, on('11:45 PM'), noDrawOf(all, ADMIN_DAY))).toEqual({ game: null, tomorrow: false });
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
