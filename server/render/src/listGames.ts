/**
 * The game names with a shallow REST read (`/sattanamee.json?shallow=true`: the names without the
 * games' history, which no SDK query gives), made with the render service's own credentials: an
 * OAuth access token of its service account (firebase-admin's credential), sent as
 * `Authorization: Bearer`. The database checks that account's IAM permissions
 * (firebasedatabase.instances.get) and not the security rules, so the service becomes ready on a
 * database whose rules refuse the public everything (a database created in locked mode).
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
  const { base, namespace, accessToken } = options;
  const get = options.fetch ?? fetch;
  return async () => {
    const url = new URL(`${base.replace(/\/+$/, '')}/sattanamee.json`);
    url.searchParams.set('shallow', 'true');
    if (namespace) url.searchParams.set('ns', namespace);
    const headers: Record<string, string> = {};
    if (accessToken) {
      let token: string;
      try {
        token = await accessToken();
      } catch (error) {
        throw new Error(
          `no credentials for the database (${error instanceof Error ? error.message : String(error)}): ` +
            "the service's account gives them on Cloud Run; elsewhere set GOOGLE_APPLICATION_CREDENTIALS",
          { cause: error },
        );
      }
      headers.Authorization = `Bearer ${token}`;
    }
    let response: Response;
    try {
      response = await get(url, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    } catch (error) {
      throw new Error(`the database at ${url.origin} did not answer (${error instanceof Error ? error.message : String(error)})`, {
        cause: error,
      });
    }
    if (!response.ok) throw new Error(await refusal(response, url.origin));
    return Object.keys(((await response.json()) as Record<string, unknown> | null) ?? {});
  };
}

async function refusal(response: Response, origin: string): Promise<string> {
  let said = '';
  try {
    const body = (await response.json()) as { error?: unknown } | null;
    if (typeof body?.error === 'string') said = `: ${body.error}`;
  } catch {
    // No JSON body: the status says enough.
  }
  const status = `HTTP ${response.status}${said}`;
  if (response.status === 401 || response.status === 403) {
    return (
      `the database refused the service's account (${status}): grant it the database role ` +
      '(firebasedatabase.instances.get; `npm run deploy` grants it) and check that databaseURL names the instance of this project'
    );
  }
  if (response.status === 404) return `no database at ${origin} (${status}): databaseURL names no instance of this project`;
  if (response.status === 423) return `the database at ${origin} is disabled (${status}): re-enable it in the Firebase console`;
  return `the database at ${origin} answered ${status}`;
}
