import { describe, expect, it } from 'vitest';
import { noDrawMarks } from './noDrawMarks.ts';

const TODAY = '2026-11-21';

describe('noDrawMarks', () => {
  it('none without marks', () => {
    expect(noDrawMarks(undefined, TODAY)).toEqual([]);
    expect(noDrawMarks({}, TODAY)).toEqual([]);
  });

  it('per game in table order: weekly marks Sunday first, dates from 30 days ago on, earliest first, older ones counted', () => {
    expect(
      noDrawMarks(
        {
          Disawar: { dates: { '2026-01-26': true }, weekdays: {} },
          Gali: {
            dates: { '2026-12-25': true, '2026-10-22': true, '2026-10-21': true },
            weekdays: { sat: '2026-11-21', sun: '2026-11-01' },
          },
        },
        TODAY,
      ),
    ).toEqual([
      {
        game: 'Gali',
        weekly: [
          { weekday: 'sun', from: '2026-11-01' },
          { weekday: 'sat', from: '2026-11-21' },
        ],
        dates: [
          { dateKey: '2026-10-22', weekday: 'thu' },
          { dateKey: '2026-12-25', weekday: 'fri' },
        ],
        older: 1,
      },
      { game: 'Disawar', weekly: [], dates: [], older: 1 },
    ]);
  });
});
