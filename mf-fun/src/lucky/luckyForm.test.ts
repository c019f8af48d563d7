import { describe, expect, it } from 'vitest';
import {
  INITIAL_LUCKY_FORM,
  birthDateKey,
  birthDateProblem,
  isComplete,
  luckyFormReducer,
  shouldAutoGenerate,
  type LuckyFormState,
} from './luckyForm.ts';

const TODAY = '2026-11-21';
const filled: LuckyFormState = { ...INITIAL_LUCKY_FORM, name: 'Asha', dateOfBirth: '1990-04-12' };

describe('lucky form', () => {
  it.each([
    ['', '', false],
    ['Asha', '', false],
    ['', '1990-04-12', false],
    ['   ', '1990-04-12', false],
    ['आशा', '1990-04-12', true],
    ['Asha', '2099-01-01', false],
    ['Asha', 'soon', false],
  ])('name %j and date %j complete: %s', (name, dateOfBirth, complete) => {
    expect(isComplete({ name, dateOfBirth }, TODAY)).toBe(complete);
  });

  it('opens the modal with the numbers once generated', () => {
    const next = luckyFormReducer(filled, { type: 'generated', numbers: [1, 2, 3, 4, 5] });
    expect(next).toMatchObject({ numbers: [1, 2, 3, 4, 5], modalOpen: true });
    expect(shouldAutoGenerate(next, TODAY)).toBe(false);
  });

  it('editing a field resets the numbers and closes the modal, and then asks for a new draw', () => {
    const generated = luckyFormReducer(filled, { type: 'generated', numbers: [9, 9, 9, 9, 9] });
    const edited = luckyFormReducer(generated, { type: 'edit', field: 'name', value: 'Asha K' });
    expect(edited).toMatchObject({ name: 'Asha K', numbers: null, modalOpen: false });
    expect(shouldAutoGenerate(edited, TODAY)).toBe(true);
  });

  it('does not draw on its own while a field is empty', () => {
    const edited = luckyFormReducer(filled, { type: 'edit', field: 'dateOfBirth', value: '' });
    expect(shouldAutoGenerate(edited, TODAY)).toBe(false);
    expect(shouldAutoGenerate(INITIAL_LUCKY_FORM, TODAY)).toBe(false);
  });

  it('does not draw on its own for a date of birth after today', () => {
    const edited = luckyFormReducer(filled, { type: 'edit', field: 'dateOfBirth', value: '2099-01-01' });
    expect(shouldAutoGenerate(edited, TODAY)).toBe(false);
  });

  it('closing keeps the numbers highlighted and does not draw again', () => {
    const closed = luckyFormReducer(luckyFormReducer(filled, { type: 'generated', numbers: [5, 6, 7, 8, 9] }), {
      type: 'close',
    });
    expect(closed).toMatchObject({ numbers: [5, 6, 7, 8, 9], modalOpen: false });
    expect(shouldAutoGenerate(closed, TODAY)).toBe(false);
  });

  it('marks an attempt with a missing field so its error can show', () => {
    expect(luckyFormReducer(INITIAL_LUCKY_FORM, { type: 'invalidSubmit' }).attempted).toBe(true);
  });
});

describe('date of birth', () => {
  it.each([
    // The date field's value, whatever order its picker shows.
    ['1992-08-15', '1992-08-15'],
    // A browser without a date picker shows a text box: typed day first, as every date on the site.
    ['15-08-1992', '1992-08-15'],
    ['5-8-1992', '1992-08-05'],
    ['01-01-2099', '2099-01-01'],
    ['1992-02-30', null],
    ['08-15-1992', null],
    ['tomorrow', null],
  ])('%j is the day %j', (value, key) => {
    expect(birthDateKey(value)).toBe(key);
  });

  it.each([
    ['', 'missing'],
    ['  ', 'missing'],
    ['31-02-1990', 'invalid'],
    ['2099-01-01', 'future'],
    ['01-01-2099', 'future'],
    // The day after today in the site's zone is the future; today itself is a birthday.
    ['2026-11-22', 'future'],
    ['2026-11-21', null],
    ['21-11-2026', null],
    ['1990-04-12', null],
  ])('%j: %s', (value, problem) => {
    expect(birthDateProblem(value, TODAY)).toBe(problem);
  });
});
