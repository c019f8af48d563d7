import { describe, expect, it } from 'vitest';
import { xmlText, xmlTextDeep } from './xmlText.ts';

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

describe('xmlTextDeep', () => {
  it('cleans every string of a record, in arrays and nested objects, keys included', () => {
    expect(
      xmlTextDeep({
        name: 'Ramesh\u0001 भाई',
        payment: 'UPI\nपेटीएम\uFFFE',
        customTimings: [['Ga\u0001li', '11:30 PM\u000B']],
        customRates: { jodi: '10-----960', haruf: '100\uFFFF' },
        'Morning\uFFFE': { name: 'Gali ad', time: '11:00 AM' },
      }),
    ).toEqual({
      name: 'Ramesh भाई',
      payment: 'UPI\nपेटीएम',
      customTimings: [['Gali', '11:30 PM']],
      customRates: { jodi: '10-----960', haruf: '100' },
      Morning: { name: 'Gali ad', time: '11:00 AM' },
    });
  });

  it('leaves what is not text as it is: numbers, booleans, null, undefined, a server timestamp', () => {
    expect(xmlTextDeep({ place: 11, silent: true, was: null, phone2: undefined, updatedAt: { '.sv': 'timestamp' } })).toEqual({
      place: 11,
      silent: true,
      was: null,
      phone2: undefined,
      updatedAt: { '.sv': 'timestamp' },
    });
    expect(xmlTextDeep(null)).toBeNull();
    expect(xmlTextDeep(42)).toBe(42);
  });

  it('does not change the value it is given', () => {
    const info = { notice: 'सूचना\u0001' };
    expect(xmlTextDeep(info)).toEqual({ notice: 'सूचना' });
    expect(info).toEqual({ notice: 'सूचना\u0001' });
  });
});
