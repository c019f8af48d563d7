// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@satta/shared/data';
import type { Holidays } from '@satta/shared/domain/holidays';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { NoDrawDays } from './NoDrawDays.tsx';

const HAS_NUMBER = 'Gali already has 42 on 20-11-2026, so the day cannot be marked as having no draw. Undo or correct the number first.';

const pick = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const dateField = () => screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement;
const markDate = () => fireEvent.click(screen.getByRole('button', { name: 'Mark no draw on this date' }));
const markWeekday = () => fireEvent.click(screen.getByRole('button', { name: 'Mark no draw every week' }));
/** What the status lines say (each form and the list have one). */
const said = () =>
  screen
    .getAllByRole('status')
    .map((line) => line.textContent)
    .join('');
const marked = (holidays: Holidays) => ({ data: holidays, stale: false, error: null });
/** Each game's marks as the admin reads them: the game, then each line with its button. */
const listed = () =>
  within(screen.getByRole('list', { name: 'Marked days' }))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Marked days')
    .map((li) => Array.from(li.querySelectorAll('h4, li > span, p'), (el) => el.textContent));

describe('Days without a draw', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Saturday 21-11-2026, 02:00 PM in India.
    vi.setSystemTime(new Date(`${TODAY}T14:00:00+05:30`));
  });

  it("opens on today's date, day first, with the fields named and explained", () => {
    const { data } = fakeAdminData();
    renderAdmin(<NoDrawDays />, data);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Days without a draw');
    expect(
      screen.getByText(
        'On a marked day the site shows आज अवकाश (No draw today) for the game instead of Wait..., and no number can be published for it until the mark is removed.',
      ),
    ).toBeTruthy();
    expect(dateField().value).toBe('21-11-2026');
    expect(screen.getByRole('textbox', { name: 'Date', description: 'Day-month-year, for example 02-11-2026.' })).toBe(dateField());
    const weekday = screen.getByRole('combobox', { name: 'Day of the week' }) as HTMLSelectElement;
    expect(Array.from(weekday.options, (o) => o.textContent)).toEqual([
      'Select a day',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(weekday.getAttribute('aria-describedby')).toBe(
      screen.getByText('Counts from today, 21-11-2026: earlier days are not marked.').id,
    );
    expect(screen.getByRole('group', { name: 'On one date' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Every week' })).toBeTruthy();
    expect(screen.getByText('No days marked yet.')).toBeTruthy();
  });

  it('marks a game as having no draw on a typed date, says so for 3 s, and goes back to today', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', 'Gali');
    fireEvent.change(dateField(), { target: { value: '26-11-2026' } });
    markDate();
    await settle();
    expect(commands.setNoDrawDate).toHaveBeenCalledWith('Gali', '2026-11-26', true);
    expect(said()).toBe('Gali: no draw on 26-11-2026.');
    expect(dateField().value).toBe('21-11-2026');
    await advance(3000);
    expect(screen.queryByText('Gali: no draw on 26-11-2026.')).toBeNull();
  });

  it("marks today by default, and Enter in the date field marks (the form is submitted); '5/12/2026' is read day first", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', 'Disawar');
    fireEvent.submit(dateField().closest('form') as HTMLFormElement);
    await settle();
    expect(commands.setNoDrawDate).toHaveBeenLastCalledWith('Disawar', TODAY, true);
    expect(screen.getByText('Disawar: no draw on 21-11-2026.')).toBeTruthy();
    fireEvent.change(dateField(), { target: { value: '5/12/2026' } });
    fireEvent.submit(dateField().closest('form') as HTMLFormElement);
    await settle();
    expect(commands.setNoDrawDate).toHaveBeenLastCalledWith('Disawar', '2026-12-05', true);
    expect(screen.getByText('Disawar: no draw on 05-12-2026.')).toBeTruthy();
  });

  it.each([
    ['', '26-11-2026', 'Please select a Sattaname.'],
    ['Gali', '', 'Please select a date.'],
    ['Gali', '2026-11-26', 'Enter the date as DD-MM-YYYY, for example 02-11-2026.'],
    ['Gali', '31-11-2026', 'Enter the date as DD-MM-YYYY, for example 02-11-2026.'],
  ])('game %j date %j is refused with %j and nothing is written', async (game, date, error) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', game);
    fireEvent.change(dateField(), { target: { value: date } });
    markDate();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(error);
    expect(commands.setNoDrawDate).not.toHaveBeenCalled();
    expect(dateField().value).toBe(date);
  });

  it('a date that already has a number: shows the refusal of the service, which says what to do, and keeps the date', async () => {
    const { data, commands } = fakeAdminData();
    commands.setNoDrawDate.mockRejectedValue(new DataError('data/no-draw-has-number', HAS_NUMBER));
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', 'Gali');
    fireEvent.change(dateField(), { target: { value: '20-11-2026' } });
    markDate();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(HAS_NUMBER);
    expect(dateField().value).toBe('20-11-2026');
    expect(screen.getByRole('button', { name: 'Mark no draw on this date' })).toHaveProperty('disabled', false);
  });

  it('another failure names the game', async () => {
    const { data, commands } = fakeAdminData();
    commands.setNoDrawDate.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', 'Gali');
    markDate();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('You are not allowed to make this change; sign in again as the admin. — Gali');
  });

  it('a date already marked is not written again', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.holidays.next(marked({ Gali: { dates: { [TODAY]: true }, weekdays: {} } }));
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', 'Gali');
    markDate();
    await settle();
    expect(said()).toBe('Gali is already marked: no draw on 21-11-2026.');
    expect(commands.setNoDrawDate).not.toHaveBeenCalled();
  });

  it('without a connection says the mark is not saved yet, as every form does, and the form is free again', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', 'Gali');
    markDate();
    await settle();
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    await advance(3000);
    expect(screen.getByRole('alert').textContent).toBe('No connection: not saved yet. It will be sent when the connection returns. — Gali');
    expect(commands.setNoDrawDate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Mark no draw on this date' })).toHaveProperty('disabled', false);
    act(() => streams.connected.next(true));
    await settle();
    expect(commands.setNoDrawDate).toHaveBeenCalledWith('Gali', TODAY, true);
    expect(said()).toBe('No draw for Gali on 21-11-2026: saved, confirmed by the server.');
  });

  it("marks a weekday every week from today's date on, and says so under that form", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<NoDrawDays />, data);
    pick('Sattaname', 'Gali');
    pick('Day of the week', 'sun');
    markWeekday();
    await settle();
    expect(commands.setNoDrawWeekday).toHaveBeenCalledWith('Gali', 'sun', TODAY);
    const weekly = screen.getByRole('group', { name: 'Every week' }).closest('form') as HTMLFormElement;
    expect(within(weekly).getByRole('status').textContent).toBe('Gali: no draw every Sunday from 21-11-2026.');
    expect((screen.getByLabelText('Day of the week') as HTMLSelectElement).value).toBe('');
  });

  it('refuses a weekly mark without a game or a day, and does not move the first date of one already there', async () => {
    const { data, streams, commands } = fakeAdminData();
    renderAdmin(<NoDrawDays />, data);
    pick('Day of the week', 'sun');
    markWeekday();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Please select a Sattaname.');
    pick('Sattaname', 'Gali');
    pick('Day of the week', '');
    markWeekday();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Please select a day of the week.');

    act(() => streams.holidays.next(marked({ Gali: { dates: {}, weekdays: { sun: '2026-01-04' } } })));
    pick('Day of the week', 'sun');
    markWeekday();
    await settle();
    expect(screen.getByText('Gali is already marked: no draw every Sunday from 04-01-2026.')).toBeTruthy();
    expect(commands.setNoDrawWeekday).not.toHaveBeenCalled();
  });

  it('lists the weekly marks and the dates of the last 30 days and ahead, per game in table order; Remove takes one away', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.holidays.next(
      marked({
        Disawar: { dates: {}, weekdays: { tue: '2026-11-03' } },
        Gali: {
          dates: { '2026-10-01': true, '2026-10-22': true, [TODAY]: true, '2026-11-26': true },
          weekdays: { sun: '2026-11-01', fri: '2026-11-06' },
        },
      }),
    );
    renderAdmin(<NoDrawDays />, data);
    expect(listed()).toEqual([
      [
        'Gali',
        'Every Sunday, from 01-11-2026',
        'Every Friday, from 06-11-2026',
        '22-10-2026, Thursday',
        '21-11-2026, Saturday (today)',
        '26-11-2026, Thursday',
        '1 date more than 30 days ago is not listed.',
      ],
      ['Disawar', 'Every Tuesday, from 03-11-2026'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the mark of Gali on 26-11-2026' }));
    await settle();
    expect(commands.setNoDrawDate).toHaveBeenCalledWith('Gali', '2026-11-26', false);
    expect(screen.getByText('Gali: the no-draw mark on 26-11-2026 is removed.')).toBeTruthy();
    // The button is going with its mark: the focus waits on the list's heading, above the message.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Marked days' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove the mark of Disawar every Tuesday' }));
    await settle();
    expect(commands.setNoDrawWeekday).toHaveBeenCalledWith('Disawar', 'tue', null);
    expect(screen.getByText('Disawar: the weekly no-draw mark on Tuesdays is removed.')).toBeTruthy();

    act(() => streams.holidays.next(marked({})));
    expect(screen.queryByRole('list', { name: 'Marked days' })).toBeNull();
    expect(screen.getByText('No days marked yet.')).toBeTruthy();
  });

  it('a Remove that fails says why and keeps the mark listed', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.holidays.next(marked({ Gali: { dates: { '2026-11-26': true }, weekdays: {} } }));
    commands.setNoDrawDate.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<NoDrawDays />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the mark of Gali on 26-11-2026' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('You are not allowed to make this change; sign in again as the admin. — Gali');
    expect(screen.getByRole('button', { name: 'Remove the mark of Gali on 26-11-2026' })).toBeTruthy();
  });
});
