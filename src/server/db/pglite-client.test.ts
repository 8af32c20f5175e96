import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { openDatabase, type DatabaseHandle } from './client';

/** Rows of a raw statement: PGlite answers { rows }, which the driver-neutral Database type leaves unknown. */
async function rowsOf<Row>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe('embedded database opening', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rm-pglite-client-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs with 32 MB of shared buffers, and reopens a data directory with the compiled module it kept', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
    await first.migrate();
    const settings = await rowsOf<{ shared_buffers: string }>(first, sql`show shared_buffers`);
    expect(settings).toEqual([{ shared_buffers: '32MB' }]);
    await first.db.execute(sql`create table reopened_marker (id int primary key)`);
    await first.db.execute(sql`insert into reopened_marker values (7)`);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
    try {
      expect(await rowsOf(again, sql`select id from reopened_marker`)).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  });
});
