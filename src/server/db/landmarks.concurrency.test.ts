import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { tenantListQueries } from '../tenants/service';
import { listRowsDatabase } from '../test/list-rows';
import { runList } from './list';
import { Landmarks } from './landmarks';
import { tenants } from './schema';

/*
 * Landmarks beside concurrent writers (db/landmarks.ts, PostgreSQL only: PGlite runs one statement at a
 * time): none are read while a writer of the table is in flight, and a reader never deadlocks with a
 * transaction that altered the table before writing to it.
 */

const all = { all: true } as const;
/** Past the walk's usual 250 ms: on a loaded CI machine a timed-out walk would read as "no landmarks". */
const patient = { spacing: 4, walkTimeoutMs: 30_000 } as const;
const idsOf = (rows: unknown[]) => rows.map((row) => (row as { id: string }).id);

describe.skipIf(!process.env.TEST_DATABASE_URL)('list landmarks beside writers [postgres]', () => {
  const { database, db } = listRowsDatabase('postgres');
  const seek = () => tenantListQueries(db(), all, { sort: 'name', limit: 5, offset: 9 }).seek;
  const everyByName = async () =>
    idsOf((await runList(db(), tenantListQueries(db(), all, { sort: 'name', limit: 200 }))).items);

  it('reads no landmarks while a writer of the table is in flight', async () => {
    const landmarks = new Landmarks(patient);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted: () => void = () => undefined;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const writer = db().transaction(async (tx) => {
      await tx.insert(tenants).values({ id: 'tenant-aab', name: 'a second', owner: 'o@example.com' });
      inserted();
      await held;
    });
    await insertedYet;
    const during = seek();
    expect(during && (await landmarks.read(db(), during))).toBeUndefined();
    release();
    await writer;
    const every = await everyByName();
    expect(every[0]).toBe('tenant-aab');
    const after = seek();
    expect(after && idsOf((await landmarks.read(db(), after)) ?? [])).toEqual(every.slice(9, 15));
    await db().delete(tenants).where(eq(tenants.id, 'tenant-aab'));
  });

  it('waits for a transaction that altered the table and then writes to it, without a deadlock', async () => {
    const landmarks = new Landmarks(patient);
    const other = new pg.Client({ connectionString: database().url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('alter table tenants add column landmark_probe integer');
      const during = seek();
      const reading = during && landmarks.read(db(), during);
      // The reader waits on the table's lock, which the ALTER holds. pg_locks, not pg_stat_activity:
      // the latter is a snapshot taken once per transaction, and this one stays open. Of this database
      // only: every test database is a copy of one template, so their tables share OIDs.
      for (;;) {
        const { rows } = await other.query<{ n: number }>(
          `select count(*)::int as n from pg_locks
            where database = (select oid from pg_database where datname = current_database())
              and relation = 'tenants'::regclass and not granted`,
        );
        if ((rows[0]?.n ?? 0) > 0) break;
      }
      await other.query(
        `insert into tenants (id, name, owner) values ('tenant-aad', 'a fourth', 'o@example.com')`,
      );
      await other.query('rollback');
      const every = await everyByName();
      // A deadlock would reject here. PostgreSQL releases a transaction's table locks before its advisory
      // ones, so the woken walk may still find the writer's generation lock held and give the page up
      // (undefined: read from the first row); the next read then serves it from landmarks.
      const served = await reading;
      if (served) expect(idsOf(served)).toEqual(every.slice(9, 15));
      const after = seek();
      expect(after && idsOf((await landmarks.read(db(), after)) ?? [])).toEqual(every.slice(9, 15));
    } finally {
      await other.end();
    }
  });

  it('answers deep pages while writers come and go', async () => {
    const landmarks = new Landmarks({ spacing: 4, walkRows: 8 });
    for (let round = 0; round < 10; round++) {
      const id = `tenant-r${round}`;
      const writing = db()
        .insert(tenants)
        .values({ id, name: `a round ${round}`, owner: 'o@example.com' });
      const during = seek();
      const [read] = await Promise.all([during && landmarks.read(db(), during), writing]);
      const every = await everyByName();
      // Either no landmark served the page, or what it served is the page as of before or after the write.
      if (read) {
        const without = every.filter((one) => one !== id);
        expect([every.slice(9, 15), without.slice(9, 15)]).toContainEqual(idsOf(read));
      }
    }
    await db()
      .delete(tenants)
      .where(sql`${tenants.id} like 'tenant-r%'`);
  });
});
