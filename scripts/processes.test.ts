import { describe, expect, it } from 'vitest';
import { freePort } from './processes.ts';

describe('freePort', () => {
  it('never hands out the same port twice while it may still be unbound', async () => {
    // 300 random picks among 12,000 ports would repeat one with near certainty (birthday bound)
    // without the reservations that the stack's parallel starts rely on.
    const ports: number[] = [];
    for (let i = 0; i < 300; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(300);
    for (const port of ports) expect(port >= 20_000 && port < 32_000).toBe(true);
  });
});
