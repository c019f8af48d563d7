import { describe, expect, it } from 'vitest';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { checkAdmin } from './adminAuth.ts';

type Verify = Auth['verifyIdToken'];

/** A stand-in for firebase-admin's Auth that records how it was asked. */
function fakeAuth(answer: (token: string) => Promise<Partial<DecodedIdToken>>) {
  const calls: [string, boolean | undefined][] = [];
  const verifyIdToken: Verify = async (token, checkRevoked) => {
    calls.push([token, checkRevoked]);
    return (await answer(token)) as DecodedIdToken;
  };
  return { auth: { verifyIdToken }, calls };
}

const authError = (code: string) => Object.assign(new Error(code), { code });

describe('checkAdmin', () => {
  it('asks firebase-admin to check revocation, in production as with the emulator', async () => {
    const { auth, calls } = fakeAuth(async () => ({ uid: 'u1', admin: true }));
    expect(await checkAdmin(auth, 'Bearer tok', 1_000)).toEqual({ ok: true, uid: 'u1' });
    expect(calls).toEqual([['tok', true]]);
  });

  it.each<[string, string, number, string]>([
    ['a token revoked by a password change', 'auth/id-token-revoked', 401, 'token-revoked'],
    ['an expired token', 'auth/id-token-expired', 401, 'token-revoked'],
    ['a disabled account', 'auth/user-disabled', 401, 'token-revoked'],
    ['a forged token', 'auth/argument-error', 401, 'token-invalid'],
    ['a token of another project', 'auth/invalid-id-token', 401, 'token-invalid'],
    ['Auth unreachable', 'app/network-error', 503, 'auth-unavailable'],
  ])('%s -> %i %s', async (_name, firebaseCode, status, code) => {
    const { auth } = fakeAuth(() => Promise.reject(authError(firebaseCode)));
    expect(await checkAdmin(auth, 'Bearer tok', 1_000)).toEqual({ ok: false, status, code, error: expect.any(String) });
  });

  it('tells a missing token and a non-admin apart', async () => {
    const { auth } = fakeAuth(async () => ({ uid: 'u2' }));
    expect(await checkAdmin(auth, undefined, 1_000)).toMatchObject({ ok: false, status: 401, code: 'token-missing' });
    expect(await checkAdmin(auth, 'Bearer tok', 1_000)).toMatchObject({ ok: false, status: 403, code: 'not-admin' });
  });

  it('answers auth-unavailable when the token check does not finish in time', async () => {
    const { auth } = fakeAuth(() => new Promise(() => undefined));
    expect(await checkAdmin(auth, 'Bearer tok', 50)).toMatchObject({ ok: false, status: 503, code: 'auth-unavailable' });
  });
});
