import { describe, expect, it } from 'vitest';
import { parseUndoWindow, readPending } from './undoWindow.ts';

describe('undo window values', () => {
  it.each([
    [0, 0],
    [30, 30],
    [600, 600],
    [601, null],
    [-1, null],
    [2.5, null],
    ['30', null],
    [null, null],
  ])('the stored window %j reads as %j', (stored, seconds) => {
    expect(parseUndoWindow(stored)).toBe(seconds);
  });

  it('reads a pending entry only with a number 00..99 and a numeric sendAt', () => {
    expect(readPending({ number: '42', sendAt: 1_000 })).toEqual({ number: '42', sendAt: 1_000 });
    expect(readPending({ number: '100', sendAt: 1_000 })).toBeNull();
    expect(readPending({ number: '42' })).toBeNull();
    expect(readPending(null)).toBeNull();
  });
});
