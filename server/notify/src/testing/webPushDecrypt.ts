import { createDecipheriv, createHmac } from 'node:crypto';
import type { SubscriberKeys } from './subscriberKeys.ts';

/*
 * The receiving side of RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm
 * content coding, written out step by step from the RFCs so that tests check the sender against
 * the standard rather than against web-push's own code.
 */

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** HKDF-Expand for a single block (every length here is at most 32 bytes). */
const expand = (prk: Buffer, info: Buffer, length: number) => hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

export function decryptWebPush(body: Buffer, keys: SubscriberKeys): string {
  // RFC 8188 section 2.1: salt (16) | rs (uint32) | idlen (1) | keyid (idlen) | records
  if (body.length < 21) throw new Error('push body too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublicKey[0] !== 0x04) throw new Error('keyid is not an uncompressed P-256 public key');
  const records = body.subarray(21 + idLength);

  // RFC 8291 section 3.3 and 3.4
  const receiverPublicKey = keys.ecdh.getPublicKey();
  const authSecret = Buffer.from(keys.auth, 'base64url');
  const ecdhSecret = keys.ecdh.computeSecret(senderPublicKey);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey]);
  const ikm = expand(prkKey, keyInfo, 32);

  // RFC 8188 section 2.2 and 2.3
  const prk = hmac(salt, ikm);
  const cek = expand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = expand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);

  const parts: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record sequence number is XORed into the nonce's low bytes (32 bits are plenty here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, one delimiter (2 = last record, 1 = more follow), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = offset + recordSize >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error(`record ${seq} has a wrong padding delimiter`);
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}
