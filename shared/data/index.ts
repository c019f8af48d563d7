import { DataService, type DataServiceOptions } from './service.ts';
import type { RuntimeConfig } from './config.ts';

export * from './service.ts';
export * from './config.ts';
export * from './live.ts';
export { DataError, SessionEndedError, type DataErrorCode } from './errors.ts';
export { DataProvider, useData, useLive, useObservable } from './react.ts';
export { paths } from './paths.ts';
export { memoryStore, type KeyValueStore } from './cache.ts';

/*
 * One instance per page. The slot lives on globalThis as well as in this module, so that even a
 * remote that accidentally bundles its own copy of this package reuses the shell's instance
 * (and its single database connection) instead of opening a second one.
 */
const SLOT = Symbol.for('satta.dataService');
type Slot = { [SLOT]?: DataService };

export function initDataService(config: RuntimeConfig, options?: DataServiceOptions): DataService {
  const holder = globalThis as Slot;
  holder[SLOT] ??= new DataService(config, options);
  return holder[SLOT];
}

/** The streams the public pages' widgets read: what a server-side source must provide. */
export type PublicDataSource = Pick<
  DataService,
  | 'homeGames$'
  | 'gameNames$'
  | 'gameYear$'
  | 'gameYearMeta$'
  | 'gameYears'
  | 'corrections$'
  | 'khaiwals$'
  | 'mainInfo$'
  | 'adInfo$'
  | 'holidays$'
  | 'connected$'
  | 'today$'
  | 'todayKey'
  | 'timezone'
>;

/**
 * Server rendering: runs `render` with `source` in the page's slot, then puts back what was
 * there. renderToString is synchronous, so no other render can observe the swap.
 */
export function withDataService<T>(source: PublicDataSource, render: () => T): T {
  const holder = globalThis as Slot;
  const previous = holder[SLOT];
  // The widgets type the slot as the whole service but only call the public streams above.
  holder[SLOT] = source as DataService;
  try {
    return render();
  } finally {
    if (previous) holder[SLOT] = previous;
    else delete holder[SLOT];
  }
}

export function dataService(): DataService {
  const service = (globalThis as Slot)[SLOT];
  if (!service) throw new Error('The data service is not initialised: call initDataService(config) first.');
  return service;
}
