import { useCallback, useEffect, useRef, useState } from 'react';
import { REEL_COUNT, SLOT_SYMBOLS, SPIN_MS, SPIN_TICK_MS, spinReels, type SlotSymbol } from '@satta/shared/domain/slot';
import { cryptoRandom } from '../lucky/cryptoRandom.ts';

export interface SlotMachineState {
  reels: readonly SlotSymbol[];
  spinning: boolean;
  /** how many spins have finished; 0 before the first */
  spins: number;
  spin: () => void;
}

const INITIAL_REELS = SLOT_SYMBOLS.slice(0, REEL_COUNT);

/**
 * Idle, then spinning for SPIN_MS with new faces every SPIN_TICK_MS, then idle on the final faces.
 * With `reducedMotion` the faces hold still and the final ones appear after the same SPIN_MS.
 */
export function useSlotMachine(reducedMotion: boolean): SlotMachineState {
  const [reels, setReels] = useState<readonly SlotSymbol[]>(INITIAL_REELS);
  const [spinning, setSpinning] = useState(false);
  const [spins, setSpins] = useState(0);
  const busy = useRef(false);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; stop?: ReturnType<typeof setTimeout> }>({});

  const clearTimers = useCallback(() => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.stop);
    timers.current = {};
  }, []);

  useEffect(() => clearTimers, [clearTimers]);

  const spin = useCallback(() => {
    // A double click within one render would otherwise start two overlapping spins.
    if (busy.current) return;
    busy.current = true;
    setSpinning(true);
    if (!reducedMotion) timers.current.tick = setInterval(() => setReels(spinReels(cryptoRandom)), SPIN_TICK_MS);
    timers.current.stop = setTimeout(() => {
      clearTimers();
      busy.current = false;
      setReels(spinReels(cryptoRandom));
      setSpinning(false);
      setSpins((n) => n + 1);
    }, SPIN_MS);
  }, [reducedMotion, clearTimers]);

  return { reels, spinning, spins, spin };
}
