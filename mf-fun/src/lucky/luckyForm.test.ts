import { describe, expect, it } from 'vitest';
import { INITIAL_LUCKY_FORM, isComplete, luckyFormReducer, shouldAutoGenerate, type LuckyFormState } from './luckyForm.ts';

const filled: LuckyFormState = { ...INITIAL_LUCKY_FORM, name: 'Asha', dateOfBirth: '1990-04-12' };

describe('lucky form', () => {
  it.each([
    ['', '', false],
    ['Asha', '', false],
    ['', '1990-04-12', false],
    ['   ', '1990-04-12', false],
    ['आशा', '1990-04-12', true],
  ])('name %j and date %j complete: %s', (name, dateOfBirth, complete) => {
    expect(isComplete({ name, dateOfBirth })).toBe(complete);
  });

  it('opens the modal with the numbers once generated', () => {
    const next = luckyFormReducer(filled, { type: 'generated', numbers: [1, 2, 3, 4, 5] });
    expect(next).toMatchObject({ numbers: [1, 2, 3, 4, 5], modalOpen: true });
    expect(shouldAutoGenerate(next)).toBe(false);
  });

  it('editing a field resets the numbers and closes the modal, and then asks for a new draw', () => {
    const generated = luckyFormReducer(filled, { type: 'generated', numbers: [9, 9, 9, 9, 9] });
    const edited = luckyFormReducer(generated, { type: 'edit', field: 'name', value: 'Asha K' });
    expect(edited).toMatchObject({ name: 'Asha K', numbers: null, modalOpen: false });
    expect(shouldAutoGenerate(edited)).toBe(true);
  });

  it('does not draw on its own while a field is empty', () => {
    const edited = luckyFormReducer(filled, { type: 'edit', field: 'dateOfBirth', value: '' });
    expect(shouldAutoGenerate(edited)).toBe(false);
    expect(shouldAutoGenerate(INITIAL_LUCKY_FORM)).toBe(false);
  });

  it('closing keeps the numbers highlighted and does not draw again', () => {
    const closed = luckyFormReducer(luckyFormReducer(filled, { type: 'generated', numbers: [5, 6, 7, 8, 9] }), {
      type: 'close',
    });
    expect(closed).toMatchObject({ numbers: [5, 6, 7, 8, 9], modalOpen: false });
    expect(shouldAutoGenerate(closed)).toBe(false);
  });

  it('marks an attempt with a missing field so its error can show', () => {
    expect(luckyFormReducer(INITIAL_LUCKY_FORM, { type: 'invalidSubmit' }).attempted).toBe(true);
  });
});
