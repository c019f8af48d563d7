import { afterEach, describe, expect, it } from 'vitest';
import { createEncryptor, type Encryptor } from './encryptPool.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';

let encryptor: Encryptor | undefined;
afterEach(() => encryptor?.close());

describe('encryption on worker threads', () => {
  it.each([0, 2])('with %i workers, every message decrypts with its own subscriber’s keys', async (workers) => {
    encryptor = createEncryptor(workers);
    const subscribers = Array.from({ length: 6 }, () => generateSubscriberKeys());
    const bodies = await Promise.all(
      subscribers.map((keys, i) =>
        (encryptor as Encryptor).encrypt({ p256dh: keys.p256dh, auth: keys.auth }, Buffer.from(`Gali: ${i} — आज`)),
      ),
    );
    bodies.forEach((body, i) => expect(decryptWebPush(body, subscribers[i] as (typeof subscribers)[number])).toBe(`Gali: ${i} — आज`));
  });

  it('refuses a key that is no point, and goes on with the next', async () => {
    encryptor = createEncryptor(1);
    const keys = generateSubscriberKeys();
    await expect(
      encryptor.encrypt({ p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: keys.auth }, Buffer.from('x')),
    ).rejects.toThrow();
    const body = await encryptor.encrypt({ p256dh: keys.p256dh, auth: keys.auth }, Buffer.from('next'));
    expect(decryptWebPush(body, keys)).toBe('next');
  });
});

describe('encryption batches', () => {
  it('keeps two texts asked for in the same turn apart', async () => {
    encryptor = createEncryptor(1);
    const keys = generateSubscriberKeys();
    const subscriber = { p256dh: keys.p256dh, auth: keys.auth };
    const bodies = await Promise.all([
      encryptor.encrypt(subscriber, Buffer.from('Gali: 42')),
      encryptor.encrypt(subscriber, Buffer.from('Gali: 42')),
      encryptor.encrypt(subscriber, Buffer.from('Disawar: 17')),
      encryptor.encrypt(subscriber, Buffer.from('Gali: 42')),
    ]);
    expect(bodies.map((body) => decryptWebPush(body, keys))).toEqual(['Gali: 42', 'Gali: 42', 'Disawar: 17', 'Gali: 42']);
  });
});
