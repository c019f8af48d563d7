import { RESULTS_ROOT } from './paths.ts';

/**
 * The game names, for the servers: the keys under the results root without the games' history,
 * with a shallow REST read (`/sattanamee.json?shallow=true`), which no SDK query gives. The render
 * service (server/render/src/listGames.ts, with its account's token) and the notify service
 * (server/notify/src/gameList.ts) both list the games through here; the pages read the same list
 * through publicReads' `gameNames`.
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

/** The address of the shallow read of the game names. */
export function gameListUrl(base: string, namespace?: string | null): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}/${RESULTS_ROOT}.json`);
  url.searchParams.set('shallow', 'true');
  if (namespace) url.searchParams.set('ns', namespace);
  return url;
}

/** The game names, sorted, so two reads of the same games compare equal. */
export async function readGameNames(read: GameListRead): Promise<string[]> {
  const url = gameListUrl(read.base, read.namespace);
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
    throw new Error(
      read.refusal?.(response, status, url) ?? `the database at ${url.origin} answered ${status} to GET ${url.pathname}?shallow=true`,
    );
  }
  return Object.keys(((await response.json()) as Record<string, unknown> | null) ?? {}).sort();
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
