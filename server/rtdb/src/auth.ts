/**
 * Credentials: ID tokens from the Firebase Auth emulator (unsigned JWTs, alg "none") and the "owner"
 * credential firebase-admin sends in emulator mode. Signatures are not checked: this server is for one
 * machine, like the official emulator, which also trusts unsigned tokens.
 */
import type { Principal } from './rules.ts';

/** What firebase-admin (EmulatorTokenProvider.OWNER) and REST admin callers present. */
export const OWNER_CREDENTIAL = 'owner';

export type TokenCheck = { ok: true; principal: Principal; expires: number | null } | { ok: false; reason: string };

function decodeSegment(segment: string): unknown {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

export function verifyIdToken(token: string, projectId: string, nowMs: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'Could not parse auth token.' };
  let header: unknown;
  let payload: unknown;
  try {
    header = decodeSegment(parts[0] as string);
    payload = decodeSegment(parts[1] as string);
  } catch {
    return { ok: false, reason: 'Could not parse auth token.' };
  }
  if (header === null || typeof header !== 'object' || payload === null || typeof payload !== 'object') {
    return { ok: false, reason: 'Could not parse auth token.' };
  }
  const claims = payload as Record<string, unknown>;
  if (claims.aud !== projectId) return { ok: false, reason: `Auth token audience ${String(claims.aud)} is not project ${projectId}.` };
  const sub = claims.sub ?? claims.user_id;
  if (typeof sub !== 'string' || sub === '') return { ok: false, reason: 'Auth token has no subject.' };
  const exp = typeof claims.exp === 'number' ? claims.exp : null;
  if (exp !== null && exp * 1000 <= nowMs) return { ok: false, reason: 'Auth token is expired.' };
  const firebase = claims.firebase as { sign_in_provider?: unknown } | undefined;
  const provider = typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : 'custom';
  return {
    ok: true,
    principal: { kind: 'user', auth: { uid: sub, provider, token: claims } },
    expires: exp,
  };
}

/** A credential as a REST caller or `gauth` presents it: "owner" is the admin, anything else an ID token. */
export function verifyCredential(credential: string, projectId: string, nowMs: number): TokenCheck {
  if (credential === OWNER_CREDENTIAL) return { ok: true, principal: { kind: 'admin' }, expires: null };
  return verifyIdToken(credential, projectId, nowMs);
}

/** Longest timer Node accepts; longer token lifetimes are re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `onExpired` once a token's `exp` (seconds since the epoch) has passed; returns what cancels that. */
export function whenExpired(expiresSec: number, onExpired: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = (): void => {
    const wait = expiresSec * 1000 - Date.now();
    timer = setTimeout(() => (Date.now() < expiresSec * 1000 ? arm() : onExpired()), Math.min(Math.max(wait, 0), MAX_TIMER_MS));
    // A session waiting for its token to expire must not keep the process alive.
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
