import { useCallback, useEffect, useReducer } from 'react';
import { luckyNumbers } from '@satta/shared/domain/lucky';
import { DEFAULT_TIMEZONE, dateKey } from '@satta/shared/domain/siteTime';
import { cryptoRandom } from '../lucky/cryptoRandom.ts';
import { AUTO_GENERATE_DELAY_MS } from '../lucky/luckyTiming.ts';
import { INITIAL_LUCKY_FORM, isComplete, luckyFormReducer, shouldAutoGenerate, type LuckyFormState } from '../lucky/luckyForm.ts';

export interface LuckyForm {
  state: LuckyFormState;
  /** Today's date key in the site's zone: the latest date of birth the form takes. */
  todayKey: string;
  edit: (field: 'name' | 'dateOfBirth', value: string) => void;
  /** Draws at once when both fields are filled and usable; otherwise marks the attempt. Returns whether it drew. */
  submit: () => boolean;
  close: () => void;
}

/**
 * The lucky-number form: manual draws, and a debounced automatic draw after each edit. A date of
 * birth after today, in the site's zone (India's, as every date on the site), draws nothing.
 */
export function useLuckyForm(timezone: string = DEFAULT_TIMEZONE): LuckyForm {
  const [state, dispatch] = useReducer(luckyFormReducer, INITIAL_LUCKY_FORM);
  // Read at each render, and every edit renders: the form never holds yesterday's today.
  const todayKey = dateKey(new Date(), timezone);
  const generate = useCallback(() => dispatch({ type: 'generated', numbers: luckyNumbers(cryptoRandom) }), []);

  const auto = shouldAutoGenerate(state, todayKey);
  useEffect(() => {
    if (!auto) return undefined;
    // Every edit changes name or date, which restarts this wait: only a pause draws.
    const timer = setTimeout(generate, AUTO_GENERATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [auto, state.name, state.dateOfBirth, generate]);

  const edit = useCallback((field: 'name' | 'dateOfBirth', value: string) => dispatch({ type: 'edit', field, value }), []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  const submit = (): boolean => {
    if (!isComplete(state, todayKey)) {
      dispatch({ type: 'invalidSubmit' });
      return false;
    }
    generate();
    return true;
  };
  return { state, todayKey, edit, submit, close };
}
