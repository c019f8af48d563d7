import { ECDH, createHash } from 'node:crypto';
import type { EndpointPolicy } from './endpointPolicy.ts';

/** A browser's push subscription as the site stores it (webPushSubscriptions/{key}). */
export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime?: number;
}

export type Parsed = { ok: true; subscription: Subscription } | { ok: false; error: string };

const BASE64 = /^[A-Za-z0-9_\-+/]+={0,2}$/;

/**
 * The database key of a subscription: base64url SHA-256 of its endpoint, so one browser is
 * stored once however often it subscribes. This service is the only writer of the list.
 */
export function subscriptionKey(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url');
}

/**
 * Checks an untrusted subscription (a POST body or a database entry) against what the database
 * rules accept and what a browser produces: a P-256 public key of 65 bytes, a 16-byte secret.
 * With a `policy` (a POST) the endpoint must be one this service sends to and `p256dh` must be a
 * point on the curve; without one (reading stored entries, 100,000 at a start) the shape is
 * checked only, any URL passes here and the fan-out applies the policy, counting refusals.
 */
export function parseSubscription(value: unknown, policy: EndpointPolicy | null): Parsed {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'Expected a JSON object { endpoint, keys: { p256dh, auth } }.' };
  const { endpoint, keys, expirationTime } = value as Record<string, unknown>;
  if (typeof endpoint !== 'string' || endpoint.length === 0) return { ok: false, error: 'endpoint must be a non-empty string.' };
  if (endpoint.length > 2048) return { ok: false, error: 'endpoint is longer than 2048 characters.' };
  if (policy && !policy.allows(endpoint)) return { ok: false, error: "endpoint must be the https:// URL of a browser's push service." };
  if (typeof keys !== 'object' || keys === null) return { ok: false, error: 'keys must be an object { p256dh, auth }.' };
  const { p256dh, auth } = keys as Record<string, unknown>;
  if (!isKey(p256dh, 65, 200)) return { ok: false, error: 'keys.p256dh must be the base64url P-256 public key (65 bytes).' };
  if (!isKey(auth, 16, 100)) return { ok: false, error: 'keys.auth must be the base64url 16-byte auth secret.' };
  if (policy && !isCurvePoint(p256dh)) return { ok: false, error: 'keys.p256dh is not a point on the P-256 curve.' };
  if (expirationTime !== undefined && expirationTime !== null && (typeof expirationTime !== 'number' || !Number.isFinite(expirationTime))) {
    return { ok: false, error: 'expirationTime must be a number or null.' };
  }
  const subscription: Subscription = { endpoint, keys: { p256dh, auth } };
  if (typeof expirationTime === 'number') subscription.expirationTime = expirationTime;
  return { ok: true, subscription };
}

/**
 * `previous` of a POST /subscriptions: the endpoint this browser held before its push service
 * gave it a new one (keys rotated, or the site's VAPID key changed). Holding it is the proof that
 * the choices stored with it are the browser's own; absent, or the same endpoint, is no previous.
 */
export function parsePrevious(value: unknown, endpoint: string): { ok: true; previous: string | null } | { ok: false; error: string } {
  if (value === undefined || value === null || value === endpoint) return { ok: true, previous: null };
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) {
    return { ok: false, error: 'previous must be the endpoint this browser held before (a string of at most 2048 characters).' };
  }
  return { ok: true, previous: value };
}

/**
 * Whether `value` is base64 (either alphabet, padded or not) of `bytes` bytes, a 65-byte key
 * starting with 0x04 (uncompressed), from the text alone: 100,000 stored entries are checked at
 * every start, and decoding two keys each cost more than the rest of the check. Node's decoder
 * makes floor(3n/4) bytes of n characters before the padding; the first byte is the first
 * character's six bits and the second's top two, so 0x04 is 'B' then one of A-P.
 */
function isKey(value: unknown, bytes: number, maxLength: number): value is string {
  if (typeof value !== 'string' || value.length > maxLength || !BASE64.test(value)) return false;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  if (Math.floor(((value.length - padding) * 3) / 4) !== bytes) return false;
  return bytes !== 65 || (value[0] === 'B' && value.charCodeAt(1) >= 65 /* A */ && value.charCodeAt(1) <= 80); /* P */
}

/**
 * Whether a 65-byte uncompressed key is a point on P-256: a key off the curve can never be used
 * (every message to it would fail its ECDH), and a browser never makes one. OpenSSL decodes the
 * point and checks the curve equation (about 40 µs).
 */
export function isCurvePoint(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
