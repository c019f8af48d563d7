import { NAMESPACE } from './stack.ts';

/*
 * The local database's REST API as its owner ('Bearer owner' is the local server's admin
 * credential, which the rules do not bind), for tests that set up what the admin would have
 * saved, check what was written, and put things back.
 */

export type RestMethod = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** The REST address of `path` in the stack's namespace, each segment encoded. */
export function restUrl(database: string, path: string, query: Record<string, string> = {}): string {
  const target = new URL(`${database.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}.json`);
  target.searchParams.set('ns', NAMESPACE);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.href;
}

/** One owner request; the parsed answer (null for none), or an error that names the request. */
export async function ownerCall(method: RestMethod, href: string, body?: unknown): Promise<unknown> {
  const response = await fetch(href, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${href} -> ${response.status} ${text}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** `rest('mian')`, `rest('khaiwals', 'POST', k)`: the owner's REST calls on `database`. */
export function ownerRest(database: string): (path: string, method?: RestMethod, body?: unknown) => Promise<unknown> {
  return (path, method = 'GET', body) => ownerCall(method, restUrl(database, path), body);
}
