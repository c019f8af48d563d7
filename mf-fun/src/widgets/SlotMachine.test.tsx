// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SLOT_SYMBOLS } from '@satta/shared/domain/slot';
import SlotMachine from './SlotMachine.tsx';

let counter = 0;
beforeEach(() => {
  vi.useFakeTimers();
  // A counting random source starting past the initial faces: every draw differs from the last, so each tick visibly changes the reels.
  counter = 3;
  vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    if (array instanceof Uint32Array) array[0] = counter++;
    return array;
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'matchMedia');
});

const faces = () => Array.from(document.querySelectorAll('[data-symbol]'), (el) => el.getAttribute('aria-label')).join(',');
const button = () => screen.getByRole('button', { name: /^(Spin|Spinning\.\.\.)$/ }) as HTMLButtonElement;

function reduceMotion() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

describe('SlotMachine', () => {
  it("writes each reel's name under its face, readable where no emoji font exists", () => {
    render(<SlotMachine />);
    for (const reel of screen.getAllByRole('img')) {
      const symbol = SLOT_SYMBOLS.find((s) => s.id === reel.getAttribute('data-symbol'));
      expect(reel.textContent).toBe(`${symbol?.emoji}${symbol?.label}`);
      expect(reel.querySelector('[data-testid="reel-name"]')?.textContent).toBe(symbol?.label);
    }
  });

  it('shows three reels with text labels and an enabled Spin button', () => {
    render(<SlotMachine />);
    const reels = screen.getAllByRole('img');
    expect(reels).toHaveLength(3);
    for (const reel of reels) expect(SLOT_SYMBOLS.map((s) => s.label)).toContain(reel.getAttribute('aria-label'));
    expect(button().textContent).toBe('Spin');
    expect(button().disabled).toBe(false);
    expect(screen.getByText(/no money, no prizes/)).toBeTruthy();
  });

  it('spins for 2000 ms, changing the reels every 100 ms, then returns to idle', () => {
    render(<SlotMachine />);
    fireEvent.click(button());
    expect(button().textContent).toBe('Spinning...');
    expect(button().disabled).toBe(true);

    const seen = [faces()];
    for (let t = 100; t < 2000; t += 100) {
      act(() => vi.advanceTimersByTime(100));
      seen.push(faces());
      expect(button().textContent).toBe('Spinning...');
    }
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).not.toBe(seen[i - 1]);

    act(() => vi.advanceTimersByTime(100));
    expect(button().textContent).toBe('Spin');
    expect(button().disabled).toBe(false);
    const final = faces();
    act(() => vi.advanceTimersByTime(1000));
    expect(faces()).toBe(final);
    expect(screen.getByRole('status').textContent).toBe(`नतीजा (Result): ${final.split(',').join(', ')}`);
  });

  it('ignores clicks while spinning', () => {
    render(<SlotMachine />);
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(500));
    expect(button().textContent).toBe('Spin');
    act(() => vi.advanceTimersByTime(2000));
    expect(button().textContent).toBe('Spin');
  });

  it('with reduced motion holds the reels still and shows the final faces after the same 2000 ms', () => {
    reduceMotion();
    render(<SlotMachine />);
    const before = faces();
    fireEvent.click(button());
    for (let t = 100; t < 2000; t += 100) {
      act(() => vi.advanceTimersByTime(100));
      expect(faces()).toBe(before);
    }
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(button().textContent).toBe('Spin');
    expect(faces()).not.toBe(before);
  });

  it('hands focus back to the button after a keyboard spin', () => {
    render(<SlotMachine />);
    button().focus();
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(2000));
    expect(document.activeElement).toBe(button());
  });

  it('stops its timers when removed mid-spin', () => {
    const { unmount } = render(<SlotMachine />);
    fireEvent.click(button());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
