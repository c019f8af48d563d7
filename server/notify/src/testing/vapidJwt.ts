import { createPublicKey, verify } from 'node:crypto';

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The sender's public key from the header's k= (base64url). */
  publicKey: string;
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<public key>` header as a push service does
 * (RFC 8292): an ES256 JWT signed by the key in k=; returns its claims, throws when invalid.
 */
export function verifyVapidHeader(header: string | undefined): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [token, key] = [match[1], match[2]];
  const [head = '', payload = '', signature = ''] = token.split('.');
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('k= is not an uncompressed P-256 public key');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify with k=');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`VAPID JWT alg is ${header_.alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Omit<VapidClaims, 'publicKey'>;
  return { ...claims, publicKey: key };
}
