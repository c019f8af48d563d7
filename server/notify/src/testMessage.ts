import type { FanOutResult } from './fanOut.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The short answer of GET /send-test, which the dashboard shows as it is. */
export function testSentMessage(result: FanOutResult): string {
  let message = `Test notification sent to ${plural(result.sent, 'subscriber', 'subscribers')}.`;
  if (result.gone) message += ` Removed ${plural(result.gone, 'expired subscription', 'expired subscriptions')}.`;
  if (result.failed) message += ` ${plural(result.failed, 'subscriber', 'subscribers')} could not be reached.`;
  if (result.skipped) message += ` Skipped ${plural(result.skipped, 'subscription', 'subscriptions')} with a refused endpoint.`;
  return message;
}
