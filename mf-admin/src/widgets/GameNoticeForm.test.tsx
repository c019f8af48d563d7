// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError, type Live } from '@satta/shared/data';
import type { GameNotices } from '@satta/shared/domain/gameNotice';
import { renderAdmin, settle } from '../test/renderAdmin.tsx';
import { TODAY, fakeAdminData } from '../test/fakeAdminData.ts';
import { GameNoticeForm } from './GameNoticeForm.tsx';

const live = (notices: GameNotices): Live<GameNotices> => ({ data: notices, stale: false, error: null });

/** The fake service with today's notices (read$ of the table, by key) and the notice's commands. */
function fake(notices: GameNotices = {}) {
  const { data, commands } = fakeAdminData();
  const today = new BehaviorSubject(live(notices));
  const read$ = <T,>(entry: { key: string }) =>
    (entry.key === `notices:${TODAY}` ? today : new BehaviorSubject(live({ Wrong: 'day' }))) as unknown as BehaviorSubject<Live<T>>;
  const service = { ...data, read$ };
  return { service, setGameNotice: commands.setGameNotice, removeGameNotice: commands.removeGameNotice, today };
}

const said = () => [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].map((line) => line.textContent).join('');
const type = (text: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Notice' }), { target: { value: text } });
const pick = (game: string) => fireEvent.change(screen.getByRole('combobox', { name: 'Sattaname' }), { target: { value: game } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save notice' }));

describe('Game notice for today', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(`${TODAY}T14:00:00+05:30`));
  });

  it('saves a Hindi notice for the chosen game and lists it with its Remove button', async () => {
    const { service, setGameNotice, today } = fake();
    renderAdmin(<GameNoticeForm />, service);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Game notice for today');
    expect(screen.getByText('No notices today.')).toBeTruthy();
    pick('Gali');
    type('रिजल्ट में देरी');
    expect(screen.getByRole('textbox', { name: 'Notice', description: '15 of 60 characters. Hindi is welcome.' })).toBeTruthy();
    save();
    await settle();
    expect(setGameNotice).toHaveBeenCalledWith('Gali', 'रिजल्ट में देरी');
    expect(said()).toContain('Gali: the notice is on the site for today.');
    expect((screen.getByRole('textbox', { name: 'Notice' }) as HTMLInputElement).value).toBe('');
    act(() => today.next(live({ Gali: 'रिजल्ट में देरी' })));
    const item = within(screen.getByRole('list', { name: "Today's notices" })).getByRole('listitem');
    expect(item.textContent).toContain('Gali: रिजल्ट में देरी');
    expect(within(item).getByRole('button', { name: 'Remove the notice of Gali' })).toBeTruthy();
  });

  it('refuses an empty notice, a too long one and no game, with the reason, writing nothing', async () => {
    const { service, setGameNotice } = fake();
    renderAdmin(<GameNoticeForm />, service);
    type('late');
    save();
    await settle();
    expect(said()).toContain('Please select a Sattaname.');
    pick('Gali');
    type('   ');
    save();
    await settle();
    expect(said()).toContain('Please write the notice.');
    type('x'.repeat(61));
    save();
    await settle();
    expect(said()).toContain("The notice is 61 characters long; at most 60 fit in a game's row.");
    await settle();
    expect(setGameNotice).not.toHaveBeenCalled();
  });

  it('removes a notice with its Remove button', async () => {
    const { service, removeGameNotice } = fake({ Disawar: 'Result delayed', Gali: 'रिजल्ट में देरी' });
    renderAdmin(<GameNoticeForm />, service);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the notice of Disawar' }));
    await settle();
    expect(removeGameNotice).toHaveBeenCalledWith('Disawar');
    expect(said()).toContain('Disawar: the notice is removed.');
  });

  it('says what failed; a failed Remove names the game', async () => {
    const { service, setGameNotice, removeGameNotice } = fake({ Gali: 'late' });
    setGameNotice.mockRejectedValueOnce(new DataError('data/invalid-notice', 'Please write the notice.'));
    removeGameNotice.mockRejectedValueOnce(new DataError('data/invalid-notice', 'Refused.'));
    renderAdmin(<GameNoticeForm />, service);
    pick('Disawar');
    type('late');
    save();
    await settle();
    expect(said()).toContain('Please write the notice.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the notice of Gali' }));
    await settle();
    expect(said()).toContain('Refused. — Gali');
  });
});
