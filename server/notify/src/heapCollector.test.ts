import { describe, expect, it } from 'vitest';
import { heapCollector } from './heapCollector.ts';

describe('heap collector', () => {
  it('asks for a full collection once per `everyMessages` messages settled', () => {
    const collector = heapCollector(3);
    for (let i = 0; i < 7; i += 1) collector.count(1);
    expect(collector.collections).toBe(2);
    collector.count(2);
    expect(collector.collections).toBe(3);
    // At once (after the list is loaded), and the count of messages goes on.
    collector.collect();
    expect(collector.collections).toBe(4);
  });
});
