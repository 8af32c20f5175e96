import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases';
import { listRowsDatabase } from '../test/list-rows';
import type { Database } from './client';
import { readPrepared, readsDirectly } from './pg-direct';
import { generatedRowMapper } from './row-mapper';
import { auditEvents, tenants } from './schema';

/*
 * A prepared select read straight from node-postgres with a generated row mapper (db/pg-direct.ts)
 * answers what drizzle's own execution answers: nested objects, decoded values, nulls, placeholders;
 * an outer join (whose missing side drizzle maps to null) goes through drizzle.
 */

const nested = (db: Database, name: string) =>
  db
    .select({
      tenant: { id: tenants.id, name: tenants.name, createdAt: tenants.createdAt },
      events:
        sql<number>`(select count(*) from ${auditEvents} where ${auditEvents.tenantId} = ${tenants.id})`.mapWith(
          Number,
        ),
      description: tenants.description,
    })
    .from(tenants)
    .where(eq(tenants.id, sql.placeholder('id')))
    .prepare(name);

const outer = (db: Database, name: string) =>
  db
    .select({ event: { id: auditEvents.id }, tenant: { id: tenants.id, name: tenants.name } })
    .from(auditEvents)
    .leftJoin(tenants, eq(tenants.id, auditEvents.tenantId))
    .where(eq(auditEvents.id, sql.placeholder('id')))
    .prepare(name);

describe.each(testDatabaseKinds())('prepared selects read directly [%s]', (kind) => {
  const { db } = listRowsDatabase(kind);

  it('reads what drizzle reads: nested objects, decoded values and nulls, for each placeholder value', async () => {
    const statement = nested(db(), 'test_direct_nested');
    const ids = (await db().select({ id: tenants.id }).from(tenants).limit(3)).map((row) => row.id);
    for (const id of [...ids, 'no-such-tenant']) {
      const expected = await statement.execute({ id });
      expect(await readPrepared(statement, { id }), id).toEqual(expected);
    }
    const [first] = await readPrepared(statement, { id: ids[0] });
    expect(typeof first?.events).toBe('number');
    expect(first?.tenant.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    // PostgreSQL reads it directly; PGlite through drizzle.
    expect(readsDirectly(statement)).toBe(kind === 'postgres');
  });

  it('reads an outer join as drizzle does (the missing side null)', async () => {
    const statement = outer(db(), 'test_direct_outer');
    const [platformEvent] = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(sql`${auditEvents.tenantId} is null`)
      .limit(1);
    const [tenantEvent] = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(sql`${auditEvents.tenantId} is not null`)
      .limit(1);
    for (const id of [platformEvent?.id, tenantEvent?.id].filter((value) => value !== undefined)) {
      expect(await readPrepared(statement, { id })).toEqual(await statement.execute({ id }));
    }
    expect(readsDirectly(statement)).toBe(false);
  });
});

describe('generated row mappers', () => {
  const column = tenants.name;
  it('write nested paths as nested objects, nulls as null', () => {
    const map = generatedRowMapper([
      { path: ['a', 'x'], field: column },
      { path: ['a', 'y'], field: column },
      { path: ['b'], field: sql`1`.mapWith(Number) },
    ]);
    expect(map?.(['one', null, '2'])).toEqual({ a: { x: 'one', y: null }, b: 2 });
  });

  it('refuse clashing paths and a __proto__ name', () => {
    expect(
      generatedRowMapper([
        { path: ['a'], field: column },
        { path: ['a', 'x'], field: column },
      ]),
    ).toBeUndefined();
    expect(generatedRowMapper([{ path: ['__proto__'], field: column }])).toBeUndefined();
  });
});
