import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import { PUBLIC_REMOTE_NAMES, REMOTES, type RemoteManifestEntry } from '@satta/shared/domain/remotes';
import { CHART_DECIDER, CHART_REMOTE, isComponent, isDecider, type DecideChartPage, type RemoteServerBundle } from './bundles.ts';
import { BUILT } from './built.ts';

/** The remotes that have public widgets (the manifest's `public` ones); mf-admin is only ever rendered in the browser. */
export const PUBLIC_REMOTES = PUBLIC_REMOTE_NAMES;

/** A remote's server bundle sits next to its remoteEntry.js: `<dir>/server/widgets.mjs`. */
export const SERVER_BUNDLE = 'server/widgets.mjs';

export type WidgetLookup = (remote: string, exposed: string) => ComponentType | undefined;

/**
 * Bundles are written here before they are imported (also one from a mounted folder), inside
 * this package (the built service's own folder) so that their bare imports (react, @satta/shared/...) resolve to the render
 * service's own single copies.
 */
const DOWNLOADS = fileURLToPath(new URL(BUILT ? './.remote-bundles/' : '../.remote-bundles/', import.meta.url));

/**
 * The remotes' server bundles, found from the same runtime manifest the browser uses (`remotes`
 * of /config.json): a remote on the site's own paths is read from its mounted folder, one on
 * another origin is downloaded. `load()` runs again on a timer (`startRender`'s
 * `remoteCheckMs`): a remote redeployed alone (its browser and server bundle together) is
 * rendered with its new bundle from then on, without a restart of this service. A remote that
 * cannot be loaded keeps its last loaded bundle; one never loaded renders as its loading
 * placeholder, like a remote that is down in the browser.
 *
 * Node cannot unload a module, so each redeployed version stays in memory: a few hundred KB per
 * deploy of one remote, freed when the service restarts (Cloud Run replaces instances often).
 */
export class RemoteWidgets {
  private readonly bundles = new Map<string, RemoteServerBundle>();
  /** Content hash of each remote's loaded bundle: an unchanged bundle is not imported again. */
  private readonly hashes = new Map<string, string>();
  /** ETag of each downloaded bundle, so an unchanged one costs a 304. */
  private readonly etags = new Map<string, string>();
  private readonly failing = new Set<string>();
  /** Goes up whenever a bundle is (re)loaded: pages rendered before are out of date. */
  version = 0;

  /**
   * `site`: the public origin, for a remote on the site's own paths that no local folder holds
   * (the render service on Cloud Run reads such a bundle from Hosting).
   */
  constructor(
    private readonly manifest: Record<string, string>,
    private readonly mounts: Record<string, string>,
    private readonly site?: string,
  ) {}

  /** A widget by its exposed name (the manifest's): a bundle's other exports (a decision) are never one. */
  readonly lookup: WidgetLookup = (remote, exposed) => {
    const exposes = (REMOTES as Record<string, RemoteManifestEntry>)[remote]?.exposes;
    if (!exposes || !Object.hasOwn(exposes, exposed)) return undefined;
    const value = this.bundles.get(remote)?.[exposed];
    return isComponent(value) ? value : undefined;
  };

  /**
   * mf-chart's decision about a chart address (`decideChartPage` of its loaded server bundle), or
   * null while no bundle of mf-chart with one is loaded (the remote down since the start, or a
   * release from before it decided its pages): then the static host answers chart addresses.
   * A redeployed bundle brings its own decision, as it brings its widgets (`version` goes up).
   */
  chartDecider(): DecideChartPage | null {
    const value = this.bundles.get(CHART_REMOTE)?.[CHART_DECIDER];
    return isDecider(value) ? value : null;
  }

  /** Loads every public remote's bundle, or the ones that changed since; resolves with the names that failed. */
  async load(): Promise<string[]> {
    const failed: string[] = [];
    await Promise.all(
      PUBLIC_REMOTES.map(async (name) => {
        const entry = this.manifest[name];
        try {
          if (!entry) throw new Error('not in the manifest');
          const found = await this.moduleUrl(name, entry);
          if (found !== null) {
            const redeployed = this.bundles.has(name);
            this.bundles.set(name, (await import(found.url)) as RemoteServerBundle);
            this.hashes.set(name, found.hash);
            if (found.etag) this.etags.set(name, found.etag);
            this.version += 1;
            if (redeployed) console.log(`render: ${name} was redeployed; its new server bundle is in use`);
          }
          this.failing.delete(name);
        } catch (error) {
          // Said once per outage, not on every check.
          if (!this.failing.has(name))
            console.warn(`render: no server bundle for ${name}: ${error instanceof Error ? error.message : String(error)}`);
          this.failing.add(name);
          failed.push(name);
        }
      }),
    );
    return failed;
  }

  /** The URL to import for `name`'s current bundle, or null when it is the one already loaded. */
  private async moduleUrl(name: string, entry: string): Promise<{ url: string; hash: string; etag?: string | null } | null> {
    let url = new URL(SERVER_BUNDLE, new URL(entry, 'http://site.invalid/'));
    if (url.origin === 'http://site.invalid') {
      if (!this.site || this.isMounted(url.pathname)) {
        const code = readFileSync(this.localFile(url.pathname), 'utf8');
        const hash = hashOf(code);
        return this.hashes.get(name) === hash ? null : { url: placed(code, hash), hash };
      }
      url = new URL(url.pathname, this.site);
    }
    const etag = this.etags.get(name);
    const response = await fetch(url, {
      signal: AbortSignal.timeout(10_000),
      headers: etag && this.hashes.has(name) ? { 'if-none-match': etag } : {},
    });
    if (response.status === 304) return null;
    if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
    const code = await response.text();
    const hash = hashOf(code);
    return this.hashes.get(name) === hash ? null : { url: placed(code, hash), hash, etag: response.headers.get('etag') };
  }

  private isMounted(pathname: string): boolean {
    return Object.keys(this.mounts).some((prefix) => prefix !== '/' && pathname.startsWith(`${prefix.replace(/\/+$/, '')}/`));
  }

  private localFile(pathname: string): string {
    const mount = Object.keys(this.mounts)
      .map((prefix) => prefix.replace(/\/+$/, ''))
      .sort((a, b) => b.length - a.length)
      .find((prefix) => pathname.startsWith(`${prefix}/`));
    if (mount === undefined) throw new Error(`${pathname} is not under a mounted folder`);
    const dir = resolve(this.mounts[mount === '' ? '/' : mount] ?? this.mounts[`${mount}/`] ?? '');
    const file = resolve(dir, `.${pathname.slice(mount.length)}`);
    if (!file.startsWith(dir + sep)) throw new Error(`${pathname} leaves its folder`);
    if (!existsSync(file)) throw new Error(`${file} is missing (build the remote)`);
    return file;
  }
}

const hashOf = (code: string | Buffer) => createHash('sha256').update(code).digest('hex').slice(0, 16);

/**
 * A bundle's code as a module file in DOWNLOADS, named by content: a changed bundle is a new
 * module, the same one is imported once, and its bare imports resolve from this package
 * wherever the remote's folder is.
 */
function placed(code: string, hash: string): string {
  mkdirSync(DOWNLOADS, { recursive: true });
  const file = join(DOWNLOADS, `${hash}.mjs`);
  if (!existsSync(file)) writeFileSync(file, code);
  return pathToFileURL(file).href;
}
