// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { AdInfoForm } from './AdInfoForm.tsx';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Update Ad Info' }));

describe('Update Ad Info', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('edits, adds and removes ads and writes the whole object', async () => {
    const { data, commands, streams } = fakeAdminData();
    streams.adInfo.next({
      data: { top: { name: 'Old', time: '01:00 PM' }, gone: { name: 'X', time: '02:00 AM' } },
      stale: false,
      error: null,
    });
    renderAdmin(<AdInfoForm />, data);
    expect((screen.getByLabelText('Ad 1 name') as HTMLInputElement).value).toBe('Old');
    type('Ad 1 name', 'New name');
    fireEvent.click(screen.getByRole('button', { name: 'Remove ad 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add ad' }));
    type('Ad 2 label', 'evening');
    type('Ad 2 name', 'Evening ad');
    type('Ad 2 time', '6:05 pm');
    save();
    await settle();
    expect(commands.setAdInfo).toHaveBeenCalledWith({
      top: { name: 'New name', time: '01:00 PM' },
      evening: { name: 'Evening ad', time: '06:05 PM' },
    });
    expect(screen.getByText('Ad info updated successfully!')).toBeTruthy();
    await advance(3000);
    expect(screen.queryByText('Ad info updated successfully!')).toBeNull();
  });

  it("takes '6 pm' as the game times take it, and writes and shows it as '06:00 PM'", async () => {
    const { data, commands, streams } = fakeAdminData();
    renderAdmin(<AdInfoForm />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Add ad' }));
    type('Ad 1 label', 'evening');
    type('Ad 1 name', 'Evening ad');
    type('Ad 1 time', '6 pm');
    save();
    await settle();
    expect(commands.setAdInfo).toHaveBeenCalledWith({ evening: { name: 'Evening ad', time: '06:00 PM' } });
    expect(screen.getByText('Ad info updated successfully!')).toBeTruthy();
    // A time stored before times were written one way is shown the one way too.
    streams.adInfo.next({ data: { evening: { name: 'Evening ad', time: '6:00 pm' } }, stale: false, error: null });
    await settle();
    expect((screen.getByLabelText('Ad 1 time') as HTMLInputElement).value).toBe('06:00 PM');
  });

  it("refuses an ad time that is not a draw time ('25:99 XM'), with the HH:MM AM/PM hint", async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<AdInfoForm />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Add ad' }));
    type('Ad 1 label', 'top');
    type('Ad 1 name', 'Evening ad');
    type('Ad 1 time', '25:99 XM');
    expect(screen.getByLabelText('Ad 1 time').getAttribute('placeholder')).toBe('HH:MM AM/PM');
    save();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Ad "top" time must be in HH:MM AM/PM format, for example 02:00 PM.');
    expect(commands.setAdInfo).not.toHaveBeenCalled();
  });

  it('refuses an incomplete ad and a repeated label', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<AdInfoForm />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Add ad' }));
    type('Ad 1 label', 'top');
    save();
    await settle();
    expect(screen.getByText('Ad "top" needs a name and a time.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add ad' }));
    type('Ad 2 label', 'top');
    save();
    await settle();
    expect(screen.getByText('The ad label "top" is used twice.')).toBeTruthy();
    expect(commands.setAdInfo).not.toHaveBeenCalled();
  });

  it('shows the error for 3 s and keeps the rows when the save fails', async () => {
    const { data, commands } = fakeAdminData();
    commands.setAdInfo.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    renderAdmin(<AdInfoForm />, data);
    fireEvent.click(screen.getByRole('button', { name: 'Add ad' }));
    type('Ad 1 label', 'top');
    type('Ad 1 name', 'Top');
    type('Ad 1 time', '10:00 AM');
    save();
    await settle();
    expect(screen.getByText('You are not allowed to make this change; sign in again as the admin.')).toBeTruthy();
    expect((screen.getByLabelText('Ad 1 time') as HTMLInputElement).value).toBe('10:00 AM');
    await advance(3000);
    expect(screen.queryByText('You are not allowed to make this change; sign in again as the admin.')).toBeNull();
  });
  it('stays shut with "Loading..." until the ads arrive, so an added ad cannot save over them', () => {
    const { data, streams } = fakeAdminData();
    streams.adInfo.next({ data: undefined, stale: true, error: null });
    renderAdmin(<AdInfoForm />, data);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('No ads yet.')).toBeNull();
    expect((screen.getByRole('button', { name: 'Add ad' }) as HTMLButtonElement).matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Update Ad Info' }) as HTMLButtonElement).matches(':disabled')).toBe(true);
    act(() => streams.adInfo.next({ data: { Morning: { name: 'Gali ad', time: '11:00 AM' } }, stale: false, error: null }));
    expect(screen.queryByText('Loading...')).toBeNull();
    expect((screen.getByLabelText('Ad 1 name') as HTMLInputElement).value).toBe('Gali ad');
    expect((screen.getByLabelText('Ad 1 name') as HTMLInputElement).matches(':disabled')).toBe(false);
    expect((screen.getByRole('button', { name: 'Add ad' }) as HTMLButtonElement).matches(':disabled')).toBe(false);
  });
});
