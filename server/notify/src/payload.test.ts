import { describe, expect, it } from 'vitest';
import { correctionPayload, resultPayload } from './payload.ts';

describe('correction payload', () => {
  it("says 'Gali: 97 → 42 (संशोधित)' and replaces the result's notification", () => {
    const first = resultPayload('Gali', '97', '2026-11-21', '/i.png');
    const correction = correctionPayload('Gali', '97', '42', '2026-11-21', '/i.png');
    expect(correction).toEqual({
      kind: 'result',
      title: 'Gali: 97 → 42 (संशोधित)',
      body: 'संशोधित रिज़ल्ट (21-11-2026): Gali — 42 (पहले 97)',
      icon: '/i.png',
      tag: 'result-2026-11-21-Gali',
      url: '/',
      game: 'Gali',
      number: '42',
      date: '2026-11-21',
      was: '97',
    });
    expect(correction.tag).toBe(first.tag);
  });
});
