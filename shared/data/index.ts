export * from './service.ts';
export * from './config.ts';
export * from './live.ts';
export { DataError, ImportChangedError, SessionEndedError, type DataErrorCode } from './errors.ts';
export { DataProvider, useData, useLive, useObservable, useRead } from './react.ts';
export { dataService, initDataService } from './singleton.ts';
export type { AdminCommands, AdminSession, AdminWriteName } from './admin.ts';
export { AD_INFO, HOLIDAYS, KHAIWALS, MAIN_INFO, RESULTS_ROOT, SCHEDULED, paths } from './paths.ts';
export { memoryStore, type KeyValueStore } from './cache.ts';
