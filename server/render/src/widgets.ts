import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import { isComponent, type RemoteServerBundle } from './bundles.ts';

/** The remotes that have public widgets; mf-admin is only ever rendered in the browser. */
export const PUBLIC_REMOTES = ['mf-results', 'mf-chart', 'mf-agents', 'mf-fun'] as const;

/** A remote's server bundle sits next to its remoteEntry.js: `<dir>/server/widgets.mjs`. */
export const SERVER_BUNDLE = 'server/widgets.mjs';

export type WidgetLookup = (remote: string, exposed: string) => ComponentType | undefined;

/**
 * Bundles fetched from another origin are written here before they are imported, inside this
 * package so that their bare imports (react, @satta/shared/...) resolve to the render service's
 * own single copies.
 */
const DOWNLOADS = fileURLToPath(new URL('../.remote-bundles/', import.meta.url));

/**
 * The remotes' server bundles, found from the same runtime manifest the browser uses (`remotes`
 * of /config.json): a remote on the site's own paths is read from its mounted folder, one on
 * another origin is downloaded. A remote that cannot be loaded keeps its last loaded bundle; one
 * never loaded renders as its loading placeholder, like a remote that is down in the browser.
 */
export class RemoteWidgets {
  private readonly bundles = new Map<string, RemoteServerBundle>();

  /**
   * `site`: the public origin, for a remote on the site's own paths that no local folder holds
   * (the render service on Cloud Run reads such a bundle from Hosting).
   */
  constructor(
    private readonly manifest: Record<string, string>,
    private readonly mounts: Record<string, string>,
    private readonly site?: string,
  ) {}

  readonly lookup: WidgetLookup = (remote, exposed) => {
    const value = this.bundles.get(remote)?.[exposed];
    return isComponent(value) ? value : undefined;
  };

  /** Loads (or reloads) every public remote's bundle; resolves with the names that failed. */
  async load(): Promise<string[]> {
    const failed: string[] = [];
    await Promise.all(
      PUBLIC_REMOTES.map(async (name) => {
        const entry = this.manifest[name];
        try {
          if (!entry) throw new Error('not in the manifest');
          this.bundles.set(name, (await import(await this.moduleUrl(entry))) as RemoteServerBundle);
        } catch (error) {
          console.warn(`render: no server bundle for ${name}: ${error instanceof Error ? error.message : String(error)}`);
          failed.push(name);
        }
      }),
    );
    return failed;
  }

  private async moduleUrl(entry: string): Promise<string> {
    let url = new URL(SERVER_BUNDLE, new URL(entry, 'http://site.invalid/'));
    if (url.origin === 'http://site.invalid') {
      if (!this.site || this.isMounted(url.pathname)) return pathToFileURL(this.localFile(url.pathname)).href;
      url = new URL(url.pathname, this.site);
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
    const code = await response.text();
    mkdirSync(DOWNLOADS, { recursive: true });
    // Named by content: a changed bundle is a new module, the same one is imported once.
    const file = join(DOWNLOADS, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) writeFileSync(file, code);
    return pathToFileURL(file).href;
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
