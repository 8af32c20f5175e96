import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { propertyOf } from '../unknown';

/** Raised when another live process already serves the same DATA_DIR. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holderPid}. ` +
        'The embedded database allows one server per data directory: stop that process or choose another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return propertyOf(error, 'code') === 'EPERM';
  }
}

/**
 * PGlite takes no lock of its own and two openers corrupt its files, so the server holds an
 * exclusive lock file naming its pid. A lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if (propertyOf(error, 'code') !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
