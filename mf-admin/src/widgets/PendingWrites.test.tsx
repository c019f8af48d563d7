// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { DashboardHeader } from './DashboardHeader.tsx';
import { PendingWrites } from './PendingWrites.tsx';
import { UpdateNumberForm } from './UpdateNumberForm.tsx';

const NO_CONNECTION_TEXT = 'No connection: not published yet. It will be sent when the connection returns. — Gali';

function Page() {
  return (
    <>
      <DashboardHeader />
      <PendingWrites />
      <UpdateNumberForm />
    </>
  );
}

function publish(game: string, number: string) {
  fireEvent.change(screen.getByLabelText('Sattaname'), { target: { value: game } });
  fireEvent.change(screen.getByLabelText('Number'), { target: { value: number } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Number' }));
}

const list = () => screen.getByRole('list', { name: 'Pending changes' });
const rows = () =>
  within(list())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.firstChild?.textContent);
const connection = () => screen.getAllByRole('status').find((el) => el.hasAttribute('data-connection'));

describe('a publish without a connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(`${TODAY}T12:00:00+05:30`));
  });

  it('says so after 3 s, frees the form, lists the write with Cancel; Cancel writes nothing, ever', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<Page />, data);
    await advance(4000);
    expect(connection()?.textContent).toBe('No connection: changes wait here until it returns');

    publish('Gali', '42');
    await settle();
    expect(screen.getByRole('button', { name: 'Updating...' })).toHaveProperty('disabled', true);
    await advance(2999);
    expect(screen.queryByText(NO_CONNECTION_TEXT)).toBeNull();
    await advance(1);
    expect(screen.getByRole('alert').textContent).toBe(NO_CONNECTION_TEXT);
    expect(screen.getByRole('button', { name: 'Update Number' })).toHaveProperty('disabled', false);
    expect(rows()).toEqual(['Gali 21-11: 42: not published yet, waiting for the connection.']);
    expect(within(list()).getByText('entered at 12:00:04')).toBeTruthy();
    expect(connection()?.textContent).toBe('No connection: changes wait here until it returns · 1 change not confirmed yet');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Gali 21-11: 42' }));
    expect(rows()).toEqual(['Gali 21-11: 42: cancelled, not published.']);
    await settle();
    // The form follows its write: it now says how it ended.
    expect(screen.getByText('Gali 21-11: 42: cancelled, not published.', { selector: '[role="status"]' })).toBeTruthy();
    act(() => streams.connected.next(true));
    await advance(10_000);
    expect(commands.getResult).not.toHaveBeenCalled();
    expect(commands.setResult).not.toHaveBeenCalled();
    expect(connection()?.textContent).toBe('Connected');

    fireEvent.click(screen.getByRole('button', { name: 'OK: Gali 21-11: 42' }));
    expect(screen.queryByRole('list', { name: 'Pending changes' })).toBeNull();
  });

  it('is sent when the connection returns, checked first, and the row and the form say it is confirmed', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<Page />, data);
    publish('Gali', '42');
    await advance(3000);
    expect(screen.getByText(NO_CONNECTION_TEXT)).toBeTruthy();
    // Taken over by the list: the form is ready for the next number.
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('');
    expect(commands.setResult).not.toHaveBeenCalled();

    act(() => streams.connected.next(true));
    await settle();
    expect(commands.getResult).toHaveBeenCalledWith('Gali', TODAY);
    expect(commands.setResult).toHaveBeenCalledWith('Gali', TODAY, '42', {});
    expect(rows()).toEqual(['Gali 21-11: 42: published, confirmed by the server.']);
    expect(screen.getByText('Gali 21-11: 42: published, confirmed by the server.', { selector: '[role="status"]' })).toBeTruthy();
    expect(connection()?.textContent).toBe('Connected');
  });

  it('does not replace a number published meanwhile without the question: not written, and says so', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<Page />, data);
    publish('Gali', '42');
    await advance(3000);
    commands.getResult.mockResolvedValue('55');
    act(() => streams.connected.next(true));
    await settle();
    expect(commands.setResult).not.toHaveBeenCalled();
    expect(rows()).toEqual([
      'Gali 21-11: 42: not published. Gali already has 55 published for 21-11-2026; 42 was not written. Publish it again to replace 55.',
    ]);
  });

  it('two numbers for one game while offline: both go, in order, the second over the first', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<Page />, data);
    publish('Gali', '42');
    await advance(3000);
    publish('Gali', '43');
    await advance(3000);
    let stored: string | null = null;
    commands.getResult.mockImplementation(async () => stored);
    commands.setResult.mockImplementation(async (_game, _day, number) => {
      const previous = stored;
      stored = number;
      return { created: previous === null, previous };
    });
    act(() => streams.connected.next(true));
    await settle();
    await settle();
    expect(commands.setResult.mock.calls.map((call) => call[2])).toEqual(['42', '43']);
    expect(rows()).toEqual(['Gali 21-11: 42: published, confirmed by the server.', 'Gali 21-11: 43: published, confirmed by the server.']);
  });

  it('sent but not acknowledged: says it cannot be cancelled any more, offers no Cancel, confirms later', async () => {
    const { data, commands } = fakeAdminData();
    let finish: (v: { created: boolean; previous: null }) => void = () => undefined;
    commands.setResult.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderAdmin(<Page />, data);
    publish('Gali', '42');
    await advance(3000);
    expect(
      screen.getByText(
        'Sent, but the server has not confirmed it yet (the connection may be gone). It will be confirmed when the connection returns; it can no longer be cancelled. — Gali',
      ),
    ).toBeTruthy();
    expect(rows()).toEqual(['Gali 21-11: 42: sent, waiting for the server to confirm. It can no longer be cancelled.']);
    expect(within(list()).queryByRole('button', { name: /Cancel/ })).toBeNull();
    finish({ created: true, previous: null });
    await settle();
    expect(rows()).toEqual(['Gali 21-11: 42: published, confirmed by the server.']);
  });

  it('asks before the page is left while a change is not confirmed, and not after', async () => {
    const { data, streams } = fakeAdminData();
    streams.connected.next(false);
    renderAdmin(<Page />, data);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    publish('Gali', '42');
    await settle();
    expect(leave()).toBe(true);
    await advance(3000);
    act(() => streams.connected.next(true));
    await settle();
    expect(leave()).toBe(false);
  });

  it('asks before signing out with a change not sent, and cancels it when the admin goes on', async () => {
    const { data, streams, commands } = fakeAdminData();
    streams.connected.next(false);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdmin(<Page />, data);
    publish('Gali', '42');
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(confirm).toHaveBeenCalledWith(
      '1 change has not reached the server yet. Sign out anyway? Changes not sent yet are then cancelled.',
    );
    await settle();
    expect(commands.signOut).not.toHaveBeenCalled();
    expect(rows()).toEqual(['Gali 21-11: 42: not published yet, waiting for the connection.']);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    expect(commands.signOut).toHaveBeenCalled();
    act(() => streams.connected.next(true));
    await settle();
    expect(commands.setResult).not.toHaveBeenCalled();
  });
});
