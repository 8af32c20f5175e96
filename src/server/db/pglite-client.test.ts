import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { openDatabase } from './client';

describe('embedded database opening', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rm-pglite-client-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs with 32 MB of shared buffers, and reopens a data directory with the compiled module it kept', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
    await first.migrate();
    const { rows } = await first.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
    expect(rows[0]?.shared_buffers).toBe('32MB');
    await first.db.execute(sql`create table reopened_marker (id int primary key)`);
    await first.db.execute(sql`insert into reopened_marker values (7)`);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
    try {
      const marker = await again.db.execute<{ id: number }>(sql`select id from reopened_marker`);
      expect(marker.rows).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  });
});
