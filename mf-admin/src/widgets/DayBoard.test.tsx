// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@satta/shared/data';
import { noDrawRefused } from '@satta/shared/domain/messages';
import type { GameData } from '@satta/shared/domain/results';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { DayBoard } from './DayBoard.tsx';

const YESTERDAY = '2026-11-20';
const ist = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
/** The site's clock at an India wall-clock time on TODAY. */
const setClock = (time: string) => vi.setSystemTime(ist(TODAY, time));
const game = (name: string, time: string | null, patch: Partial<GameData> = {}): GameData => ({
  name,
  time,
  place: null,
  results: {},
  ...patch,
});

const GAMES: GameData[] = [
  game('Gali', '11:30 PM'),
  game('Faridabad', '06:00 PM'),
  game('Disawar', '02:00 AM', { results: { [TODAY]: '11' }, meta: { [TODAY]: { publishedAt: ist(TODAY, '02:03') } } }),
  game('Bilaspur', '12:20 PM', {
    results: { [TODAY]: '81' },
    meta: { [TODAY]: { publishedAt: ist(TODAY, '12:21'), updatedAt: ist(TODAY, '12:40'), was: '18' } },
  }),
  game('Ferozpur', '05:15 PM', { results: { [TODAY]: '42' } }),
  game('Gaziyabad', '09:30 PM'),
  game('Unknown Bazar', null),
];

/** The board at 06:30 PM: each state once, Faridabad due. */
function board() {
  const fake = fakeAdminData();
  fake.streams.games.next({ data: GAMES, stale: false, error: null });
  fake.streams.scheduled.next({
    data: [{ game: 'Gaziyabad', date: TODAY, number: '34', at: ist(TODAY, '21:30') }],
    stale: false,
    error: null,
  });
  fake.streams.pending.next({ data: [{ game: 'Ferozpur', number: '42', sendAt: Date.now() + 25_000 }], stale: false, error: null });
  renderAdmin(<DayBoard />, fake.data);
  return fake;
}

const list = () => screen.getByRole('list', { name: "Today's games in draw order" });
const items = () => within(list()).getAllByRole('listitem');
/** Each row as the admin reads it: its head (game, time, day, Next) and its state. */
const shown = () =>
  items().map((li) =>
    Array.from(li.querySelectorAll('p'))
      .slice(0, 2)
      .map((p) => Array.from(p.childNodes, (n) => n.textContent).join(' | ')),
  );
const row = (name: string) => items().find((li) => li.getAttribute('data-game') === name) as HTMLElement;
const type = (name: string, number: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: `Number for ${name}` }), { target: { value: number } });
const tap = (name: string) => fireEvent.click(screen.getByRole('button', { name: `Publish ${name}` }));

