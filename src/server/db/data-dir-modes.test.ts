import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { openDatabase } from './client';
import { looseModesWarning, prepareDataDir } from './data-dir-modes';
import { seedDemoData } from '../demo/demo-data';

const scratch = mkdtempSync(join(tmpdir(), 'rm-modes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every path under dir (itself included) whose mode lets group or others in, with that mode. */
function looseEntries(dir: string): string[] {
  const entries = ['.', ...readdirSync(dir, { recursive: true, encoding: 'utf8' })];
  return entries
    .map((entry) => `${entry} ${(statSync(join(dir, entry)).mode & 0o777).toString(8)}`)
    .filter((line) => !/ [0-7]00$/.test(line));
}

describe('embedded data directory permissions', () => {
  it('creates a fresh data directory 0700 and every file in it 0600, through writes and a reopen', async () => {
    const dataDir = join(scratch, 'fresh', 'data');
    expect(prepareDataDir(dataDir)).toEqual([]);
    const first = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
    await first.migrate();
    await seedDemoData(first.db);
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
    await again.close();

    const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
    expect(files.length).toBeGreaterThan(500);
    expect(looseEntries(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const file of files) {
      const stat = statSync(join(dataDir, file));
      expect(stat.mode & 0o777, file).toBe(stat.isDirectory() ? 0o700 : 0o600);
    }
  }, 120_000);

  it('repairs a directory left 0755 with files 0666, naming what it changed', () => {
    const dataDir = mkdtempSync(join(scratch, 'loose-'));
    mkdirSync(join(dataDir, 'base'));
    writeFileSync(join(dataDir, 'PG_VERSION'), '17');
    writeFileSync(join(dataDir, 'base', '1'), 'rows');
    writeFileSync(join(dataDir, 'postmaster.opts'), 'x');
    chmodSync(join(dataDir, 'postmaster.opts'), 0o600);
    for (const [path, mode] of [
      ['.', 0o755],
      ['base', 0o755],
      ['PG_VERSION', 0o666],
      ['base/1', 0o644],
    ] as const) {
      chmodSync(join(dataDir, path), mode);
    }

    const repaired = prepareDataDir(dataDir);

    expect(repaired.sort()).toEqual(['.', 'PG_VERSION', 'base', 'base/1']);
    expect(looseEntries(dataDir)).toEqual([]);
    expect(statSync(join(dataDir, 'base', '1')).mode & 0o777).toBe(0o600);
    expect(looseModesWarning(dataDir, repaired)).toMatch(
      /had 4 file\(s\) or directories other users could read/,
    );
    expect(prepareDataDir(dataDir)).toEqual([]);
  });
});
