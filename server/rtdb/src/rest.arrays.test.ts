import { describe, expect, it } from 'vitest';
import { withArrays } from './rest.ts';

describe('REST reads return arrays as Firebase does', () => {
  it.each([
    [{ '0': 'a', '1': 'b' }, ['a', 'b']],
    [{ '0': { '0': 'Gali', '1': '11:10 PM' } }, [['Gali', '11:10 PM']]],
    [{ '0': 'a', '2': 'c' }, ['a', null, 'c']],
    [
      { '0': 'a', '5': 'f' },
      { '0': 'a', '5': 'f' },
    ],
    [{ '01': 'a' }, { '01': 'a' }],
    [{ a: { '0': 1 } }, { a: [1] }],
    ['leaf', 'leaf'],
  ])('%j reads as %j', (stored, answer) => {
    expect(withArrays(stored)).toEqual(answer);
  });
});
