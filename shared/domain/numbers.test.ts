import { describe, expect, it } from 'vitest';
import { isValidNumberInput, normalizeNumber } from './numbers.ts';

describe('normalizeNumber', () => {
  it.each<[unknown, string | null]>([
    [5, '05'],
    ['5', '05'],
    ['07', '07'],
    [0, '00'],
    ['0', '00'],
    ['00', '00'],
    [-0, '00'],
    [99, '99'],
    ['99', '99'],
    [' 42 ', '42'],
    [10, '10'],
    [100, null],
    ['100', null],
    ['007', null],
    [-1, null],
    ['-1', null],
    ['ab', null],
    ['4a', null],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    [5.5, null],
    ['5.5', null],
    [Number.NaN, null],
    ['Wait...', null],
    ['--', null],
    [{ number: '05' }, null],
    [true, null],
    ['٥', null],
  ])('%j -> %j', (value, expected) => {
    expect(normalizeNumber(value)).toBe(expected);
  });
});

describe('isValidNumberInput', () => {
  it.each([
    ['0', true],
    ['5', true],
    ['05', true],
    ['99', true],
    [' 42 ', true],
    ['100', false],
    ['-1', false],
    ['', false],
    ['4.2', false],
    ['1e1', false],
    ['ab', false],
    ['+5', false],
  ])('%j: %s', (text, valid) => {
    expect(isValidNumberInput(text)).toBe(valid);
  });
});
