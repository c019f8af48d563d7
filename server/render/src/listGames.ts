import { readRestNode } from '@satta/shared/data/gameList';
import type { RestRead } from '@satta/shared/data/rest';

/**
 * The render service's reads of the table that have no listener form (the game list, a shallow
 * read: shared/data/publicReads.ts `gameNames`), by REST (shared/data/gameList.ts), made with the
 * service's own credentials: an OAuth access token of its service account (firebase-admin's
 * credential), sent as `Authorization: Bearer`. The database checks that account's IAM
 * permissions (firebasedatabase.instances.get) and not the security rules, so the service becomes
 * ready on a database whose rules refuse the public everything (a database created in locked
 * mode), as its firebase-admin listeners do.
 *
 * A failure says its cause in words an operator acts on: LiveData logs it as
 * `render: could not list the games: …` (the entry's `failure`), and docs/operations.md lists each.
 */

export interface ListGamesOptions {
  /** The database's REST origin, e.g. https://<project>-default-rtdb.<region>.firebasedatabase.app. */
  base: string;
  /** The namespace, sent as `ns` (the emulator serves every namespace on one host). */
  namespace?: string;
  /** An access token of the service's account; absent for the emulator, which takes any caller. */
  accessToken?: () => Promise<string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function restReads(options: ListGamesOptions): (read: RestRead) => Promise<unknown> {
  const { accessToken } = options;
  return (read) =>
    readRestNode(
      {
        base: options.base,
        namespace: options.namespace ?? null,
        ...(accessToken ? { headers: async () => ({ Authorization: `Bearer ${await token(accessToken)}` }) } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        refusal: (response, status, url) => refusal(response.status, status, url.origin),
      },
      read,
    );
}

async function token(accessToken: () => Promise<string>): Promise<string> {
  try {
    return await accessToken();
  } catch (error) {
    throw new Error(
      `no credentials for the database (${error instanceof Error ? error.message : String(error)}): ` +
        "the service's account gives them on Cloud Run; elsewhere set GOOGLE_APPLICATION_CREDENTIALS",
      { cause: error },
    );
  }
}

function refusal(code: number, status: string, origin: string): string {
  if (code === 401 || code === 403) {
    return (
      `the database refused the service's account (${status}): grant it the database role ` +
      '(firebasedatabase.instances.get; `npm run deploy` grants it) and check that databaseURL names the instance of this project'
    );
  }
  if (code === 404) return `no database at ${origin} (${status}): databaseURL names no instance of this project`;
  if (code === 423) return `the database at ${origin} is disabled (${status}): re-enable it in the Firebase console`;
  return `the database at ${origin} answered ${status}`;
}
