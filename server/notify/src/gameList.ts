import { RESULTS_ROOT } from '@satta/shared/data/paths';

/**
 * The game names under sattanamee/, without their history: a shallow REST read (the SDKs cannot
 * ask for keys only). sattanamee is public, so no credentials are needed.
 */
export async function listGames(options: { restBase: string; namespace: string | null; fetch?: typeof fetch }): Promise<string[]> {
  const url = new URL(`${options.restBase}/${RESULTS_ROOT}.json`);
  url.searchParams.set('shallow', 'true');
  if (options.namespace) url.searchParams.set('ns', options.namespace);
  const response = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url.pathname}?shallow=true: HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown> | null;
  return Object.keys(body ?? {}).sort();
}
