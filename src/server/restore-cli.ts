/**
 * `npm run restore -- <backup.tar.gz>`: puts a backup of the embedded database in place of DATA_DIR
 * (default ./data) while the server is stopped (docs/backup.md). Prints where the former data went.
 */
import { resolve } from 'node:path';
import { RestoreError, restoreDataDir } from './db/restore';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrationsFolder } from './paths';

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0) {
  process.stderr.write(
    'Usage: npm run restore -- <backup.tar.gz>   (restores into DATA_DIR, default ./data)\n',
  );
  process.exit(2);
}
// npm runs scripts from the project root; a relative path means one from where the operator typed it.
const backupFile = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const dataDir = resolve(process.env.DATA_DIR || './data');

try {
  const { previous } = await restoreDataDir({ backupFile, dataDir, migrationsFolder: migrationsFolder() });
  process.stdout.write(
    `Restored ${backupFile} into ${dataDir}.\n` +
      (previous ? `The former contents are kept in ${previous}; remove it once you are satisfied.\n` : ''),
  );
} catch (error) {
  const known = error instanceof RestoreError || error instanceof DataDirLockedError;
  process.stderr.write(`Restore failed, nothing was changed: ${known ? error.message : String(error)}\n`);
  process.exit(1);
}
