import { describe, expect, it } from 'vitest';
import { xmlText } from './xmlText.ts';

describe('xmlText', () => {
  it.each([
    ['Gali', 'Gali'],
    ['Ga\u0001li\u000B\u000C\u001F', 'Gali'],
    ['a\tb\nc\rd', 'a\tb\nc\rd'],
    ['x\uFFFEy\uFFFF', 'xy'],
    ['lone \uD800 high, lone \uDC00 low', 'lone  high, lone  low'],
    ['गली 😀', 'गली 😀'],
  ])('%j -> %j', (text, expected) => {
    expect(xmlText(text)).toBe(expected);
  });
});
