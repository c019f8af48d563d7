import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '../shared/data/config.ts';
import { inlineScriptHashes } from '../server/hosting/headers.ts';

/**
 * Checks of what `npm run build` and `npm run package` produce for a deploy: the deploy runs them
 * after packaging; `--dry-run` runs them on a dist/ that is there already and otherwise says they
 * wait for the deploy.
 */

export interface BuildChecks {
  /** The outputs that are not built yet (their checks wait for the deploy). */
  absent: string[];
  /** What was checked and is fine. */
  passed: string[];
  problems: string[];
}

const SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;

/** Script elements a browser runs: no type, a JavaScript type or module (not a JSON data block). */
function executableScripts(html: string): string {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attributes = '']) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
    })
    .map(([element]) => element)
    .join('');
}

function scriptSources(policy: string): string[] {
  const directive = policy.split(';').find((d) => d.trim().startsWith('script-src '));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

/** `policy`: the Content-Security-Policy of the project's firebase.json, which Hosting adds to every answer. */
export function buildChecks(root: string, runtime: RuntimeConfig, policy: string): BuildChecks {
  const result: BuildChecks = { absent: [], passed: [], problems: [] };
  const site = join(root, 'dist/site');
  if (!existsSync(site)) result.absent.push('dist/site');
  else {
    const onSite = Object.entries(runtime.remotes ?? {}).filter(([, url]) => url.startsWith('/'));
    const missing = onSite.filter(([, url]) => !existsSync(join(site, url)));
    for (const [name, url] of missing) {
      result.problems.push(`dist/site${url} is missing, where /config.json places ${name}: run \`npm run build\` and check its output.`);
    }
    if (missing.length === 0) result.passed.push(`dist/site has the remotes /config.json places on the site (${onSite.length})`);
  }

  const pkg = join(root, 'dist/package');
  if (!existsSync(pkg)) {
    result.absent.push('dist/package');
    return result;
  }
  const required = ['render/Dockerfile', 'render/shell/index.html', 'notify/Dockerfile', 'notify/server/admin-create.mjs'];
  const missing = required.filter((file) => !existsSync(join(pkg, file)));
  for (const file of missing) result.problems.push(`dist/package/${file} is missing: run \`npm run package\` and check its output.`);
  if (missing.length === 0) result.passed.push('dist/package has both Dockerfiles, the page template and admin-create.mjs');
  const template = join(pkg, 'render/shell/index.html');
  if (existsSync(template)) {
    const allowed = scriptSources(policy);
    const needed = inlineScriptHashes(executableScripts(readFileSync(template, 'utf8')));
    const refused = needed.filter((hash) => !allowed.includes(hash));
    if (refused.length > 0) {
      result.problems.push(
        `dist/package/render/shell/index.html has inline scripts the Content-Security-Policy refuses (${refused.join(' ')}): ` +
          'the build changed them from shell/index.html; the policy allows the scripts of shell/index.html as written.',
      );
    } else result.passed.push(`the built page template's ${needed.length} inline scripts are allowed by the Content-Security-Policy`);
  }
  return result;
}
