import { useState } from 'react';
import type { SetResultOptions } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { forGame } from '@satta/shared/domain/messages';
import { mayOverwrite } from '../actions/confirmOverwrite.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from './adminData.ts';
import { useTimedMessage } from './useTimedMessage.ts';

/**
 * The publish step both number forms share: ask before replacing a published number, write it,
 * and report the outcome, naming the game, for 3 s. `silent` marks a back-filled result (never pushed). Resolves true once written, so the form clears its input only
 * then and keeps it after a refusal or an error.
 */
export function usePublishNumber() {
  const data = useAdminData();
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  async function publish(
    game: string,
    day: string,
    value: string,
    success: (created: boolean) => string,
    options: SetResultOptions = {},
  ): Promise<boolean> {
    setBusy(true);
    try {
      if (!(await mayOverwrite(data, game, day, value))) return false;
      const result = await data.setResult(game, day, value, options);
      show(forGame(success(result.created), game), 'success', MESSAGE_MS);
      return true;
    } catch (error) {
      show(forGame(errorText(error), game), 'error', MESSAGE_MS);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const refuse = (text: string) => show(text, 'error', MESSAGE_MS);
  return { data, busy, message, publish, refuse };
}
