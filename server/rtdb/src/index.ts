/** Local Realtime Database server: programmatic entry for tests and tools. */
export { startRtdb, PortInUseError, type RtdbOptions, type RtdbServer } from './server.ts';
export { DataFileError } from './storage.ts';
export { RulesFileError, type RulesJson } from './rules.ts';
export { DataDirLockedError } from './lock.ts';
