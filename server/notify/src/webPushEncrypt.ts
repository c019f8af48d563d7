import { createCipheriv, createECDH, createHmac, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { DeliveryOptions } from './payload.ts';
import type { PushRequest } from './pushTransport.ts';
import type { Subscription } from './subscription.ts';
import type { VapidKeys } from './vapidKeys.ts';

/*
 * The sending side of RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm, and
 * RFC 8292's VAPID header. What a message needs and no more: one ECDH with a fresh key pair, the
 * HKDF steps (four HMACs) and one AES-128-GCM, about 0.25 ms of CPU. The VAPID token is the same
 * for every message to one push service (its `aud` is the service's origin), so it is signed
 * once per origin and lifetime (vapidSigner), not once per message as web-push does.
 */

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
const ONE = Buffer.from([1]);
const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), ONE]);
const NONCE_INFO = Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), ONE]);
/** One record holds the whole message: a notification is far below it. */
const RECORD_SIZE = 4096;
const LAST_RECORD = Buffer.from([2]);

const decodeKey = (value: string) => Buffer.from(value.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url');

/** The aes128gcm body of one message to one subscription (RFC 8291 section 3.4, RFC 8188 section 2). */
export function encryptPayload(keys: Subscription['keys'], plaintext: Buffer): Buffer {
  const receiverPublicKey = decodeKey(keys.p256dh);
  const authSecret = decodeKey(keys.auth);
  if (plaintext.length + 1 + 16 > RECORD_SIZE) throw new Error('the push payload does not fit one record');
  const sender = createECDH('prime256v1');
  const senderPublicKey = sender.generateKeys();
  const ecdhSecret = sender.computeSecret(receiverPublicKey);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([KEY_INFO, receiverPublicKey, senderPublicKey, ONE]));
  const salt = randomBytes(16);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, CEK_INFO).subarray(0, 16);
  const nonce = hmac(prk, NONCE_INFO).subarray(0, 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublicKey.length, 20);
  return Buffer.concat([
    header,
    senderPublicKey,
    cipher.update(plaintext),
    cipher.update(LAST_RECORD),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
}

/** A VAPID token lives this long (push services accept at most 24 h). */
export const VAPID_LIFETIME_SEC = 12 * 3600;
/** A token with less than this left is signed again, so none expires on its way. */
export const VAPID_RENEW_BEFORE_SEC = 3600;

/**
 * `Authorization: vapid t=…, k=…` per push service origin, signed (ES256) once per origin and
 * lifetime and kept: a fan-out to 100,000 subscriptions on one push service signs once.
 */
export function vapidSigner(vapid: VapidKeys, now: () => number = Date.now) {
  const cache = new Map<string, { header: string; expiresAt: number }>();
  let key: KeyObject | null = null;
  let signed = 0;
  return {
    header(audience: string): string {
      const seconds = Math.floor(now() / 1000);
      const kept = cache.get(audience);
      if (kept && kept.expiresAt - seconds > VAPID_RENEW_BEFORE_SEC) return kept.header;
      const expiresAt = seconds + VAPID_LIFETIME_SEC;
      key ??= vapidPrivateKey(vapid);
      const Authorization = `vapid t=${signJwt(key, { aud: audience, exp: expiresAt, sub: vapid.subject })}, k=${vapid.publicKey}`;
      cache.set(audience, { header: Authorization, expiresAt });
      signed += 1;
      return Authorization;
    },
    /** Tokens signed so far (a test counts them). */
    get signed() {
      return signed;
    },
  };
}
/** The VAPID key pair (base64url: the 32-byte private scalar, the 65-byte public point) as a signing key. */
function vapidPrivateKey(vapid: VapidKeys): KeyObject {
  const point = decodeKey(vapid.publicKey);
  const d = decodeKey(vapid.privateKey);
  if (point.length !== 65 || point[0] !== 0x04 || d.length !== 32) throw new Error('notify: the VAPID keys are not a P-256 key pair');
  const b64 = (bytes: Buffer) => bytes.toString('base64url');
  return createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: b64(d), x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
}

/** An ES256 JWT (RFC 7515, RFC 8292 section 2). */
function signJwt(key: KeyObject, claims: { aud: string; exp: number; sub: string }): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

export type VapidSigner = ReturnType<typeof vapidSigner>;

/** One push request: the encrypted body and RFC 8030's headers, the VAPID header from `signer`. */
export function pushRequest(subscription: Subscription, plaintext: Buffer, options: DeliveryOptions, signer: VapidSigner): PushRequest {
  return encryptedRequest(subscription, encryptPayload(subscription.keys, plaintext), options, signer);
}

/** The request around a body encrypted already (encryptPool.ts). */
export function encryptedRequest(subscription: Subscription, body: Buffer, options: DeliveryOptions, signer: VapidSigner): PushRequest {
  const url = new URL(subscription.endpoint);
  const headers: Record<string, string | number> = {
    TTL: options.ttlSeconds,
    'Content-Length': body.length,
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    Authorization: signer.header(`${url.protocol}//${url.host}`),
    Urgency: options.urgency,
  };
  if (options.topic) headers['Topic'] = options.topic;
  return { endpoint: subscription.endpoint, headers, body };
}
