/**
 * Push ids for REST POST, in the format the SDK's push() makes: 8 characters of timestamp and 12 random
 * ones from an alphabet that sorts like the timestamps, so ids sort by creation time.
 */
import { randomInt } from 'node:crypto';

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastTime = 0;
const lastRandom: number[] = [];

export function nextPushId(now: number = Date.now()): string {
  const sameMs = now === lastTime;
  lastTime = now;
  let time = '';
  for (let i = 0, t = now; i < 8; i++, t = Math.floor(t / 64)) time = PUSH_CHARS.charAt(t % 64) + time;
  if (!sameMs) {
    for (let i = 0; i < 12; i++) lastRandom[i] = randomInt(64);
  } else {
    // Same millisecond: increment the random part so ids stay unique and ordered.
    let i = 11;
    while (i >= 0 && lastRandom[i] === 63) lastRandom[i--] = 0;
    if (i >= 0) lastRandom[i] = (lastRandom[i] as number) + 1;
  }
  return time + lastRandom.map((n) => PUSH_CHARS.charAt(n)).join('');
}
