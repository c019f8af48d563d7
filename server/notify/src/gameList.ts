import { readGameNames } from '@satta/shared/data/gameList';

/**
 * The game names under the results root, without their history (shared/data/gameList.ts, the
 * render service's read too). The results are public, so no credentials are needed.
 */
export function listGames(options: { restBase: string; namespace: string | null; fetch?: typeof fetch }): Promise<string[]> {
  return readGameNames({ base: options.restBase, namespace: options.namespace, ...(options.fetch ? { fetch: options.fetch } : {}) });
}
