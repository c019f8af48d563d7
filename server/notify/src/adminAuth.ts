import type { Auth } from 'firebase-admin/auth';

export type AdminCheck =
  | { ok: true; uid: string }
  | { ok: false; status: 401 | 403; error: string };

/**
 * Whether a request comes from the admin: an `Authorization: Bearer <Firebase ID token>` that
 * firebase-admin verifies (signature, expiry, project; the Auth emulator's tokens locally) and
 * that carries the custom claim `admin: true`, the same test as database.rules.json.
 */
export async function checkAdmin(auth: Auth, header: string | undefined): Promise<AdminCheck> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return { ok: false, status: 401, error: 'Sign in as the admin: send Authorization: Bearer <Firebase ID token>.' };
  try {
    const token = await auth.verifyIdToken(match[1]);
    if (token.admin !== true) return { ok: false, status: 403, error: 'Only the admin may send a test notification.' };
    return { ok: true, uid: token.uid };
  } catch {
    return { ok: false, status: 401, error: 'The ID token is invalid or has expired; sign in again.' };
  }
}
