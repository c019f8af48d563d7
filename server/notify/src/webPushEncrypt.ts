import nodeCrypto, { createPrivateKey, sign, type KeyObject } from 'node:crypto';
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

/**
 * The cipher of RFC 8291 section 3.4 over RFC 8188 section 2, made from `crypto` (node:crypto).
 * Self-contained (it uses nothing but its argument), so that the worker threads of
 * encryptPool.ts run this very function from its source text, in the bundle as from the sources.
 *
 * The four HMAC-SHA-256 of the HKDF steps are built from two one-shot SHA-256 each
 * (`crypto.hash`, RFC 2104; every key here is at most 64 bytes): `createHmac` makes an object
 * per call, which cost about three times as much as the hashing itself.
 */
export function webPushCipher(crypto: typeof import('node:crypto')) {
  const RECORD_SIZE = 4096;
  const ONE = Buffer.from([1]);
  const KEY_INFO = Buffer.from('WebPush: info\0');
  const CEK_INFO = Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), ONE]);
  const NONCE_INFO = Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), ONE]);
  const oneShot = typeof crypto.hash === 'function';
  const hmac = (key: Buffer, data: Buffer): Buffer => {
    if (!oneShot) return crypto.createHmac('sha256', key).update(data).digest();
    const inner = Buffer.allocUnsafe(64 + data.length);
    const outer = Buffer.allocUnsafe(96);
    for (let i = 0; i < 64; i += 1) {
      const k = i < key.length ? (key[i] as number) : 0;
      inner[i] = k ^ 0x36;
      outer[i] = k ^ 0x5c;
    }
    data.copy(inner, 64);
    (crypto.hash('sha256', inner, 'buffer') as Buffer).copy(outer, 64);
    return crypto.hash('sha256', outer, 'buffer') as Buffer;
  };
  // Node's base64url decoder takes the standard alphabet (+/) too, as browsers may send it.
  const decodeKey = (value: string) => Buffer.from(value, 'base64url');
  /*
   * One ECDH object whose generateKeys() makes a fresh key pair on every call (each message
   * still has its own): creating the object per message cost a tenth of the ECDH itself.
   */
  const sender = crypto.createECDH('prime256v1');
  /** Salts are taken 16 bytes at a time from a buffer of random bytes refilled every 256 messages. */
  const SALTS = 256;
  const random = Buffer.allocUnsafeSlow(16 * SALTS);
  let nextSalt = SALTS;
  const DELIMITER = Buffer.from([2]); // the last record's delimiter
  /** The aes128gcm body of one message to one subscriber (its keys as stored: base64url). */
  return function encrypt(p256dh: string, auth: string, plaintext: Uint8Array): Buffer {
    const receiverPublicKey = decodeKey(p256dh);
    const authSecret = decodeKey(auth);
    if (plaintext.length + 1 + 16 > RECORD_SIZE) throw new Error('the push payload does not fit one record');
    // A fresh sender key pair and salt for every message.
    const senderPublicKey = sender.generateKeys();
    const ecdhSecret = sender.computeSecret(receiverPublicKey);
    const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([KEY_INFO, receiverPublicKey, senderPublicKey, ONE]));
    if (nextSalt === SALTS) {
      crypto.randomFillSync(random);
      nextSalt = 0;
    }
    const salt = random.subarray(nextSalt * 16, (nextSalt += 1) * 16);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, CEK_INFO).subarray(0, 16);
    const nonce = hmac(prk, NONCE_INFO).subarray(0, 12);
    // The key as a KeyObject: given a Buffer, createCipheriv first asks whether it is a KeyObject
    // or a CryptoKey, each by a thrown and caught error, which cost four times the cipher.
    const cipher = crypto.createCipheriv('aes-128-gcm', crypto.createSecretKey(cek), nonce);
    // salt (16) | record size (4) | key id length (1) | key id (the sender's key) | the one record
    const body = Buffer.allocUnsafe(21 + 65 + plaintext.length + 1 + 16);
    salt.copy(body, 0);
    body.writeUInt32BE(RECORD_SIZE, 16);
    body.writeUInt8(65, 20);
    senderPublicKey.copy(body, 21);
    let at = 86 + cipher.update(plaintext).copy(body, 86);
    at += cipher.update(DELIMITER).copy(body, at);
    at += cipher.final().copy(body, at);
    cipher.getAuthTag().copy(body, at);
    return body;
  };
}

const encryptOnThisThread = webPushCipher(nodeCrypto);

/** The aes128gcm body of one message to one subscription (RFC 8291 section 3.4, RFC 8188 section 2). */
export function encryptPayload(keys: Subscription['keys'], plaintext: Buffer): Buffer {
  return encryptOnThisThread(keys.p256dh, keys.auth, plaintext);
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
  const point = Buffer.from(vapid.publicKey, 'base64url');
  const d = Buffer.from(vapid.privateKey, 'base64url');
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
export function encryptedRequest(
  subscription: Subscription,
  body: Buffer,
  options: DeliveryOptions,
  signer: VapidSigner,
  url = new URL(subscription.endpoint),
): PushRequest {
  const headers: Record<string, string | number> = {
    TTL: options.ttlSeconds,
    'Content-Length': body.length,
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    Authorization: signer.header(`${url.protocol}//${url.host}`),
    Urgency: options.urgency,
  };
  if (options.topic) headers['Topic'] = options.topic;
  return { endpoint: subscription.endpoint, url, headers, body };
}
