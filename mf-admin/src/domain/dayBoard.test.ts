import { describe, expect, it } from 'vitest';
import type { GameData } from '@satta/shared/domain/results';
import { dayBoardRows, dayBoardStateText, nextDueGame, type DayBoardInput } from './dayBoard.ts';

const TZ = 'Asia/Kolkata';
const TODAY = '2026-11-21';
const YESTERDAY = '2026-11-20';
const ist = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
const game = (name: string, time: string | null, patch: Partial<GameData> = {}): GameData => ({
  name,
  time,
  place: null,
  results: {},
  ...patch,
});

/** The board at an India wall-clock time of TODAY. */
function at(time: string, input: Partial<DayBoardInput> = {}): DayBoardInput {
  const [h, m] = time.split(':').map(Number);
  return {
    games: [],
    now: { dateKey: TODAY, minutesOfDay: (h ?? 0) * 60 + (m ?? 0) },
    nowMs: ist(TODAY, time),
    scheduled: [],
    pending: {},
    ...input,
  };
}

const GAMES: GameData[] = [
  game('Gali', '11:30 PM'),
  game('Disawar', '02:00 AM'),
  game('Faridabad', '06:00 PM'),
  game('Bilaspur', '12:20 PM'),
  game('Unknown Bazar', null),
];

describe('dayBoardRows', () => {
  it('at 06:30 PM: every game under today, in draw order, a game without a time last', () => {
    const rows = dayBoardRows(at('18:30', { games: GAMES }));
    expect(rows.map((r) => [r.game, r.time, r.date, r.state.kind])).toEqual([
      ['Disawar', '02:00 AM', TODAY, 'due'],
      ['Bilaspur', '12:20 PM', TODAY, 'due'],
      ['Faridabad', '06:00 PM', TODAY, 'due'],
      ['Gali', '11:30 PM', TODAY, 'waiting'],
      ['Unknown Bazar', null, TODAY, 'waiting'],
    ]);
  });

  it("at 00:05 AM: yesterday's evening draws first (filed under yesterday), then Disawar under today", () => {
    const rows = dayBoardRows(at('00:05', { games: GAMES }));
    expect(rows.map((r) => [r.game, r.date, r.drawnYesterday, r.state.kind])).toEqual([
      ['Bilaspur', YESTERDAY, true, 'due'],
      ['Faridabad', YESTERDAY, true, 'due'],
      ['Gali', YESTERDAY, true, 'due'],
      ['Disawar', TODAY, false, 'waiting'],
      ['Unknown Bazar', TODAY, false, 'waiting'],
    ]);
  });

  it('a draw is due from its minute on', () => {
    const kind = (time: string) => dayBoardRows(at(time, { games: [game('Faridabad', '06:00 PM')] }))[0]?.state.kind;
    expect(kind('17:59')).toBe('waiting');
    expect(kind('18:00')).toBe('due');
  });

  it('published, corrected, in the undo window, scheduled: from the results, their times, the pending pushes and the schedule', () => {
    const games = [
      game('Disawar', '02:00 AM', { results: { [TODAY]: '11' }, meta: { [TODAY]: { publishedAt: ist(TODAY, '02:03') } } }),
      game('Bilaspur', '12:20 PM', {
        results: { [TODAY]: '81' },
        meta: { [TODAY]: { publishedAt: ist(TODAY, '12:21'), updatedAt: ist(TODAY, '12:40'), was: '18' } },
      }),
      game('Mathura', '01:20 PM', { results: { [TODAY]: '05' } }),
      game('Ferozpur', '05:15 PM', { results: { [TODAY]: '42', [YESTERDAY]: '40' } }),
      game('Gaziyabad', '09:30 PM', { results: { [YESTERDAY]: '33' } }),
    ];
    const input = at('18:30', {
      games,
      scheduled: [
        { game: 'Gaziyabad', date: TODAY, number: '34', at: ist(TODAY, '21:30') },
        { game: 'Mathura', date: YESTERDAY, number: '99', at: ist(YESTERDAY, '13:20') },
      ],
      pending: {
        [TODAY]: [
          { game: 'Ferozpur', number: '42', sendAt: ist(TODAY, '18:30') + 25_000 },
          { game: 'Disawar', number: '11', sendAt: ist(TODAY, '18:30') },
        ],
      },
    });
    const rows = dayBoardRows(input);
    expect(rows.map((r) => [r.game, r.state])).toEqual([
      ['Disawar', { kind: 'published', number: '11', at: ist(TODAY, '02:03') }],
      ['Bilaspur', { kind: 'corrected', number: '81', was: '18', at: ist(TODAY, '12:40') }],
      ['Mathura', { kind: 'published', number: '05' }],
      ['Ferozpur', { kind: 'undo', number: '42', sendAt: ist(TODAY, '18:30') + 25_000 }],
      ['Gaziyabad', { kind: 'scheduled', number: '34', at: ist(TODAY, '21:30') }],
    ]);
    expect(rows.map((r) => dayBoardStateText(r.state, input.nowMs, TZ))).toEqual([
      'Published: 11 at 02:03 AM IST',
      'Corrected: 18 → 81 at 12:40 PM IST',
      'Published: 05',
      'Published: 42, undo window: push in 25 s',
      'Scheduled: 34 at 09:30 PM IST',
    ]);
  });
});

