import { DataService, type DataServiceOptions } from './service.ts';
import type { RuntimeConfig } from './config.ts';

/*
 * One instance per page. The slot lives on globalThis as well as in this module, so that even a
 * remote that accidentally bundles its own copy of this package reuses the shell's instance
 * (and its single database connection) instead of opening a second one. Its own module, so that
 * react.ts (the hooks) and index.ts (the package's face) both import it and not each other.
 */
const SLOT = Symbol.for('satta.dataService');
type Slot = { [SLOT]?: DataService };

export function initDataService(config: RuntimeConfig, options?: DataServiceOptions): DataService {
  const holder = globalThis as Slot;
  holder[SLOT] ??= new DataService(config, options);
  return holder[SLOT];
}

export function dataService(): DataService {
  const service = (globalThis as Slot)[SLOT];
  if (!service) throw new Error('The data service is not initialised: call initDataService(config) first.');
  return service;
}
