// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@satta/shared/data';
import { noDrawRefused } from '@satta/shared/domain/messages';
import { renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { ScheduledNumbers } from './ScheduledNumbers.tsx';

// 21-11-2026, 02:05:30 PM in India.
const NOW = new Date('2026-11-21T14:05:30+05:30').getTime();

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('Publish Later', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it("schedules today's number at the game's time, in IST", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<ScheduledNumbers />, data);
    fill('Sattaname', 'Gali');
    fill('Number', '42');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await settle();
    expect(commands.scheduleResult).toHaveBeenCalledWith('Gali', TODAY, '42', new Date('2026-11-21T23:30:00+05:30').getTime());
    expect(screen.getByText('Scheduled: Gali 42 at 11:30 PM IST.')).toBeTruthy();
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('');
  });

  it.each([
    [{ game: 'Disawar', number: '17' }, "Disawar's time today, 02:00 AM, has passed; nothing was scheduled."],
    [{ game: '', number: '17' }, 'Please select a Sattaname.'],
    [{ game: 'Gali', number: '7' }, 'Number must be two digits from 00 to 99.'],
    [{ game: 'Gali', number: '42', time: '' }, 'Please enter a time.'],
    [{ game: 'Gali', number: '42', time: '15:15' }, 'Time must be in HH:MM AM/PM format, for example 02:00 PM.'],
    [{ game: 'Gali', number: '42', time: '02:05 PM' }, '02:05 PM has passed today; choose a later time.'],
  ])('%j is refused and nothing is written: %s', async (form, error) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<ScheduledNumbers />, data);
    fill('Sattaname', form.game);
    fill('Number', form.number);
    if ('time' in form) {
      fill('When', 'chosen');
      fill('Time (IST)', form.time);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(error);
    expect(commands.scheduleResult).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe(form.number);
  });

  it('lists what is scheduled; Change puts it back into the form and saves over it; Cancel removes it', async () => {
    const { data, streams, commands } = fakeAdminData();
    const at = new Date('2026-11-21T15:15:00+05:30').getTime();
    streams.scheduled.next({ data: [{ game: 'Gali', date: TODAY, number: '42', at }], stale: false, error: null });
    renderAdmin(<ScheduledNumbers />, data);
    const list = screen.getByRole('list', { name: 'Scheduled' });
    expect(list.textContent).toContain('Gali 42 at 03:15 PM IST');

    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect((screen.getByLabelText('Sattaname') as HTMLSelectElement).value).toBe('Gali');
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('42');
    expect((screen.getByLabelText('Time (IST)') as HTMLInputElement).value).toBe('03:15 PM');
    expect(screen.getByText('Changing the scheduled number of Gali: enter the new number or time and press Schedule.')).toBeTruthy();
    fill('Number', '43');
    fill('Time (IST)', '04:00 PM');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await settle();
    expect(commands.scheduleResult).toHaveBeenCalledWith('Gali', TODAY, '43', new Date('2026-11-21T16:00:00+05:30').getTime());
    expect(screen.getByText('Schedule changed: Gali 43 at 04:00 PM IST.')).toBeTruthy();
    act(() =>
      streams.scheduled.next({ data: [{ game: 'Gali', date: TODAY, number: '43', at: at + 45 * 60_000 }], stale: false, error: null }),
    );
    expect(screen.getByRole('list', { name: 'Scheduled' }).textContent).toContain('Gali 43 at 04:00 PM IST');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(commands.cancelScheduled).toHaveBeenCalledWith('Gali', TODAY);
    expect(screen.getByText('Schedule cancelled: Gali 43 will not be published.')).toBeTruthy();
    act(() => streams.scheduled.next({ data: [], stale: false, error: null }));
    expect(screen.queryByRole('list', { name: 'Scheduled' })).toBeNull();
  });

  it('says so under a number the notify service did not publish because its day was marked as having no draw', () => {
    const { data, streams } = fakeAdminData();
    const at = new Date('2026-11-21T13:15:00+05:30').getTime();
    streams.scheduled.next({ data: [{ game: 'Gali', date: TODAY, number: '42', at, refused: 'no-draw' }], stale: false, error: null });
    renderAdmin(<ScheduledNumbers />, data);
    const list = screen.getByRole('list', { name: 'Scheduled' });
    expect(list.textContent).toContain(
      'Gali 42 at 01:15 PM ISTNot published: the day was marked as having no draw at its time. Remove the mark and schedule it again, or cancel it.',
    );
  });

  it('reports a failed write in words the admin can act on', async () => {
    const { data, commands } = fakeAdminData();
    commands.scheduleResult.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<ScheduledNumbers />, data);
    fill('Sattaname', 'Gali');
    fill('Number', '42');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Scheduling failed: You are not allowed to make this change; sign in again as the admin.',
    );
  });

  it('refuses a number for a day marked as having no draw, in the words of the service, and keeps the form', async () => {
    const { data, commands } = fakeAdminData();
    commands.scheduleResult.mockRejectedValue(new DataError('data/no-draw', noDrawRefused('Gali', '21-11-2026')));
    renderAdmin(<ScheduledNumbers />, data);
    fill('Sattaname', 'Gali');
    fill('Number', '42');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await settle();
    expect(commands.scheduleResult).toHaveBeenCalledWith('Gali', TODAY, '42', new Date('2026-11-21T23:30:00+05:30').getTime());
    expect(screen.getByRole('alert').textContent).toBe(
      'Scheduling failed: Gali has no draw on 21-11-2026: the day is marked in Days without a draw. Remove the mark first to publish a number.',
    );
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('42');
  });
});
