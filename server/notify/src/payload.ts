import { createHash } from 'node:crypto';
import { CORRECTED } from '@satta/shared/domain/publishTimes';

/**
 * What the service worker (shell/public/sw.js) reads from a push: the notification's text and
 * icon, the result it announces, and where a click should go.
 */
export interface NotificationPayload {
  kind: 'result' | 'test';
  title: string;
  body: string;
  icon: string;
  /** Same tag = the newer notification replaces the older one on the device. */
  tag: string;
  url: string;
  game?: string;
  number?: string;
  date?: string;
  /** A correction: the number announced before, which `number` replaces. */
  was?: string;
}

/** How the push service should treat the message (RFC 8030 headers). */
export interface DeliveryOptions {
  /** Seconds the push service keeps an undelivered message. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** An undelivered message with the same topic is replaced (max 32 base64url characters). */
  topic?: string;
}

/** '2026-11-21' -> '21-11-2026', the order Indian readers expect. */
function displayDate(dateKey: string): string {
  const [year, month, day] = dateKey.split('-');
  return `${day}-${month}-${year}`;
}

export function resultPayload(game: string, number: string, dateKey: string, icon: string): NotificationPayload {
  return {
    kind: 'result',
    title: `${game}: ${number}`,
    body: `आज का रिज़ल्ट (${displayDate(dateKey)}): ${game} — ${number}`,
    icon,
    tag: `result-${dateKey}-${game}`,
    url: '/',
    game,
    number,
    date: dateKey,
  };
}

/** The title of a correction: 'Gali: 97 → 42 (संशोधित)'. */
export function correctionTitle(game: string, was: string, number: string): string {
  return `${game}: ${was} → ${number} (${CORRECTED})`;
}

/**
 * A published number changed after it was announced: the same subscribers (the game's
 * followers) hear the old and the new number. The tag is the result's, so on a device that
 * still shows the first notification the correction replaces it.
 */
export function correctionPayload(game: string, was: string, number: string, dateKey: string, icon: string): NotificationPayload {
  return {
    ...resultPayload(game, number, dateKey, icon),
    title: correctionTitle(game, was, number),
    body: `संशोधित रिज़ल्ट (${displayDate(dateKey)}): ${game} — ${number} (पहले ${was})`,
    was,
  };
}

export function resultDelivery(game: string, dateKey: string): DeliveryOptions {
  // A result is news for a few hours, and a correction should replace the first number if the
  // device has not fetched it yet.
  const topic = createHash('sha256').update(`${dateKey}/${game}`).digest('base64url').slice(0, 32);
  return { ttlSeconds: 4 * 3600, urgency: 'high', topic };
}

export const TEST_TITLE = 'टेस्ट सूचना';
export const TEST_BODY = 'सूचनाएँ चालू हैं: नए रिज़ल्ट आते ही आपको यहाँ मिलेंगे।';

export function testPayload(icon: string): NotificationPayload {
  return { kind: 'test', title: TEST_TITLE, body: TEST_BODY, icon, tag: 'test', url: '/' };
}

export const TEST_DELIVERY: DeliveryOptions = { ttlSeconds: 3600, urgency: 'normal' };
