import { readGameNames } from '@satta/shared/data/gameList';

/**
 * The game names with a shallow REST read (shared/data/gameList.ts, as the notify service reads
 * them), made with the render service's own credentials: an OAuth access token of its service
 * account (firebase-admin's credential), sent as `Authorization: Bearer`. The database checks that
 * account's IAM permissions (firebasedatabase.instances.get) and not the security rules, so the
 * service becomes ready on a database whose rules refuse the public everything (a database created
 * in locked mode).
 *
 * A failure says its cause in words an operator acts on: LiveData logs it as
 * `render: could not list the games: …`, and docs/operations.md lists each.
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

export function restListGames(options: ListGamesOptions): () => Promise<string[]> {
  const { accessToken } = options;
  return () =>
    readGameNames({
      base: options.base,
      namespace: options.namespace ?? null,
      ...(accessToken ? { headers: async () => ({ Authorization: `Bearer ${await token(accessToken)}` }) } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      refusal: (response, status, url) => refusal(response.status, status, url.origin),
    });
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
