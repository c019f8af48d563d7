import { isDateKey, parseDisplayDate } from '@satta/shared/domain/siteTime';

/** The lucky-number form as a pure state machine (docs/product.md, Lucky number page). */
export interface LuckyFormState {
  name: string;
  dateOfBirth: string;
  /** null until generated; editing a field sets it back to null */
  numbers: readonly number[] | null;
  modalOpen: boolean;
  /** set by a submit with a missing field, so the field errors show only after an attempt */
  attempted: boolean;
}

export type LuckyFormAction =
  | { type: 'edit'; field: 'name' | 'dateOfBirth'; value: string }
  | { type: 'generated'; numbers: readonly number[] }
  | { type: 'invalidSubmit' }
  | { type: 'close' };

export const INITIAL_LUCKY_FORM: LuckyFormState = {
  name: '',
  dateOfBirth: '',
  numbers: null,
  modalOpen: false,
  attempted: false,
};

/** Why a date of birth cannot be used: not filled, not a date, or a day after today. */
export type BirthDateProblem = 'missing' | 'invalid' | 'future';

/**
 * The date key of a date of birth, or null. The date field gives the browser's 'YYYY-MM-DD'
 * whatever its picker shows; a browser without a date picker shows a text box instead, where the
 * date is typed day first ('15-08-1992', '5-8-1992'), as every typed date on the site is read.
 */
export function birthDateKey(value: string): string | null {
  const text = value.trim();
  return isDateKey(text) ? text : parseDisplayDate(text);
}

/**
 * What is wrong with a date of birth, or null when it will do. Nobody is born after today
 * (todayKey, the date key of today in the site's zone): '2099-01-01' is refused.
 */
export function birthDateProblem(value: string, todayKey: string): BirthDateProblem | null {
  if (value.trim() === '') return 'missing';
  const key = birthDateKey(value);
  if (key === null) return 'invalid';
  // Keys are fixed-width, so text order is date order.
  return key > todayKey ? 'future' : null;
}

/** Both fields are required and usable: a name of spaces only is not a name, nor a future day a birth date. */
export function isComplete(state: Pick<LuckyFormState, 'name' | 'dateOfBirth'>, todayKey: string): boolean {
  return state.name.trim() !== '' && birthDateProblem(state.dateOfBirth, todayKey) === null;
}

export function luckyFormReducer(state: LuckyFormState, action: LuckyFormAction): LuckyFormState {
  switch (action.type) {
    case 'edit':
      return { ...state, [action.field]: action.value, numbers: null, modalOpen: false };
    case 'generated':
      return { ...state, numbers: action.numbers, modalOpen: true, attempted: false };
    case 'invalidSubmit':
      return { ...state, attempted: true };
    case 'close':
      return { ...state, modalOpen: false };
  }
}

/**
 * Whether the page should draw on its own: both fields are filled (and the date is not after
 * today) and nothing has been drawn since the last edit (docs/product.md: "once both fields are filled it draws by itself").
 */
export function shouldAutoGenerate(state: LuckyFormState, todayKey: string): boolean {
  return state.numbers === null && isComplete(state, todayKey);
}
