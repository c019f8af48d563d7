import type { Auth } from 'firebase-admin/auth';
import { BackendTimeoutError, withTimeout } from './timeout.ts';

/**
 * Why a request is not the admin's, for the page: `token-revoked` means "your session ended
 * (password changed, revoked, expired or account disabled): sign in again"; `token-invalid` a
 * token that was never valid here; `auth-unavailable` that nothing is known yet (retry later).
 */
export type AdminErrorCode = 'token-missing' | 'token-invalid' | 'token-revoked' | 'not-admin' | 'auth-unavailable';

export type AdminCheck = { ok: true; uid: string } | { ok: false; status: 401 | 403 | 503; code: AdminErrorCode; error: string };

/** firebase-admin's codes for a token that was valid once and no longer is. */
const ENDED = new Set(['auth/id-token-revoked', 'auth/id-token-expired', 'auth/user-disabled', 'auth/user-not-found']);
/** firebase-admin's codes for "could not ask": the keys or the user record were not fetched. */
const UNREACHABLE = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

/**
 * Whether a request comes from the admin: an `Authorization: Bearer <Firebase ID token>` that
 * firebase-admin verifies (signature, expiry, project; the Auth emulator's tokens locally),
 * that has not been revoked, and that carries the custom claim `admin: true`, the same test as
 * database.rules.json.
 *
 * Revocation is checked on purpose and everywhere (`checkRevoked`): a password change revokes
 * the admin's sessions, and a token taken before it must stop sending notifications at once,
 * not up to an hour later when it expires. (firebase-admin checks it against the Auth emulator
 * anyway; asking explicitly makes production behave the same.) It costs one user lookup per
 * /send-test, which is rare. The lookup is bounded by `timeoutMs`.
 */
export async function checkAdmin(auth: Pick<Auth, 'verifyIdToken'>, header: string | undefined, timeoutMs: number): Promise<AdminCheck> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) {
    return {
      ok: false,
      status: 401,
      code: 'token-missing',
      error: 'Sign in as the admin: send Authorization: Bearer <Firebase ID token>.',
    };
  }
  try {
    const token = await withTimeout(auth.verifyIdToken(match[1], true), timeoutMs, 'auth');
    if (token.admin !== true) return { ok: false, status: 403, code: 'not-admin', error: 'Only the admin may send a test notification.' };
    return { ok: true, uid: token.uid };
  } catch (error) {
    const code = error instanceof BackendTimeoutError ? 'timeout' : errorCode(error);
    if (code === 'timeout' || UNREACHABLE.has(code)) {
      return {
        ok: false,
        status: 503,
        code: 'auth-unavailable',
        error: 'The sign-in could not be checked right now; try again in a minute.',
      };
    }
    if (ENDED.has(code)) {
      return {
        ok: false,
        status: 401,
        code: 'token-revoked',
        error: 'Your sign-in has expired or was revoked (for example by a password change); sign in again.',
      };
    }
    return { ok: false, status: 401, code: 'token-invalid', error: 'The ID token is invalid; sign in again.' };
  }
}

function errorCode(error: unknown): string {
  return error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : '';
}
