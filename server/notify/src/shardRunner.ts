import type { FanOutResult, Target } from './fanOut.ts';
import { correctionPayload, resultDelivery, resultPayload, type DeliveryOptions, type NotificationPayload } from './payload.ts';
import type { SentLedger } from './sentLedger.ts';
import { shardOf, type ShardRequest } from './shards.ts';
import { summary } from './testMessage.ts';

export interface ShardAnswer {
  /** 200 sent or sent before (a second delivery); 409 being sent by another delivery. */
  status: 200 | 409;
  body: { status: 'sent' | 'duplicate' | 'busy' } & Partial<FanOutResult>;
  retryAfterSec?: number;
}

export interface ShardRunnerDeps {
  ledger: Pick<SentLedger, 'claimShard' | 'shardDone' | 'releaseShard'>;
  /** The game's followers (the whole list; the shard takes its slice). */
  followers(game: string, timeoutMs: number): Promise<Target[]>;
  /** Lists (within its share of the time) and sends, the whole within `deadlineMs`. */
  send(
    list: (timeoutMs: number) => Promise<Target[]>,
    payload: NotificationPayload,
    delivery: DeliveryOptions,
    deadlineMs: number,
  ): Promise<FanOutResult>;
  icon: string;
  deadlineMs: number;
  /** How long a claim holds off another delivery: past the deadline, so a live sender is never doubled. */
  leaseMs: number;
  log(line: string, fields?: Record<string, unknown>): void;
}

/**
 * One shard of an announcement (POST /shards): its slice of the game's followers, once. A shard
 * delivered again after it was sent sends nothing (the shard ledger); one delivered while another
 * delivery sends it is answered 409 (the queue tries later); one that fails before it is sent is
 * given back and the error thrown (a 5xx), so the queue delivers it again.
 */
export function createShardRunner(deps: ShardRunnerDeps) {
  return async function runShard(shard: ShardRequest): Promise<ShardAnswer> {
    const { date, game, number, previous, index, count } = shard;
    const claim = await deps.ledger.claimShard(shard, deps.leaseMs);
    if (claim.kind === 'done') return { status: 200, body: { status: 'duplicate' } };
    if (claim.kind === 'busy') return { status: 409, body: { status: 'busy' }, retryAfterSec: claim.retryAfterSec };
    let result: FanOutResult;
    try {
      // A changed number after an announced one is a correction: old -> new, to the same followers.
      const payload =
        previous === null ? resultPayload(game, number, date, deps.icon) : correctionPayload(game, previous, number, date, deps.icon);
      result = await deps.send(
        async (timeoutMs) => (await deps.followers(game, timeoutMs)).filter((target) => shardOf(target.key, count) === index),
        payload,
        resultDelivery(game, date),
        deps.deadlineMs,
      );
    } catch (error) {
      await deps.ledger.releaseShard(shard).catch(() => undefined);
      throw error;
    }
    await deps.ledger.shardDone(shard, result.sent);
    const was = previous === null ? {} : { was: previous };
    const corrects = previous === null ? '' : `; a correction of ${previous}`;
    const part = count === 1 ? '' : ` shard ${index + 1}/${count}:`;
    deps.log(`notify: ${game} ${number} (${date})${part} ${summary(result)}${corrects}`, {
      event: 'result-push',
      game,
      number,
      date,
      shard: index,
      shards: count,
      ...was,
      ...result,
    });
    return { status: 200, body: { status: 'sent', ...result } };
  };
}
