import { RESULTS_ROOT } from './paths.ts';
import { withRestQuery, type RestRead } from './restQuery.ts';

/*
 * One REST read of the database for the servers, with their own headers (a service's access
 * token): what a server reads without a listener. The game names are the one such read today: the
 * keys under the results root without the games' history, a shallow read
 * (`/sattanamee.json?shallow=true`), which no SDK query gives. The render service reads the table's
 * `gameNames` entry (shared/data/publicReads.ts) through `readRestNode`
 * (server/render/src/listGames.ts, with its account's token), and the notify service
 * (server/notify/src/gameList.ts) the names through `readGameNames`.
 */
export interface GameListRead {
  /** The database's REST origin (databaseURL, or the emulator's `http://host:port`). */
  base: string;
  /** The namespace, sent as `ns`: only for the emulator, which serves every namespace on one host. */
  namespace?: string | null;
  /** Headers of the request (an `Authorization`, say), asked for before each read. */
  headers?: () => Promise<Record<string, string>>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The error's message for an answer that is not 2xx; by default the status and the database's own words. */
  refusal?: (response: Response, status: string, url: URL) => string;
}

/** The shallow read of the results root: the game names. */
export const GAME_LIST_READ: RestRead = { path: RESULTS_ROOT, shallow: true };

/** The address of `read` on `base` (its query as restQuery.ts writes it, as for the pages), the namespace last. */
export function restNodeUrl(base: string, namespace: string | null | undefined, read: RestRead): URL {
  const url = withRestQuery(new URL(`${base.replace(/\/+$/, '')}/${read.path}.json`), read);
  if (namespace) url.searchParams.set('ns', namespace);
  return url;
}

/** The address of the shallow read of the game names. */
export function gameListUrl(base: string, namespace?: string | null): URL {
  return restNodeUrl(base, namespace, GAME_LIST_READ);
}

/** The stored node of `query` (null when there is none); rejects with the cause in words. */
export async function readRestNode(read: GameListRead, query: RestRead): Promise<unknown> {
  const url = restNodeUrl(read.base, read.namespace, query);
  const headers = read.headers ? await read.headers() : {};
  let response: Response;
  try {
    response = await (read.fetch ?? fetch)(url, { headers, signal: AbortSignal.timeout(read.timeoutMs ?? 10_000) });
  } catch (error) {
    throw new Error(`the database at ${url.origin} did not answer (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
  if (!response.ok) {
    const status = `HTTP ${response.status}${await said(response)}`;
    const asked = new URL(url);
    asked.searchParams.delete('ns');
    throw new Error(
      read.refusal?.(response, status, url) ?? `the database at ${url.origin} answered ${status} to GET ${asked.pathname}${asked.search}`,
    );
  }
  return (await response.json()) as unknown;
}

/** The game names, sorted, so two reads of the same games compare equal. */
export async function readGameNames(read: GameListRead): Promise<string[]> {
  return Object.keys(((await readRestNode(read, GAME_LIST_READ)) as Record<string, unknown> | null) ?? {}).sort();
}

/** The database's `{"error": "..."}` as `: ...`, or nothing. */
async function said(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown } | null;
    return typeof body?.error === 'string' ? `: ${body.error}` : '';
  } catch {
    return ''; // No JSON body: the status says enough.
  }
}
