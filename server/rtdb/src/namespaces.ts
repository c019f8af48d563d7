/**
 * The namespaces of one data directory: each is an independent database in its own subdirectory.
 *
 * A namespace exists when it is configured (the default one, plus any the server was started with), when
 * an admin credential first used it, or when its directory already holds data. Anyone else naming another
 * namespace is told it does not exist, and nothing is written to disk: otherwise every `?ns=` a stranger
 * invents would become a directory loaded at every start. Existing ones are loaded at start (so a corrupt
 * file stops the start, not a later request).
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidDataError } from './path.ts';
import { Namespace, type NamespaceOptions } from './namespace.ts';
import type { Principal, RulesJson } from './rules.ts';
import { LOG_FILE, SNAPSHOT_FILE } from './storage.ts';

/** Firebase namespaces are letters, digits and dashes; the name doubles as a directory name. */
const VALID_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** What Firebase tells a client of a database that does not exist. */
export const UNKNOWN_NAMESPACE_MESSAGE =
  'Firebase error. Please ensure that you have the URL of your Firebase Realtime Database instance configured correctly.';

export class UnknownNamespaceError extends Error {
  constructor(readonly namespace: string) {
    super(UNKNOWN_NAMESPACE_MESSAGE);
  }
}

/** The configured namespace names; consulted on each request, so a caller may add names while running. */
export interface NamespaceNames {
  has(name: string): boolean;
}

export class Namespaces {
  private readonly loaded = new Map<string, Promise<Namespace>>();

  constructor(
    private readonly dataDir: string,
    private readonly rules: RulesJson,
    private readonly options: NamespaceOptions,
    private readonly configured: NamespaceNames,
  ) {}

  async loadExisting(): Promise<void> {
    const entries = await readdir(this.dataDir, { withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isDirectory() || !VALID_NAME.test(entry.name)) continue;
      // Directories an older server created for strangers' names hold no data: they are not databases.
      if (this.configured.has(entry.name) || (await holdsData(join(this.dataDir, entry.name)))) await this.load(entry.name);
    }
  }

  /** The namespace `name` as `principal` asks for it: only an admin brings an unconfigured one into being. */
  get(name: string, principal: Principal): Promise<Namespace> {
    if (!VALID_NAME.test(name)) return Promise.reject(new InvalidDataError(`Invalid namespace "${name}"`));
    if (this.loaded.has(name) || this.configured.has(name) || principal.kind === 'admin') return this.load(name);
    return Promise.reject(new UnknownNamespaceError(name));
  }

  private load(name: string): Promise<Namespace> {
    let ns = this.loaded.get(name);
    if (ns === undefined) {
      ns = Namespace.load(name, join(this.dataDir, name), this.rules, this.options);
      this.loaded.set(name, ns);
      ns.catch(() => this.loaded.delete(name));
    }
    return ns;
  }

  async closeAll(): Promise<void> {
    const all = await Promise.allSettled(this.loaded.values());
    this.loaded.clear();
    for (const result of all) if (result.status === 'fulfilled') await result.value.close();
  }
}

async function holdsData(dir: string): Promise<boolean> {
  for (const file of [SNAPSHOT_FILE, LOG_FILE]) {
    try {
      if ((await stat(join(dir, file))).size > 0) return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return false;
}
