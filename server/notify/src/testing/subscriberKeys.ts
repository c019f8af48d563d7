import { createECDH, randomBytes, type ECDH } from 'node:crypto';

/** What a browser holds for one push subscription: a P-256 key pair and a 16-byte auth secret. */
export interface SubscriberKeys {
  ecdh: ECDH;
  /** base64url of the uncompressed public key (65 bytes), the subscription's keys.p256dh. */
  p256dh: string;
  /** base64url of the auth secret, the subscription's keys.auth. */
  auth: string;
}

export function generateSubscriberKeys(): SubscriberKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
