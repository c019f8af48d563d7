import { unbiasedRandomInt } from '@satta/shared/domain/lucky';

/** A uniform integer in [0, maxExclusive) from the browser's cryptographic source, without modulo bias. */
export function cryptoRandom(maxExclusive: number): number {
  return unbiasedRandomInt(maxExclusive, (buf) => {
    crypto.getRandomValues(buf);
  });
}
