import { describe, expect, it } from 'vitest';
import type { Target } from './fanOut.ts';
import { createSubscriptionIndex } from './subscriptionIndex.ts';

describe('subscription index', () => {
  const target = (key: string): Target => ({
    key,
    subscription: { endpoint: `https://push.example/${key}`, keys: { p256dh: 'p', auth: 'a' } },
  });
  const keys = (targets: Target[]) => targets.map((t) => t.key).sort();

  it("gives a result's followers only: every-game subscriptions and the game's own; the rest are never visited", () => {
    const index = createSubscriptionIndex();
    index.put('all', target('all'), null);
    index.put('gali', target('gali'), ['Gali']);
    index.put('both', target('both'), ['Disawer', 'Gali']);
    index.put('none', target('none'), []);
    expect(keys(index.followers('Gali'))).toEqual(['all', 'both', 'gali']);
    expect(keys(index.followers('Disawar'))).toEqual(['all', 'both']);
    expect(keys(index.followers('Agra'))).toEqual(['all']);
    expect(keys(index.all())).toEqual(['all', 'both', 'gali', 'none']);

    index.put('gali', target('gali'), ['Agra']);
    expect(keys(index.followers('Gali'))).toEqual(['all', 'both']);
    expect(keys(index.followers('Agra'))).toEqual(['all', 'gali']);
    index.delete('both');
    expect(keys(index.followers('Disawar'))).toEqual(['all']);
    expect(index.size).toBe(3);
  });
});
