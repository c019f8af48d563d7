import { resolve } from 'node:path';
import type { RuntimeConfig } from '../shared/data/config.ts';
import { generatedHeaders } from './hostingHeaders.ts';

/**
 * The firebase.json that `firebase deploy --config` gets for one project: the committed file's
 * database and hosting blocks, with the Cloud Run rewrites in the deploy's region and the
 * headers generated for the project's own /config.json (its notify service, its auth domain,
 * its remotes on other origins). The emulators block is local and left out.
 *
 * The site is named (`site`: deploySettings' hostingSite, or the project id), so the deploy does
 * not depend on the project having a default site.
 *
 * firebase-tools takes the folder of a --config file as the project folder, resolves relative
 * paths against it and refuses any that leave it (Config#path in lib/config.js), while this file
 * lives under dist/deploy/<project>/; so the site folder and the rules are absolute paths.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The project's firebase.json, or why the committed one cannot be made into it. */
export function projectFirebaseConfig(
  root: string,
  committed: Json,
  runtime: RuntimeConfig,
  region: string,
  site: string,
): { config: Json } | { problem: string } {
  const { hosting, database } = committed;
  if (!isObject(hosting) || typeof hosting.public !== 'string') {
    return { problem: 'firebase.json: hosting must be one site with a "public" folder for npm run deploy.' };
  }
  if (!isObject(database) || typeof database.rules !== 'string') {
    return { problem: 'firebase.json: database.rules must name the rules file (database.rules.json) for npm run deploy.' };
  }
  const rewrites = Array.isArray(hosting.rewrites) ? (hosting.rewrites as unknown[]) : [];
  return {
    config: {
      database: { ...database, rules: resolve(root, database.rules) },
      hosting: {
        // The site named, so that a project whose default site was never made deploys to the one the deploy makes.
        site,
        ...hosting,
        public: resolve(root, hosting.public),
        rewrites: rewrites.map((rewrite) =>
          isObject(rewrite) && isObject(rewrite.run) ? { ...rewrite, run: { ...rewrite.run, region } } : rewrite,
        ),
        headers: generatedHeaders(root, runtime),
      },
    },
  };
}
