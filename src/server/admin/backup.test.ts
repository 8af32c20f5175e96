import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, tenants } from '../db/schema';
import { isRelativeInside, tarMembers } from '../db/backup-archive';
import { openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { RestoreError, restoreDataDir } from '../db/restore';
import { migrationsFolder } from '../paths';
import { describeApi } from '../test/api-harness';
import { sessionCookieFor } from '../test/sessions';
import { POSTGRES_BACKUP_MESSAGE } from './backup';

const scratch = mkdtempSync(join(tmpdir(), 'rm-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A data directory holding one tenant of the given name, closed again. */
async function dataDirWith(tenantName: string): Promise<string> {
  const dataDir = mkdtempSync(join(scratch, 'data-'));
  const database = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
  await database.migrate();
  await database.db
    .insert(tenants)
    .values({ id: `t-${tenantName}`, name: tenantName, owner: 'o@example.com' });
  await database.close();
  return dataDir;
}

async function tenantNamesIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
  try {
    return (await database.db.select({ name: tenants.name }).from(tenants)).map((row) => row.name).sort();
  } finally {
    await database.close();
  }
}

/** A well-formed tar.gz holding one file that is not a data directory. */
function otherArchive(): string {
  const header = Buffer.alloc(512);
  header.write('notes.txt', 0);
  header.write('00000000005\0', 124);
  const tar = Buffer.concat([header, Buffer.from('hello'.padEnd(512, '\0')), Buffer.alloc(1024)]);
  const file = join(scratch, 'other.tar.gz');
  writeFileSync(file, gzipSync(tar));
  return file;
}

/** Entries under dir (itself included) that group or others may read, write or enter. */
const groupOrOtherAccess = (dir: string) =>
  ['.', ...readdirSync(dir, { recursive: true, encoding: 'utf8' })].filter(
    (entry) => (statSync(join(dir, entry)).mode & 0o077) !== 0,
  );

/** A well-formed tar.gz whose one member climbs out of the directory it is unpacked into. */
function escapingArchive(): string {
  const header = Buffer.alloc(512);
  header.write('../PG_VERSION', 0);
  header.write('00000000003\0', 124);
  const tar = Buffer.concat([header, Buffer.from('17\n'.padEnd(512, '\0')), Buffer.alloc(1024)]);
  const file = join(scratch, 'escaping.tar.gz');
  writeFileSync(file, gzipSync(tar));
  return file;
}

/** Whatever a failed restore might leave beside the directory. */
const leftovers = (dataDir: string) =>
  readdirSync(dirname(dataDir)).filter((entry) => entry.startsWith(`${basename(dataDir)}.`));

describeApi('GET /api/admin/backup', (ctx) => {
  it('answers a gzipped archive of the embedded database and audits who took it, or 409 on PostgreSQL', async () => {
    const res = await ctx().get('/api/admin/backup');
    if (ctx().kind === 'postgres') {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: POSTGRES_BACKUP_MESSAGE });
      return;
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="resource-manager-[\dT-]+Z\.tar\.gz"$/,
    );
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // Unpacked by hand, it writes nothing outside its target and nothing others may read.
    const members = tarMembers(gunzipSync(res.rawPayload));
    expect(members.map((member) => member.name)).toContain('PG_VERSION');
    expect(members.filter((member) => !isRelativeInside(member.name)).map((m) => m.name)).toEqual([]);
    expect(new Set(members.map((m) => `${m.directory ? 'dir' : 'file'} ${m.mode.toString(8)}`))).toEqual(
      new Set(['dir 700', 'file 600']),
    );
    const [event] = await ctx().db.select().from(auditEvents).where(eq(auditEvents.action, 'system.backup'));
    expect(event).toMatchObject({ actorId: 'test-admin', resourceType: 'system' });
  });

  it('is for global administrators only', async () => {
    const cookie = await sessionCookieFor(ctx().db, { id: 'backup-user', email: 'user@example.com' });
    const res = await ctx().inject({ method: 'GET', url: '/api/admin/backup', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('restores into a data directory, keeping its former contents aside', async () => {
    if (ctx().kind === 'postgres') return;
    await ctx().inject({
      method: 'POST',
      url: '/api/tenants',
      payload: { name: 'Backed up', owner: 'o@example.com' },
    });
    const backupFile = join(scratch, 'backup.tar.gz');
    writeFileSync(backupFile, (await ctx().get('/api/admin/backup')).rawPayload);
    const dataDir = await dataDirWith('Replaced');

    const { previous } = await restoreDataDir({
      backupFile,
      dataDir,
      migrationsFolder: migrationsFolder(),
    });

    const restored = await tenantNamesIn(dataDir);
    expect(restored).toContain('Backed up');
    expect(restored).not.toContain('Replaced');
    expect(previous && (await tenantNamesIn(previous))).toEqual(['Replaced']);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    expect(groupOrOtherAccess(dataDir)).toEqual([]);
    expect(previous && groupOrOtherAccess(previous)).toEqual([]);
    // Four data directories opened in turn: slow on a loaded machine.
  }, 120_000);
});

describe('restore refusals', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await dataDirWith('Kept');
  });

  /** Every file's path, size and modification time: equal before and after means nothing was touched. */
  const snapshot = () =>
    readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((entry) => {
        const stat = statSync(join(dataDir, entry));
        return `${entry} ${stat.size} ${stat.mtimeMs}`;
      });

  it('refuses to restore while a server holds the directory, changing nothing', async () => {
    const lock = await lockDataDir(dataDir);
    const before = snapshot();
    try {
      await expect(
        restoreDataDir({ backupFile: __filename, dataDir, migrationsFolder: migrationsFolder() }),
      ).rejects.toThrow(DataDirLockedError);
      expect(snapshot()).toEqual(before);
    } finally {
      lock.release();
    }
    expect(leftovers(dataDir)).toEqual([]);
  });

  it.each([
    ['a file that is not a backup', () => __filename, /is not a backup of the embedded database/],
    ['a gzipped tar of something else', () => otherArchive(), /no PG_VERSION in it/],
    ['a missing file', () => join(scratch, 'missing.tar.gz'), /Backup file not found/],
    ['an archive whose member climbs out', () => escapingArchive(), /member \.\.\/PG_VERSION/],
  ])('refuses %s with the reason, changing nothing', async (_case, file, message) => {
    const before = snapshot();
    const attempt = restoreDataDir({ backupFile: file(), dataDir, migrationsFolder: migrationsFolder() });
    await expect(attempt).rejects.toThrow(RestoreError);
    await expect(attempt).rejects.toThrow(message);
    expect(snapshot()).toEqual(before);
    expect(leftovers(dataDir)).toEqual([]);
  });
});