describe('dayBoardRows: days without a draw', () => {
  it('a game marked for its day, without a number, has no draw; a number wins over the mark; the mark wins over a schedule', () => {
    const games = [
      game('Disawar', '02:00 AM', { results: { [TODAY]: '11' } }),
      game('Faridabad', '06:00 PM'),
      game('Gaziyabad', '09:30 PM'),
      game('Gali', '11:30 PM'),
    ];
    const input = at('18:30', {
      games,
      scheduled: [{ game: 'Gaziyabad', date: TODAY, number: '34', at: ist(TODAY, '21:30') }],
      holidays: {
        Disawar: { dates: { [TODAY]: true }, weekdays: {} },
        Faridabad: { dates: { [TODAY]: true }, weekdays: {} },
        // 21-11-2026 is a Saturday.
        Gaziyabad: { dates: {}, weekdays: { sat: '2026-11-01' } },
        Gali: { dates: {}, weekdays: { sat: '2026-11-28' } },
      },
    });
    const rows = dayBoardRows(input);
    expect(rows.map((r) => [r.game, r.state])).toEqual([
      ['Disawar', { kind: 'published', number: '11' }],
      ['Faridabad', { kind: 'noDraw', yesterday: false }],
      ['Gaziyabad', { kind: 'noDraw', yesterday: false }],
      // A weekly mark counts from its first date only.
      ['Gali', { kind: 'waiting' }],
    ]);
    expect(rows.map((r) => dayBoardStateText(r.state, input.nowMs, TZ))).toEqual([
      'Published: 11',
      'No draw today',
      'No draw today',
      'Waiting',
    ]);
    expect(nextDueGame(rows)).toBe('Gali');
  });

  it('at 00:05 AM an evening draw filed under yesterday has no draw yesterday when yesterday is marked', () => {
    const rows = dayBoardRows(
      at('00:05', {
        games: [game('Gali', '11:30 PM'), game('Disawar', '02:00 AM')],
        holidays: { Gali: { dates: { [YESTERDAY]: true }, weekdays: {} } },
      }),
    );
    expect(rows.map((r) => [r.game, r.date, r.state])).toEqual([
      ['Gali', YESTERDAY, { kind: 'noDraw', yesterday: true }],
      ['Disawar', TODAY, { kind: 'waiting' }],
    ]);
    expect(dayBoardStateText(rows[0]!.state, 0, TZ)).toBe('No draw yesterday');
    expect(nextDueGame(rows)).toBe('Disawar');
  });
});

describe('nextDueGame', () => {
  it('is the first game in draw order with neither a number nor a schedule', () => {
    const games = [
      game('Disawar', '02:00 AM', { results: { [TODAY]: '11' } }),
      game('Bilaspur', '12:20 PM', { results: { [TODAY]: '81' } }),
      game('Faridabad', '06:00 PM'),
      game('Gali', '11:30 PM'),
    ];
    expect(nextDueGame(dayBoardRows(at('18:30', { games })))).toBe('Faridabad');
    // Before its draw the next one is still the one to publish next.
    expect(nextDueGame(dayBoardRows(at('17:00', { games })))).toBe('Faridabad');
    const scheduled = [{ game: 'Faridabad', date: TODAY, number: '12', at: ist(TODAY, '18:00') }];
    expect(nextDueGame(dayBoardRows(at('17:00', { games, scheduled })))).toBe('Gali');
    // One the notify service refused at its time (the day was marked then) will not go out.
    const refused = [{ ...scheduled[0]!, refused: 'no-draw' as const }];
    expect(nextDueGame(dayBoardRows(at('18:30', { games, scheduled: refused })))).toBe('Faridabad');
  });

  it('none when every timed game has its number; a game without a time is never next', () => {
    const games = [game('Disawar', '02:00 AM', { results: { [TODAY]: '11' } }), game('Unknown Bazar', null)];
    expect(nextDueGame(dayBoardRows(at('18:30', { games })))).toBeNull();
  });
});
