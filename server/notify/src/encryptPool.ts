import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Subscription } from './subscription.ts';
import { encryptPayload } from './webPushEncrypt.ts';

/**
 * Where a fan-out's messages are encrypted. The work of a message is one ECDH, the HKDF steps and
 * one AES-GCM (webPushEncrypt.ts), about 0.25 ms of CPU, while sending it costs the event loop
 * far less: on one thread 100,000 messages take 25 s of encryption alone. With `workers` > 0 the
 * encryption runs on that many worker threads and the event loop only sends, so a 2-core
 * machine uses both cores. 0: on the event loop (tests, one core).
 */
export interface Encryptor {
  encrypt(keys: Subscription['keys'], plaintext: Buffer): Promise<Buffer>;
  readonly workers: number;
  close(): void;
}

/** One worker fewer than the cores (the event loop has the last), at least one. */
export function defaultEncryptWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

/*
 * The worker's code: the same steps as encryptPayload (RFC 8291 and RFC 8188), in plain
 * JavaScript with node:crypto alone, so that it runs as it is from the TypeScript sources and
 * from the bundled service (a worker file of its own would not be in the bundle).
 * encryptPool.test.ts decrypts its output with the subscriber's keys.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createCipheriv, createECDH, createHmac, randomBytes } = require('node:crypto');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
const ONE = Buffer.from([1]);
const KEY_INFO = Buffer.from('WebPush: info\\0');
const CEK_INFO = Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\\0'), ONE]);
const NONCE_INFO = Buffer.concat([Buffer.from('Content-Encoding: nonce\\0'), ONE]);
const LAST_RECORD = Buffer.from([2]);
const decodeKey = (value) => Buffer.from(value.replace(/\\+/g, '-').replace(/\\//g, '_'), 'base64url');
function encrypt(p256dh, auth, plaintext) {
  const receiverPublicKey = decodeKey(p256dh);
  const authSecret = decodeKey(auth);
  if (plaintext.length + 1 + 16 > 4096) throw new Error('the push payload does not fit one record');
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
  header.writeUInt32BE(4096, 16);
  header.writeUInt8(senderPublicKey.length, 20);
  return Buffer.concat([header, senderPublicKey, cipher.update(plaintext), cipher.update(LAST_RECORD), cipher.final(), cipher.getAuthTag()]);
}
parentPort.on('message', (jobs) => {
  const answers = jobs.map(([id, p256dh, auth, plaintext]) => {
    try {
      return [id, encrypt(p256dh, auth, Buffer.from(plaintext)), null];
    } catch (error) {
      return [id, null, String(error && error.message)];
    }
  });
  parentPort.postMessage(answers);
});
`;

type Job = [id: number, p256dh: string, auth: string, plaintext: Uint8Array];
type Answer = [id: number, body: Uint8Array | null, error: string | null];

export function createEncryptor(workers: number): Encryptor {
  if (workers <= 0) {
    return {
      workers: 0,
      encrypt: async (keys, plaintext) => encryptPayload(keys, plaintext),
      close: () => undefined,
    };
  }
  const pending = new Map<number, { resolve(body: Buffer): void; reject(error: Error): void }>();
  let nextId = 0;
  const pool = Array.from({ length: workers }, () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const state = { worker, inFlight: 0, queued: [] as Job[] };
    worker.on('message', (answers: Answer[]) => {
      state.inFlight -= answers.length;
      for (const [id, body, error] of answers) {
        const waiter = pending.get(id);
        pending.delete(id);
        if (!waiter) continue;
        if (body) waiter.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
        else waiter.reject(new Error(error ?? 'encryption failed'));
      }
    });
    worker.on('error', (error) => {
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(error);
      }
    });
    return state;
  });
  // Jobs asked for in one turn of the event loop go to the workers as one message each.
  let flushing = false;
  const flush = () => {
    flushing = false;
    for (const state of pool) {
      if (state.queued.length === 0) continue;
      state.inFlight += state.queued.length;
      state.worker.postMessage(state.queued);
      state.queued = [];
    }
  };
  return {
    workers,
    encrypt(keys, plaintext) {
      return new Promise((resolve, reject) => {
        const id = (nextId += 1);
        pending.set(id, { resolve, reject });
        // The least busy worker.
        let best = pool[0] as (typeof pool)[number];
        for (const state of pool) if (state.inFlight + state.queued.length < best.inFlight + best.queued.length) best = state;
        best.queued.push([id, keys.p256dh, keys.auth, plaintext]);
        if (!flushing) {
          flushing = true;
          queueMicrotask(flush);
        }
      });
    },
    close() {
      for (const state of pool) void state.worker.terminate();
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(new Error('the encryptor was closed'));
      }
    },
  };
}
