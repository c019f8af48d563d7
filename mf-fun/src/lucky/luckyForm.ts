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

/** Both fields are required; a name of spaces only is not a name. */
export function isComplete(state: Pick<LuckyFormState, 'name' | 'dateOfBirth'>): boolean {
  return state.name.trim() !== '' && state.dateOfBirth !== '';
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
 * Whether the page should draw on its own: both fields are filled and nothing has been drawn
 * since the last edit (docs/product.md: "once both fields are filled it draws by itself").
 */
export function shouldAutoGenerate(state: LuckyFormState): boolean {
  return state.numbers === null && isComplete(state);
}
