import { describe, expect, it } from 'vitest';
import { formatGameTime, normalizeTimeInput, parseGameTime } from './time.ts';

describe('parseGameTime', () => {
  it.each([
    ['12:20 PM', 740],
    ['12:20pm', 740],
    ['12:30 PM', 750],
    ['02:00am', 120],
    ['2:00 am', 120],
    [' 9:30 PM ', 1290],
    ['12:00 AM', 0],
    ['12:59 AM', 59],
    ['01:00 AM', 60],
    ['11:59 PM', 1439],
    ['11:30 PM', 1410],
    ['3:00 P.M.', 900],
    ['10:25PM', 1345],
    ['06:00 pM', 1080],
    // A whole hour may be typed without its minutes.
    ['6 pm', 1080],
    ['6pm', 1080],
    ['6 PM', 1080],
    ['12 am', 0],
    ['12 P.M.', 720],
    ['9:05 pm', 1265],
  ])('%j -> %i minutes after midnight', (text, minutes) => {
    expect(parseGameTime(text)).toBe(minutes);
  });

  it.each([
    [''],
    ['   '],
    ['25:00 PM'],
    ['12:60 AM'],
    ['13:00 PM'],
    ['00:30 AM'],
    ['abc'],
    ['12:20'],
    ['14:00'],
    // A 24-hour time, or one without AM/PM, is not guessed: the specification reads a 12-hour clock.
    ['21:05'],
    ['9:05'],
    ['6'],
    ['0 am'],
    ['13 pm'],
    ['6 : 00 pm'],
    ['6.30 pm'],
    ['12:5 PM'],
    ['123:00 PM'],
    ['12:20 XM'],
    ['12:20 PM extra'],
    ['-1:00 AM'],
    [null],
    [undefined],
  ])('%j is not a time', (text) => {
    expect(parseGameTime(text)).toBeNull();
  });
});

describe('formatGameTime', () => {
  it.each([
    [0, '12:00 AM'],
    [59, '12:59 AM'],
    [120, '02:00 AM'],
    [720, '12:00 PM'],
    [740, '12:20 PM'],
    [780, '01:00 PM'],
    [1290, '09:30 PM'],
    [1439, '11:59 PM'],
    [1440, '12:00 AM'],
    [-60, '11:00 PM'],
  ])('%i -> %s', (minutes, text) => {
    expect(formatGameTime(minutes)).toBe(text);
  });

  it.each([[1.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %d', (minutes) => {
    expect(() => formatGameTime(minutes)).toThrow(RangeError);
  });

  it('round-trips every minute of the day', () => {
    for (let m = 0; m < 1440; m += 1) expect(parseGameTime(formatGameTime(m))).toBe(m);
  });
});

describe('normalizeTimeInput', () => {
  it.each([
    ['2:00pm', '02:00 PM'],
    [' 12:20 pm ', '12:20 PM'],
    ['02:00 AM', '02:00 AM'],
    ['9:05am', '09:05 AM'],
    ['12:00 am', '12:00 AM'],
    ['6 pm', '06:00 PM'],
    ['6:00 PM', '06:00 PM'],
    ['9:05 pm', '09:05 PM'],
    ['21:05', null],
    ['13:00 PM', null],
    ['', null],
    ['soon', null],
    [null, null],
  ])('%j -> %j', (text, expected) => {
    expect(normalizeTimeInput(text)).toBe(expected);
  });
});
