export interface SlotSymbol {
  id: string;
  emoji: string;
  label: string;
}

export const SLOT_SYMBOLS: readonly SlotSymbol[] = [
  { id: 'cherry', emoji: '🍒', label: 'Cherry' },
  { id: 'lemon', emoji: '🍋', label: 'Lemon' },
  { id: 'orange', emoji: '🍊', label: 'Orange' },
  { id: 'grape', emoji: '🍇', label: 'Grape' },
  { id: 'watermelon', emoji: '🍉', label: 'Watermelon' },
  { id: 'bell', emoji: '🔔', label: 'Bell' },
  { id: 'gem', emoji: '💎', label: 'Gem' },
  { id: 'fire', emoji: '🔥', label: 'Fire' },
];

export const SPIN_MS = 2000;
export const SPIN_TICK_MS = 100;
export const REEL_COUNT = 3;

/** One face per reel, e.g. for each tick of a spin and for where it stops. */
export function spinReels(random: (maxExclusive: number) => number, reels: number = REEL_COUNT): SlotSymbol[] {
  return Array.from({ length: reels }, () => {
    const symbol = SLOT_SYMBOLS[random(SLOT_SYMBOLS.length)];
    if (!symbol) throw new RangeError(`random(${SLOT_SYMBOLS.length}) returned an index outside the reel`);
    return symbol;
  });
}
