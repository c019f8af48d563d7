/**
 * Ten years of daily results for 17 games (~62k leaves) under rules shaped like the production ones:
 * the data of the scale test (what the server must hold and send) and of `scripts/bench-rtdb-scale.ts`
 * (how fast it loads and writes it), so both measure the same thing.
 */

export const SCALE_GAMES = [
  'Bilaspur',
  'Mathura',
  'Gangotri',
  'Delhi Bazar',
  'Shri Ganesh',
  'Ferozpur',
  'Faridabad',
  'Palika bazar',
  'Gaziyabad',
  'Dwarka bazar',
  'Gali',
  'Disawar',
  'Kalyan',
  'Sadar Bazar',
  'Agra',
  'Alwar',
  'Ajmer',
];

/** The shape of the production rules for results, so targaryen does the same work per write. */
export const SCALE_RULES = {
  rules: {
    sattanamee: {
      '.read': true,
      '.write': 'auth != null && auth.token.admin === true',
      $game: {
        '.validate': 'newData.hasChildren()',
        $date: {
          '.validate': "$date.matches(/^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/) && newData.hasChildren(['number'])",
          number: { '.validate': 'newData.isString() && newData.val().matches(/^[0-9]{2}$/)' },
        },
      },
    },
  },
};

export type ScaleHistory = Record<string, Record<string, { number: string }>>;

/** Every day of 2017-2026 for every game, with a number derived from the day and the game. */
export function tenYearsOfResults(): ScaleHistory {
  const data: ScaleHistory = {};
  const start = Date.UTC(2017, 0, 1);
  const end = Date.UTC(2026, 11, 31);
  SCALE_GAMES.forEach((game, g) => {
    const days: Record<string, { number: string }> = {};
    for (let t = start, i = 0; t <= end; t += 86_400_000, i++) {
      days[new Date(t).toISOString().slice(0, 10)] = { number: String((i * 7 + g * 13) % 100).padStart(2, '0') };
    }
    data[game] = days;
  });
  return data;
}

export function leafCount(data: ScaleHistory): number {
  return Object.values(data).reduce((n, days) => n + Object.keys(days).length, 0);
}

/** The `i`-th of a run of admin writes: days of December 2026 of one game, in turn. */
export function scaleWrite(i: number): { path: string; value: { number: string } } {
  return { path: `sattanamee/Gali/2026-12-${String((i % 28) + 1).padStart(2, '0')}`, value: { number: String(i % 100).padStart(2, '0') } };
}
