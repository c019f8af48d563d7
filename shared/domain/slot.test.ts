import { describe, expect, it } from 'vitest';
import { REEL_COUNT, SLOT_SYMBOLS, SPIN_MS, SPIN_TICK_MS, spinReels } from './slot.ts';

describe('slot machine', () => {
  it.each([
    [0, 'cherry', '🍒', 'Cherry'],
    [1, 'lemon', '🍋', 'Lemon'],
    [2, 'orange', '🍊', 'Orange'],
    [3, 'grape', '🍇', 'Grape'],
    [4, 'watermelon', '🍉', 'Watermelon'],
    [5, 'bell', '🔔', 'Bell'],
    [6, 'gem', '💎', 'Gem'],
    [7, 'fire', '🔥', 'Fire'],
  ])('symbol %i is %s %s', (i, id, emoji, label) => {
    expect(SLOT_SYMBOLS[i]).toEqual({ id, emoji, label });
  });

  it('has 8 symbols, 3 reels, a 2000 ms spin of 100 ms ticks', () => {
    expect(SLOT_SYMBOLS).toHaveLength(8);
    expect(REEL_COUNT).toBe(3);
    expect(SPIN_MS).toBe(2000);
    expect(SPIN_TICK_MS).toBe(100);
    expect(SPIN_MS / SPIN_TICK_MS).toBe(20);
  });

  it.each<[number[], string[]]>([
    [
      [0, 0, 0],
      ['cherry', 'cherry', 'cherry'],
    ],
    [
      [7, 3, 5],
      ['fire', 'grape', 'bell'],
    ],
  ])('a spin drawing %j shows %j', (draws, ids) => {
    let i = 0;
    const asked: number[] = [];
    const reels = spinReels((max) => {
      asked.push(max);
      return draws[i++] ?? 0;
    });
    expect(reels.map((s) => s.id)).toEqual(ids);
    expect(asked).toEqual([8, 8, 8]);
  });

  it.each([[8], [-1], [0.5]])('rejects a draw of %d', (draw) => {
    expect(() => spinReels(() => draw)).toThrow(RangeError);
  });
});
