import { describe, expect, it } from 'vitest';
import { SECONDS, shardOf } from './e2eShards.ts';

describe('the end-to-end shards', () => {
  it('puts every file in one shard, the longest first to the emptiest; a new file counts as the median', () => {
    // Median of 20, 30, 60, 100: 60. Order a 100, b 60, new 60, c 30, d 20.
    const shards = shardOf(['a', 'b', 'c', 'd', 'new'], 2, { a: 100, b: 60, c: 30, d: 20 });
    expect(Object.fromEntries(shards)).toEqual({ a: 0, b: 1, new: 1, c: 0, d: 1 });
  });

  it('gives the measured files two shards within half a minute of each other', () => {
    const shards = shardOf(Object.keys(SECONDS), 2);
    expect(shards.size).toBe(35);
    const load = [0, 0];
    for (const [path, shard] of shards) load[shard] = (load[shard] ?? 0) + (SECONDS[path] ?? 0);
    expect(Math.abs((load[0] ?? 0) - (load[1] ?? 0))).toBeLessThan(30);
    expect(shards.get('e2e/tests/returning-visitor.e2e.ts')).toBe(0);
  });
});
