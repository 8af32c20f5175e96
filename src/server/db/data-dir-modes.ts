import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The embedded database's files hold every password hash, token hash and row: only the server's own user
 * may read or write them (docs/operating.md, "File permissions"). PostgreSQL itself keeps its data
 * directory 0700 and its files 0600; PGlite runs it on top of Node's file system, which leaves the modes
 * to the process umask, and PGlite's first start copies its template files in with an explicit 0666.
 */

/** Owner-only: the bits of group and others. */
const OTHERS = 0o077;

/** From now on every file and directory this process creates is owner-only (0600, 0700). */
export function createOwnerOnly(): void {
  process.umask(OTHERS);
}

/**
 * Takes group and other permissions off every directory and file under `dir` (symbolic links are left
 * alone: their own mode means nothing). Answers the paths it changed, relative to `dir` ('.' for itself).
 */
export function tightenModes(dir: string): string[] {
  const changed: string[] = [];
  const visit = (path: string, relative: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & OTHERS) {
      chmodSync(path, stat.mode & 0o7700);
      changed.push(relative);
    }
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(path)) {
      visit(join(path, entry), relative === '.' ? entry : join(relative, entry));
    }
  };
  visit(dir, '.');
  return changed;
}

/**
 * Before the embedded database opens: owner-only creation for the rest of the process, the directory
 * made 0700 if new, and anything looser inside it repaired. Answers what was repaired (for a warning).
 */
export function prepareDataDir(dataDir: string): string[] {
  createOwnerOnly();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return tightenModes(dataDir);
}

/** The warning a repair deserves: how many, and a few of them. */
export function looseModesWarning(dataDir: string, repaired: string[]): string {
  const shown = repaired.slice(0, 5).join(', ');
  const more = repaired.length > 5 ? ` and ${repaired.length - 5} more` : '';
  return (
    `DATA_DIR ${dataDir} had ${repaired.length} file(s) or directories other users could read or write ` +
    `(${shown}${more}); they are owner-only now. Check who could reach them meanwhile.`
  );
}
