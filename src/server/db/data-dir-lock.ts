import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { propertyOf } from '../unknown';

/** Raised when another live process already serves the same DATA_DIR. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by ${holderPid ? `process ${holderPid}` : 'another process'}. ` +
        'The embedded database allows one server per data directory: stop that process or choose another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** The lock file's name inside the data directory (a restore leaves it out of what it moves). */
export const LOCK_FILE = 'server.lock';

/** A time for a file name: sorts by time, no characters a file system or a header must quote. */
export const fileTimeStamp = (time: Date) => time.toISOString().replace(/[:.]/g, '-');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return propertyOf(error, 'code') === 'EPERM';
  }
}

function readHolder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A host-wide mutex per data directory that the kernel frees when its process dies, however it dies: a
 * Linux abstract socket (no file to go stale) named after the directory's path. It makes taking over a
 * stale lock file safe: without it, two starts that both found the same dead pid could each remove the
 * other's fresh lock and open the files together. Elsewhere (and across containers that share a volume
 * but not a network namespace) the lock file alone guards.
 */
async function holdHostMutex(dataDir: string): Promise<Server | undefined> {
  if (process.platform !== 'linux') return undefined;
  const name = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 40);
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen({ path: `\0resource-manager-data-dir-${name}`, exclusive: true }, () => done());
  }).catch((error: unknown) => {
    if (propertyOf(error, 'code') !== 'EADDRINUSE') throw error;
    throw new DataDirLockedError(dataDir, readHolder(join(dataDir, LOCK_FILE)));
  });
  // Held for the process's life without keeping it alive.
  server.unref();
  return server;
}

/** The lock file: names the holder for operators, and guards where the host mutex cannot. */
function takeLockFile(dataDir: string): string {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return path;
    } catch (error) {
      if (propertyOf(error, 'code') !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

/**
 * PGlite takes no lock of its own and two openers corrupt its files, so the server holds the host mutex
 * and an exclusive lock file naming its pid, both before anything reads or writes the database files. A
 * lock file left by a process that no longer runs is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const mutex = await holdHostMutex(dataDir);
  let path: string;
  try {
    path = takeLockFile(dataDir);
  } catch (error) {
    mutex?.close();
    throw error;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      rmSync(path, { force: true });
      mutex?.close();
    },
  };
}
