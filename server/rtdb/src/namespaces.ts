/**
 * The namespaces of one data directory: each is an independent database in its own subdirectory.
 * Existing ones are loaded at start (so a corrupt file stops the start, not a later request); new ones
 * are created on first use.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidDataError } from './path.ts';
import { Namespace, type NamespaceOptions } from './namespace.ts';
import type { RulesJson } from './rules.ts';

/** Firebase namespaces are letters, digits and dashes; the name doubles as a directory name. */
const VALID_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export class Namespaces {
  private readonly loaded = new Map<string, Promise<Namespace>>();

  constructor(
    private readonly dataDir: string,
    private readonly rules: RulesJson,
    private readonly options: NamespaceOptions,
  ) {}

  async loadExisting(): Promise<void> {
    const entries = await readdir(this.dataDir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.isDirectory() && VALID_NAME.test(entry.name)) await this.get(entry.name);
    }
  }

  get(name: string): Promise<Namespace> {
    if (!VALID_NAME.test(name)) return Promise.reject(new InvalidDataError(`Invalid namespace "${name}"`));
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
