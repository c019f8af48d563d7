// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin, settle } from '../test/renderAdmin.tsx';
import { fakeAdminData } from '../test/fakeAdminData.ts';
import { UndoWindowForm } from './UndoWindowForm.tsx';

const LABEL = 'Seconds before a published number is pushed (0 = at once)';
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Undo Window' }));

describe('Undo Window setting', () => {
  it('shows the stored window and saves a new one', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<UndoWindowForm />, data);
    const input = screen.getByLabelText(LABEL) as HTMLInputElement;
    expect(input.value).toBe('30');
    fireEvent.change(input, { target: { value: '45' } });
    save();
    await settle();
    expect(commands.setUndoWindow).toHaveBeenCalledWith(45);
    expect(screen.getByText('Undo window set to 45 s.')).toBeTruthy();
  });

  it('accepts 0: notifications go out at once', async () => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<UndoWindowForm />, data);
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '0' } });
    save();
    await settle();
    expect(commands.setUndoWindow).toHaveBeenCalledWith(0);
    expect(screen.getByText('Undo window off: notifications go out as soon as a number is published.')).toBeTruthy();
  });

  it.each(['', '601', '-1', '2.5', 'abc'])('refuses %j with the rule and writes nothing', async (typed) => {
    const { data, commands } = fakeAdminData();
    renderAdmin(<UndoWindowForm />, data);
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: typed } });
    save();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of seconds from 0 to 600.');
    expect(commands.setUndoWindow).not.toHaveBeenCalled();
  });
});
