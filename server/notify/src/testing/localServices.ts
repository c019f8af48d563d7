import { NAMESPACE } from '../../../../scripts/stack.ts';

/**
 * The local backend as tests and the bench drive it: sign-in on the Auth emulator's REST API
 * and the database's REST API, as the owner ('Bearer owner', the local server's admin
 * credential) or as a signed-in user (`?auth=<ID token>`, checked against the rules).
 */
export async function signIn(authUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!body.idToken) throw new Error(`sign-in of ${email} failed: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

/**
 * Changes a user's password as the page does (accounts:update with the user's ID token), which
 * revokes every session begun before it.
 */
export async function changePassword(authUrl: string, idToken: string, password: string): Promise<void> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!body.idToken) throw new Error(`password change failed: ${body.error?.message ?? response.status}`);
}

/**
 * The database's REST API: as the owner, or, with `idToken`, as that user (the rules apply). In
 * the stack's namespace unless `ns` names another (a test file's own, away from the stack's
 * notify service).
 */
export async function rest(
  database: string,
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  idToken?: string,
  ns: string = NAMESPACE,
): Promise<unknown> {
  const url = new URL(`${database}/${path}.json`);
  url.searchParams.set('ns', ns);
  if (idToken) url.searchParams.set('auth', idToken);
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(idToken ? {} : { Authorization: 'Bearer owner' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}
