import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';
import { verifyVapidHeader } from './testing/vapidJwt.ts';

// The test tools themselves: a message web-push encrypts for a subscriber decrypts with that
// subscriber's keys alone, and its VAPID header verifies; anything else is refused.
describe('RFC 8291 decryption and VAPID verification (test tools)', () => {
  it('decrypts what web-push encrypts for the subscriber, Hindi text included', () => {
    const keys = generateSubscriberKeys();
    const text = JSON.stringify({ title: 'Gali: 42', body: 'आज का रिज़ल्ट' });
    const { cipherText } = webpush.encrypt(keys.p256dh, keys.auth, text, 'aes128gcm');
    expect(decryptWebPush(cipherText, keys)).toBe(text);
  });

  it("refuses a message encrypted for someone else's keys", () => {
    const [mine, theirs] = [generateSubscriberKeys(), generateSubscriberKeys()];
    const { cipherText } = webpush.encrypt(theirs.p256dh, theirs.auth, 'secret', 'aes128gcm');
    expect(() => decryptWebPush(cipherText, mine)).toThrow();
  });

  it('verifies a VAPID header and rejects a tampered one', () => {
    const vapid = webpush.generateVAPIDKeys();
    const { Authorization } = webpush.getVapidHeaders(
      'https://push.example',
      'mailto:a@example.com',
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    const claims = verifyVapidHeader(Authorization);
    expect(claims).toMatchObject({ aud: 'https://push.example', sub: 'mailto:a@example.com', publicKey: vapid.publicKey });
    const other = webpush.generateVAPIDKeys().publicKey;
    expect(() => verifyVapidHeader(Authorization.replace(/k=.*$/, `k=${other}`))).toThrow(/signature/);
  });
});
