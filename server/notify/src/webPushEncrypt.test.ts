import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { verifyVapidHeader } from './testing/vapidJwt.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';
import nodeCrypto from 'node:crypto';
import { VAPID_LIFETIME_SEC, encryptPayload, pushRequest, vapidSigner, webPushCipher } from './webPushEncrypt.ts';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@example.com', source: 'generated' as const };
const delivery = { ttlSeconds: 14_400, urgency: 'high' as const, topic: 'abc' };

describe('RFC 8291 encryption (the sender)', () => {
  it('encrypts a message the subscriber decrypts with its keys alone (checked against the RFC, not web-push)', () => {
    const keys = generateSubscriberKeys();
    const text = JSON.stringify({ title: 'Gali: 42', body: 'आज का रिज़ल्ट' });
    const body = encryptPayload({ p256dh: keys.p256dh, auth: keys.auth }, Buffer.from(text));
    expect(decryptWebPush(body, keys)).toBe(text);
    // A fresh sender key and salt per message: the same text twice is two different bodies.
    const again = encryptPayload({ p256dh: keys.p256dh, auth: keys.auth }, Buffer.from(text));
    expect(again.subarray(0, 16).equals(body.subarray(0, 16))).toBe(false);
    expect(again.subarray(21, 86).equals(body.subarray(21, 86))).toBe(false);
  });

  it('gives each of 600 messages its own salt and sender key (past the refills of the salts), each decryptable', () => {
    const keys = generateSubscriberKeys();
    const encrypt = webPushCipher(nodeCrypto);
    const salts = new Set<string>();
    const senders = new Set<string>();
    for (let i = 0; i < 600; i += 1) {
      const body = encrypt(keys.p256dh, keys.auth, Buffer.from(`Gali: ${i}`));
      salts.add(body.subarray(0, 16).toString('hex'));
      senders.add(body.subarray(21, 86).toString('hex'));
      expect(decryptWebPush(body, keys)).toBe(`Gali: ${i}`);
    }
    expect(salts.size).toBe(600);
    expect(senders.size).toBe(600);
  });

  it('gives the same decryptable message on a Node without crypto.hash (HMAC objects instead)', () => {
    const keys = generateSubscriberKeys();
    const encrypt = webPushCipher({ ...nodeCrypto, hash: undefined } as unknown as typeof nodeCrypto);
    const body = encrypt(keys.p256dh, keys.auth, Buffer.from('Disawar: 17 (संशोधित)'));
    expect(body.length).toBe(21 + 65 + Buffer.byteLength('Disawar: 17 (संशोधित)') + 1 + 16);
    expect(decryptWebPush(body, keys)).toBe('Disawar: 17 (संशोधित)');
  });

  it('sets the headers of RFC 8030 and 8292', () => {
    const keys = generateSubscriberKeys();
    const request = pushRequest(
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys.p256dh, auth: keys.auth } },
      Buffer.from('{}'),
      delivery,
      vapidSigner(vapid),
    );
    expect(request.headers).toMatchObject({
      TTL: 14_400,
      Urgency: 'high',
      Topic: 'abc',
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      'Content-Length': request.body?.length,
    });
    expect(verifyVapidHeader(String(request.headers['Authorization']))).toMatchObject({
      aud: 'https://fcm.googleapis.com',
      sub: 'mailto:admin@example.com',
      publicKey: vapid.publicKey,
    });
  });
});

describe('VAPID tokens', () => {
  it('are signed once per push service origin and lifetime, and again before they expire', () => {
    let now = Date.UTC(2026, 10, 28, 6, 0);
    const signer = vapidSigner(vapid, () => now);
    const fcm = signer.header('https://fcm.googleapis.com');
    for (let i = 0; i < 1_000; i += 1) expect(signer.header('https://fcm.googleapis.com')).toBe(fcm);
    const mozilla = signer.header('https://updates.push.services.mozilla.com');
    expect(signer.signed).toBe(2);
    expect(verifyVapidHeader(fcm).exp).toBe(now / 1000 + VAPID_LIFETIME_SEC);
    expect(verifyVapidHeader(mozilla).aud).toBe('https://updates.push.services.mozilla.com');
    // 10 h 59 min later the token is kept; with less than an hour left it is signed anew.
    now += (11 * 3600 - 60) * 1000;
    expect(signer.header('https://fcm.googleapis.com')).toBe(fcm);
    now += 120 * 1000;
    const renewed = signer.header('https://fcm.googleapis.com');
    expect(renewed).not.toBe(fcm);
    expect(verifyVapidHeader(renewed).exp).toBe(now / 1000 + VAPID_LIFETIME_SEC);
    expect(signer.signed).toBe(3);
  });
});
