// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import LuckyNumberPage from './LuckyNumberPage.tsx';
import { AUTO_GENERATE_DELAY_MS } from '../lucky/luckyTiming.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const dobInput = () => screen.getByLabelText('Date of Birth') as HTMLInputElement;
const generate = () => screen.getByRole('button', { name: 'Generate Lucky Numbers' });
const dialog = () => screen.queryByRole('dialog', { name: 'Lucky Numbers' });
const shownNumbers = () =>
  within(screen.getByRole('dialog', { name: 'Lucky Numbers' }))
    .getAllByRole('listitem')
    .map((li) => Number(li.textContent));
const highlighted = () => Array.from(document.querySelectorAll('[data-lucky="true"]'), (li) => Number(li.textContent?.slice(0, 2)));

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** Makes crypto.getRandomValues yield the given draws (0-based) one after another. */
function scriptRandom(draws: number[]) {
  const queue = [...draws];
  vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    if (array instanceof Uint32Array) array[0] = queue.shift() ?? 0;
    return array;
  });
}

describe('LuckyNumberPage', () => {
  it('shows the form, the button and the 0-99 grid with nothing highlighted', () => {
    render(<LuckyNumberPage />);
    expect(nameInput().required).toBe(true);
    expect(dobInput().required).toBe(true);
    expect(dobInput().type).toBe('date');
    expect(generate()).toBeTruthy();
    const cells = within(screen.getByRole('list', { name: /0 से 99/ })).getAllByRole('listitem');
    expect(cells.map((c) => c.textContent)).toEqual(Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')));
    expect(highlighted()).toEqual([]);
  });

  it('requires both fields: an empty submit shows errors, focuses the name and opens nothing', () => {
    render(<LuckyNumberPage />);
    fireEvent.click(generate());
    expect(dialog()).toBeNull();
    expect(screen.getByText(/Name is required/)).toBeTruthy();
    expect(screen.getByText(/Date of Birth is required/)).toBeTruthy();
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nameInput());
    act(() => vi.advanceTimersByTime(5000));
    expect(dialog()).toBeNull();
  });

  it('generates five numbers from 1 to 90 from crypto, lists them in the modal and highlights them', () => {
    scriptRandom([0, 89, 41, 41, 6]);
    render(<LuckyNumberPage />);
    type(nameInput(), 'राहुल');
    type(dobInput(), '1992-08-15');
    fireEvent.click(generate());
    expect(shownNumbers()).toEqual([1, 90, 42, 42, 7]);
    expect(highlighted()).toEqual([1, 7, 42, 90]);
    const grid = within(screen.getByRole('list', { name: /0 से 99/ }));
    expect(grid.getByText('42').textContent).toMatch(/लकी नंबर ×2/);
  });

  it('closes with Escape or the close button, returning focus, and keeps the highlight', () => {
    render(<LuckyNumberPage />);
    type(nameInput(), 'Asha');
    type(dobInput(), '1990-01-01');
    const button = generate();
    button.focus();
    fireEvent.click(button);
    const modal = screen.getByRole('dialog', { name: 'Lucky Numbers' });
    expect(modal.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement ?? modal, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(highlighted().length).toBeGreaterThan(0);

    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
  });

  it('keeps Tab inside the modal', () => {
    render(<LuckyNumberPage />);
    type(nameInput(), 'Asha');
    type(dobInput(), '1990-01-01');
    fireEvent.click(generate());
    const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab' });
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('draws on its own once both fields are filled, but only after typing pauses', () => {
    render(<LuckyNumberPage />);
    type(dobInput(), '1985-03-09');
    for (const partial of ['S', 'Su', 'Sun', 'Suni', 'Sunil']) {
      type(nameInput(), partial);
      act(() => vi.advanceTimersByTime(AUTO_GENERATE_DELAY_MS / 4));
      expect(dialog()).toBeNull();
    }
    act(() => vi.advanceTimersByTime(AUTO_GENERATE_DELAY_MS));
    expect(shownNumbers()).toHaveLength(5);
  });

  it('editing a field resets the numbers, then regenerates and reopens the modal', () => {
    scriptRandom([10, 11, 12, 13, 14, 20, 21, 22, 23, 24]);
    render(<LuckyNumberPage />);
    type(nameInput(), 'Asha');
    type(dobInput(), '1990-01-01');
    fireEvent.click(generate());
    expect(shownNumbers()).toEqual([11, 12, 13, 14, 15]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    type(dobInput(), '1990-01-02');
    expect(dialog()).toBeNull();
    expect(highlighted()).toEqual([]);
    act(() => vi.advanceTimersByTime(AUTO_GENERATE_DELAY_MS));
    expect(shownNumbers()).toEqual([21, 22, 23, 24, 25]);
    expect(highlighted()).toEqual([21, 22, 23, 24, 25]);
  });

  it('refuses a date of birth in the future at once, draws nothing, and draws again once it is fixed', () => {
    render(<LuckyNumberPage />);
    type(nameInput(), 'Asha');
    type(dobInput(), '2099-01-01');
    const error = 'जन्म तिथि भविष्य की नहीं हो सकती (Date of Birth cannot be in the future)';
    expect(screen.getByRole('alert').textContent).toBe(error);
    expect(dobInput().getAttribute('aria-invalid')).toBe('true');
    act(() => vi.advanceTimersByTime(AUTO_GENERATE_DELAY_MS * 3));
    expect(dialog()).toBeNull();
    fireEvent.click(generate());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(dobInput());

    type(dobInput(), '1999-01-01');
    expect(screen.queryByText(error)).toBeNull();
    act(() => vi.advanceTimersByTime(AUTO_GENERATE_DELAY_MS));
    expect(shownNumbers()).toHaveLength(5);
  });

  it('takes today in India as the latest date of birth, and offers no later day in the picker', () => {
    // 20:00 UTC on 21 November is already 01:30 on 22 November in India.
    vi.setSystemTime(new Date('2026-11-21T20:00:00Z'));
    render(<LuckyNumberPage />);
    expect(dobInput().max).toBe('2026-11-22');
    type(nameInput(), 'Asha');
    type(dobInput(), '2026-11-22');
    expect(screen.queryByRole('alert')).toBeNull();
    type(dobInput(), '2026-11-23');
    expect(screen.getByRole('alert').textContent).toBe('जन्म तिथि भविष्य की नहीं हो सकती (Date of Birth cannot be in the future)');
  });

  it('does not draw on its own when a field is cleared', () => {
    render(<LuckyNumberPage />);
    type(nameInput(), 'Asha');
    type(dobInput(), '1990-01-01');
    type(nameInput(), '');
    act(() => vi.advanceTimersByTime(AUTO_GENERATE_DELAY_MS * 3));
    expect(dialog()).toBeNull();
  });
});