describe('Day board', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setClock('18:30');
  });

  it("lists today's games in draw order, each with its time and state; a game without a time comes last", () => {
    board();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe("Today's Games");
    expect(screen.getByText('Today, 21-11-2026')).toBeTruthy();
    expect(shown()).toEqual([
      ['Disawar | 02:00 AM', 'Published: 11 at 02:03 AM IST'],
      ['Bilaspur | 12:20 PM', 'Corrected: 18 → 81 at 12:40 PM IST'],
      ['Ferozpur | 05:15 PM', 'Published: 42, undo window: push in 25 s'],
      ['Faridabad | 06:00 PM | Next', 'Due now'],
      ['Gaziyabad | 09:30 PM', 'Scheduled: 34 at 09:30 PM IST'],
      ['Gali | 11:30 PM', 'Waiting'],
      ['Unknown Bazar | No time set', 'Waiting'],
    ]);
    expect(items().map((li) => li.getAttribute('data-state'))).toEqual([
      'published',
      'corrected',
      'undo',
      'due',
      'scheduled',
      'waiting',
      'waiting',
    ]);
  });

  it('marks the game due next, for the eye and for a screen reader, and moves on once it is published', async () => {
    const { streams } = board();
    expect(within(list()).getByRole('listitem', { current: true }).getAttribute('data-game')).toBe('Faridabad');
    expect(within(row('Faridabad')).getByText('Next')).toBeTruthy();
    expect(items().filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
    act(() =>
      streams.games.next({
        data: GAMES.map((g) => (g.name === 'Faridabad' ? { ...g, results: { [TODAY]: '07' } } : g)),
        stale: false,
        error: null,
      }),
    );
    await settle();
    // Gaziyabad is scheduled: the service publishes it. Gali is next.
    expect(within(list()).getByRole('listitem', { current: true }).getAttribute('data-game')).toBe('Gali');
    expect(shown()[3]).toEqual(['Faridabad | 06:00 PM', 'Published: 07']);
  });

  it('each row has a large two-digit field (numeric keyboard) and its own Publish button in one form', () => {
    board();
    const field = screen.getByRole('textbox', { name: 'Number for Faridabad' });
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.closest('form')?.contains(screen.getByRole('button', { name: 'Publish Faridabad' }))).toBe(true);
    expect(field.getAttribute('aria-describedby')).toBe(row('Faridabad').querySelectorAll('p')[1]?.id);
  });

  it('publishes a due game with one field and one tap, through the same command as Update Number', async () => {
    const { commands } = board();
    type('Faridabad', '42');
    tap('Faridabad');
    await settle();
    expect(commands.getResult).toHaveBeenCalledWith('Faridabad', TODAY);
    expect(commands.setResult).toHaveBeenCalledWith('Faridabad', TODAY, '42', {});
    expect(within(row('Faridabad')).getByText('New object created for today with updated number! — Faridabad')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Number for Faridabad' }) as HTMLInputElement).value).toBe('');
    await advance(3000);
    expect(screen.queryByText('New object created for today with updated number! — Faridabad')).toBeNull();
  });

  it('Enter in the field publishes (the form is submitted)', async () => {
    const { commands } = board();
    type('Gali', '09');
    fireEvent.submit(screen.getByRole('textbox', { name: 'Number for Gali' }).closest('form') as HTMLFormElement);
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '09', {});
  });

  it('asks before replacing a published number, and writes nothing when declined', async () => {
    const { commands } = board();
    commands.getResult.mockResolvedValue('11');
    commands.setResult.mockResolvedValue({ created: false, previous: '11' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    type('Disawar', '12');
    tap('Disawar');
    await settle();
    expect(confirm).toHaveBeenCalledWith('Disawar already has 11 published for 21-11-2026. Replace it with 12?');
    expect(commands.setResult).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Number for Disawar' }) as HTMLInputElement).value).toBe('12');

    confirm.mockReturnValue(true);
    tap('Disawar');
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Disawar', TODAY, '12', {});
    expect(within(row('Disawar')).getByText('Number updated successfully for today! — Disawar')).toBeTruthy();
  });

  it.each([
    ['7', 'Number must be two digits from 00 to 99.'],
    ['123', 'Number must be two digits from 00 to 99.'],
    ['', 'Number must be two digits from 00 to 99.'],
  ])('refuses %j under the row, as Update Number does, and writes nothing', async (number, error) => {
    const { commands } = board();
    type('Faridabad', number);
    tap('Faridabad');
    await settle();
    expect(within(row('Faridabad')).getByRole('alert').textContent).toBe(error);
    expect(commands.setResult).not.toHaveBeenCalled();
  });

  it('counts the undo window down and undoes from the row', async () => {
    const { commands } = board();
    await advance(1000);
    expect(shown()[2]).toEqual(['Ferozpur | 05:15 PM', 'Published: 42, undo window: push in 24 s']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo Ferozpur' }));
    await settle();
    expect(commands.undoResult).toHaveBeenCalledWith('Ferozpur', TODAY);
    expect(within(row('Ferozpur')).getByText('Ferozpur 42 undone: removed, no notification was sent.')).toBeTruthy();
    await advance(24_000);
    expect(screen.queryByRole('button', { name: 'Undo Ferozpur' })).toBeNull();
    expect(shown()[2]).toEqual(['Ferozpur | 05:15 PM', 'Published: 42']);
  });

  it("at 00:05 AM yesterday's evening draws come first, filed under yesterday, and Gali publishes there", async () => {
    setClock('00:05');
    const { data, streams, commands } = fakeAdminData();
    streams.games.next({
      data: [game('Gali', '11:30 PM'), game('Disawar', '02:00 AM'), game('Faridabad', '06:00 PM', { results: { [YESTERDAY]: '55' } })],
      stale: false,
      error: null,
    });
    renderAdmin(<DayBoard />, data);
    expect(shown()).toEqual([
      ['Faridabad | 06:00 PM | Yesterday, 20-11-2026', 'Published: 55'],
      ['Gali | 11:30 PM | Yesterday, 20-11-2026 | Next', 'Due now'],
      ['Disawar | 02:00 AM', 'Waiting'],
    ]);
    type('Gali', '42');
    tap('Gali');
    await settle();
    expect(commands.setResult).toHaveBeenCalledWith('Gali', YESTERDAY, '42', {});
    expect(within(row('Gali')).getByText('New data created for 20-11-2026 with the updated number! — Gali')).toBeTruthy();
  });

  it('a game marked as having no draw today says so, offers no field to publish, and is never next', async () => {
    const fake = fakeAdminData();
    fake.streams.holidays.next({
      data: { Faridabad: { dates: { [TODAY]: true }, weekdays: {} }, Disawar: { dates: { [TODAY]: true }, weekdays: {} } },
      stale: false,
      error: null,
    });
    fake.streams.games.next({ data: GAMES, stale: false, error: null });
    renderAdmin(<DayBoard />, fake.data);
    // Disawar has its number: the number wins over the mark.
    expect(shown()[0]).toEqual(['Disawar | 02:00 AM', 'Published: 11 at 02:03 AM IST']);
    expect(shown()[3]).toEqual(['Faridabad | 06:00 PM', 'No draw today']);
    expect(row('Faridabad').getAttribute('data-state')).toBe('noDraw');
    expect(within(row('Faridabad')).getByText('Marked in Days without a draw. Remove the mark there to publish a number.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Number for Faridabad' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish Faridabad' })).toBeNull();
    // Faridabad's draw has come, but it has none today: the next due is the one after it.
    expect(within(list()).getByRole('listitem', { current: true }).getAttribute('data-game')).toBe('Gaziyabad');

    // The mark removed: the game is due again, with its field, and next.
    act(() => fake.streams.holidays.next({ data: {}, stale: false, error: null }));
    await settle();
    expect(shown()[3]).toEqual(['Faridabad | 06:00 PM | Next', 'Due now']);
    expect(screen.getByRole('textbox', { name: 'Number for Faridabad' })).toBeTruthy();
  });

  it('a publish refused for a day marked meanwhile shows the refusal under the row', async () => {
    const { commands } = board();
    commands.setResult.mockRejectedValue(new DataError('data/no-draw', noDrawRefused('Gali', '21-11-2026')));
    type('Gali', '09');
    tap('Gali');
    await settle();
    expect(within(row('Gali')).getByRole('alert').textContent).toBe(
      'Gali has no draw on 21-11-2026: the day is marked in Days without a draw. Remove the mark first to publish a number. — Gali',
    );
  });
});
