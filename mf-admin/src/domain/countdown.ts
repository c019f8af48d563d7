/** Whole seconds left until `sendAt` (ms), at least 1 while the undo window is open. */
export const secondsLeftOf = (sendAt: number, now: number): number => Math.max(1, Math.ceil((sendAt - now) / 1000));
