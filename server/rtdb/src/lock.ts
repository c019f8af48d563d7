/**
 * One server per data directory: two processes appending to the same log would corrupt it. The lock
 * file holds the owner's pid; a lock whose process is gone (a crash, kill -9) is taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'rtdb.lock';
/** Directories this process holds: a second server in the same process must not share one either. */
const heldHere = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirLockedError(`data directory ${dir} is already used by another server in this process`);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
      throw new DataDirLockedError(`data directory ${dir} is in use by process ${owner}`);
    }
    writeFileSync(file, String(process.pid));
  }
  heldHere.add(file);
  return () => {
    heldHere.delete(file);
    try {
      unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
