/** The VAPID public key of /config.json (base64url, 65 bytes) as PushManager.subscribe wants it. */
export function decodeApplicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  if (bytes.length !== 65 || bytes[0] !== 4) throw new Error('vapidPublicKey is not a base64url P-256 public key');
  return bytes;
}

/**
 * Whether an existing subscription was made with this key. A subscription is bound to the
 * server's key: after a key change the old one can never receive our pushes.
 */
export function isSameKey(existing: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!existing) return false;
  const bytes = new Uint8Array(existing);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}
