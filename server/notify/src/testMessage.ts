import type { FanOutResult } from './fanOut.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The short answer of GET /send-test, which the dashboard shows as it is. */
export function testSentMessage(result: FanOutResult): string {
  let message = `Test notification sent to ${plural(result.sent, 'subscriber', 'subscribers')}.`;
  if (result.gone) message += ` Removed ${plural(result.gone, 'expired subscription', 'expired subscriptions')}.`;
  if (result.failed) message += ` ${plural(result.failed, 'subscriber', 'subscribers')} could not be reached.`;
  if (result.unfinished)
    message += ` ${plural(result.unfinished, 'subscriber was', 'subscribers were')} not reached within the time limit.`;
  if (result.skipped) message += ` Skipped ${plural(result.skipped, 'subscription', 'subscriptions')} with a refused endpoint.`;
  return message;
}

/** One log line about a fan-out. */
export function summary(result: FanOutResult): string {
  return `sent ${result.sent} of ${result.total} in ${result.ms} ms (gone ${result.gone}, failed ${result.failed}, skipped ${result.skipped}, unfinished ${result.unfinished})`;
}
