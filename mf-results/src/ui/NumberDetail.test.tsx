// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberDetail, noteShift } from './NumberDetail.tsx';

describe('noteShift', () => {
  const box = { left: 20, right: 340 };
  it('leaves a note that fits where it is', () => {
    expect(noteShift({ left: 100, right: 240 }, box)).toBe(0);
  });
  it('moves a note cut at the right edge to the left, a small margin inside', () => {
    expect(noteShift({ left: 230, right: 370 }, box)).toBe(-34);
  });
  it('moves a note cut at the left edge to the right', () => {
    expect(noteShift({ left: 0, right: 140 }, box)).toBe(24);
  });
  it('starts a note wider than the room at the left edge', () => {
    expect(noteShift({ left: -50, right: 400 }, box)).toBe(74);
  });
});

describe('NumberDetail', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("keeps the note inside the table's scroll box: the last column's note moves left", () => {
    // A 318 px scroll box at x = 21 (a 360 px phone); the note, centred on a number near its
    // right edge, would reach x = 362.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const [left, width] = this.getAttribute('role') === 'note' ? [222, 140] : this.dataset.box ? [20, 320] : [0, 0];
      return { left, right: left + width, width, top: 0, bottom: 20, height: 20, x: left, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    vi.spyOn(HTMLElement.prototype, 'clientLeft', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.box ? 1 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.box ? 318 : 0;
    });
    render(
      <div data-box="1" style={{ overflowX: 'auto' }}>
        <NumberDetail meta={{ publishedAt: Date.UTC(2026, 2, 15, 6, 51, 30) }} timezone="Asia/Kolkata">
          81
        </NumberDetail>
      </div>,
    );
    const note = screen.getByRole('note', { hidden: true });
    expect(note.style.getPropertyValue('--shift')).toBe('');
    act(() => screen.getByRole('button', { name: '81' }).focus());
    // Right edge 362 -> 335: the box's inner right edge (339) less the margin.
    expect(note.style.getPropertyValue('--shift')).toBe('-27px');
    expect(note.textContent).toBe('प्रकाशित 12:21 PM IST');
    act(() => screen.getByRole('button', { name: '81' }).blur());
    expect(note.hidden).toBe(true);
    expect(note.style.getPropertyValue('--shift')).toBe('');
  });
});
