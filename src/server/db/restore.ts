import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from './client';
import { fileTimeStamp, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { isRelativeInside, tarMembers } from './backup-archive';
import { tightenModes } from './data-dir-modes';
import { users } from './schema';

/** A restore that could not run; nothing was changed. The message is for the operator. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

export interface RestoreResult {
  dataDir: string;
  /** Where the data directory's former contents were moved, when it had any. */
  previous: string | undefined;
}

/** Anything in the directory besides a lock file: it is moved aside, never deleted. */
const holdsData = (dir: string) => existsSync(dir) && readdirSync(dir).some((entry) => entry !== LOCK_FILE);

/**
 * Checks the file is a whole gzipped tar of a PostgreSQL data directory before PGlite reads it: PGlite
 * fails on a damaged archive with an error it does not hand back (an unhandled stream error).
 */
function readDump(backupFile: string): Blob {
  const archive = readFileSync(backupFile);
  let names: string[] = [];
  try {
    names = tarMembers(gunzipSync(archive)).map((member) => member.name);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RestoreError(`${backupFile} is not a backup of the embedded database (${reason})`);
  }
  // Older backups name their members from the root (`/PG_VERSION`); none of ours ever climbs out.
  const escaping = names.find((name) => !isRelativeInside(name.replace(/^\/+/, '')));
  if (escaping !== undefined)
    throw new RestoreError(`${backupFile} is not a backup of the embedded database (member ${escaping})`);
  if (!names.some((name) => name === 'PG_VERSION' || name.endsWith('/PG_VERSION')))
    throw new RestoreError(`${backupFile} is not a backup of the embedded database (no PG_VERSION in it)`);
  return new Blob([archive]);
}

/** Loads the dump into a new directory, brings it to the current schema and checks it is ours. */
async function buildStaging(backupFile: string, staging: string, migrationsFolder: string): Promise<void> {
  const dump = readDump(backupFile);
  let database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: staging, loadDataDir: dump }, migrationsFolder);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RestoreError(`${backupFile} is not a backup of the embedded database (${reason})`);
  }
  try {
    // Any table of ours tells a dump of this product from some other PostgreSQL data directory.
    await database.db
      .select({ id: users.id })
      .from(users)
      .limit(1)
      .catch(() => {
        throw new RestoreError(`${backupFile} holds no Resource Manager data`);
      });
    // A backup from an older version is brought to this version's schema before it is put in place.
    await database.migrate();
  } finally {
    await database.close();
  }
  // The dump was taken from a running server: its lock file names a process that is not this one.
  rmSync(join(staging, LOCK_FILE), { force: true });
}

/**
 * Replaces a data directory with a backup (docs/backup.md): refused while a server holds the directory;
 * the backup is loaded and migrated beside it first, then swapped in by renames, and the former contents
 * are kept in `<dir>.before-restore-<time>`. On any failure the directory is left as it was.
 */
export async function restoreDataDir(options: {
  backupFile: string;
  dataDir: string;
  migrationsFolder: string;
  now?: Date;
}): Promise<RestoreResult> {
  const { backupFile, migrationsFolder } = options;
  const dataDir = resolve(options.dataDir);
  if (!existsSync(backupFile)) throw new RestoreError(`Backup file not found: ${backupFile}`);
  const lock = await lockDataDir(dataDir);
  const stamp = fileTimeStamp(options.now ?? new Date());
  const staging = `${dataDir}.restoring-${stamp}`;
  try {
    await buildStaging(backupFile, staging, migrationsFolder);
    const previous = holdsData(dataDir) ? `${dataDir}.before-restore-${stamp}` : undefined;
    if (previous) renameSync(dataDir, previous);
    else rmSync(dataDir, { recursive: true, force: true });
    renameSync(staging, dataDir);
    if (previous) {
      rmSync(join(previous, LOCK_FILE), { force: true });
      // The former contents hold the same hashes as the live directory: owner-only too.
      tightenModes(previous);
    }
    return { dataDir, previous };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}
