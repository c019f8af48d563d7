/**
 * The database key of a push subscription: base64url SHA-256 of its endpoint. Knowing the key
 * requires knowing the endpoint, so the rules can let a visitor read exactly their own entry.
 */
export async function subscriptionKey(endpoint: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
