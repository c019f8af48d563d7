import { useState } from 'react';
import type { SetResultOptions, WriteResult } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import {
  NEW_OBJECT_CREATED_TODAY,
  NUMBER_UPDATED_TODAY,
  forGame,
  newDataCreatedFor,
  numberUpdatedFor,
} from '@satta/shared/domain/messages';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import { validateTodayNumber } from '@satta/shared/domain/validation';
import { mayOverwrite } from '../actions/confirmOverwrite.ts';
import { DONE_PUBLISHED, NO_CONNECTION, replacedMeanwhile, writeLabelResult } from '../domain/adminMessages.ts';
import { errorText } from '../domain/errorText.ts';
import { dayMonth, useAdminWrites, type AdminData } from './adminData.ts';
import { WRITE_ACK_MS, WritePendingError, type PendingWrites } from './pendingWrites.ts';
import { useWriteMessage } from './useWriteMessage.ts';

/** The published number could not be read (no connection, or no answer in time). */
const UNKNOWN = Symbol('unknown');
type Published = string | null | typeof UNKNOWN;

/**
 * The number published now, for the question before replacing it; UNKNOWN without a connection
 * or an answer within WRITE_ACK_MS (the client waits for the connection to answer a read, so an
 * offline read would hang the form).
 */
async function publishedNow(direct: AdminData, writes: PendingWrites, game: string, day: string): Promise<Published> {
  if (!writes.isConnected()) return UNKNOWN;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof UNKNOWN>((resolve) => (timer = setTimeout(() => resolve(UNKNOWN), WRITE_ACK_MS)));
  try {
    return await Promise.race([direct.getResult(game, day), late]);
  } catch (error) {
    if (errorText(error) === NO_CONNECTION) return UNKNOWN;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Numbers this dashboard has had confirmed, by `game/day`: its own later writes may replace them. */
const confirmedHere = new WeakMap<PendingWrites, Map<string, string>>();

/**
 * The write itself. When the admin was not asked (the number could not be read) or the write was
 * held (the number may have changed meanwhile), it first reads the number again and publishes
 * only over none, the same, the one the admin agreed to replace, or one this dashboard
 * published: a different number is never replaced without the question.
 */
async function publishChecked(
  direct: AdminData,
  writes: PendingWrites,
  write: { game: string; day: string; value: string; seen: Published; waited: boolean; options: SetResultOptions },
): Promise<WriteResult> {
  const { game, day, value, seen, options } = write;
  const slot = `${game}/${day}`;
  const mine = confirmedHere.get(writes) ?? new Map<string, string>();
  confirmedHere.set(writes, mine);
  if (seen === UNKNOWN || write.waited) {
    const now = await direct.getResult(game, day);
    if (now !== null && now !== value && now !== seen && now !== mine.get(slot)) {
      throw new Error(replacedMeanwhile(game, formatDisplayDate(day), now, value));
    }
  }
  const result = await direct.setResult(game, day, value, options);
  mine.set(slot, value);
  return result;
}

/**
 * What a publish of the latest result says: for today 'New object created for today with updated
 * number!' or 'Number updated successfully for today!', for another day (an evening draw filed
 * under yesterday) the same with its date.
 */
function resultDaySuccess(day: string, today: string): (created: boolean) => string {
  return (created) =>
    day === today ? (created ? NEW_OBJECT_CREATED_TODAY : NUMBER_UPDATED_TODAY) : created ? newDataCreatedFor(day) : numberUpdatedFor(day);
}

/**
 * The publish step both number forms share: ask before replacing a published number, write it,
 * and report the outcome, naming the game, for 3 s. `silent` marks a back-filled result (never
 * pushed). Resolves true once written, or once the write is in the list of pending changes (no
 * answer within WRITE_ACK_MS: the form is free again and says so), so the form clears its input
 * only then and keeps it after a refusal or an error.
 */
export function usePublishNumber() {
  const { data, writes, direct } = useAdminWrites();
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();

  async function publish(
    game: string,
    day: string,
    value: string,
    success: (created: boolean) => string,
    options: SetResultOptions = {},
  ): Promise<boolean> {
    setBusy(true);
    try {
      let seen: Published = UNKNOWN;
      // A number that could not be read is none to ask about; publishChecked reads it when sending.
      const reader = {
        getResult: async (g: string, d: string) => {
          seen = await publishedNow(direct, writes, g, d);
          return seen === UNKNOWN ? null : seen;
        },
      };
      if (!(await mayOverwrite(reader, game, day, value))) return false;
      const result = await writes.submit({ label: writeLabelResult(game, dayMonth(day), value), done: DONE_PUBLISHED }, (waited) =>
        publishChecked(direct, writes, { game, day, value, seen, waited, options }),
      );
      show(forGame(success(result.created), game), 'success', MESSAGE_MS);
      return true;
    } catch (error) {
      if (error instanceof WritePendingError) {
        pending(error, (text) => forGame(text, game));
        return true;
      }
      show(forGame(errorText(error), game), 'error', MESSAGE_MS);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const refuse = (text: string) => show(text, 'error', MESSAGE_MS);

  /**
   * The latest result of a game, as Update Number and the day board publish it: the game and
   * number checked (validateTodayNumber), filed under `day` (today, or yesterday for an evening
   * draw entered after midnight), pushed after the undo window. Resolves as `publish` does.
   */
  async function publishLatest(form: { game: string; number: string }, day: string, today: string): Promise<boolean> {
    const checked = validateTodayNumber(form);
    if (!checked.ok) {
      refuse(checked.error);
      return false;
    }
    return publish(checked.value.game, day, checked.value.number, resultDaySuccess(day, today));
  }

  return { data, busy, message, publish, publishLatest, refuse };
}
