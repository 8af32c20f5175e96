import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventListQueries } from '../audit-log/reads';
import { capabilityListQueries } from '../capabilities/service';
import { changeRequestListQueries } from '../changes/reads';
import { microfrontendListQueries } from '../microfrontends/registry-service';
import { tenantListQueries } from '../tenants/service';
import { testDatabaseKinds } from '../test/databases';
import { listRowsDatabase } from '../test/list-rows';
import { ADMIN_VIEWER } from '../test/viewers';
import { userListQueries } from '../users/service';
import { webAppListQueries } from '../web-apps/service';
import type { Database } from './client';
import { compiledShapeCount, forgetCompiledShapes, isCompiled, readRows } from './compiled-select';
import { DescribedSelect, namedFrom } from './lazy-select';
import type { ListQueries } from './list';
import { auditEvents, tenants } from './schema';

/*
 * A select read through its shape's statement (db/compiled-select.ts) answers exactly what drizzle's own
 * execution answers, for every list and picker shape, with each query's own values; shapes it does not
 * know run through drizzle unchanged.
 */

const all = { all: true } as const;
type Build = (db: Database) => PromiseLike<unknown[]>;
const pageOf = (queries: ListQueries<unknown>) => queries.page;

/** List pages and counts of several shapes, each asked with two different sets of values. */
const QUERIES: [string, Build][] = [
  ['tenants, first page', (db) => pageOf(tenantListQueries(db, all, { limit: 5 }))],
  ['tenants by name', (db) => pageOf(tenantListQueries(db, all, { sort: 'name', limit: 7 }))],
  ['tenants by -owner', (db) => pageOf(tenantListQueries(db, all, { sort: '-owner', limit: 3 }))],
  ['tenants searched "e"', (db) => pageOf(tenantListQueries(db, all, { q: 'e', limit: 4 }))],
  ['tenants searched "a"', (db) => pageOf(tenantListQueries(db, all, { q: 'a', limit: 4 }))],
  ['active tenants', (db) => pageOf(tenantListQueries(db, all, { status: 'active', limit: 4 }))],
  ['inactive tenants', (db) => pageOf(tenantListQueries(db, all, { status: 'inactive', limit: 4 }))],
  [
    'tenants in scope',
    (db) => pageOf(tenantListQueries(db, { all: false, tenantIds: ['tenant-002', 'tenant-005'] }, {})),
  ],
  [
    'tenants in another scope',
    (db) => pageOf(tenantListQueries(db, { all: false, tenantIds: ['tenant-003', 'tenant-004'] }, {})),
  ],
  ['tenants counted', (db) => tenantListQueries(db, all, { q: 'e' }).count()],
  ['tenants counted, other term', (db) => tenantListQueries(db, all, { q: 'o' }).count()],
  ['users', (db) => pageOf(userListQueries(db, ADMIN_VIEWER, { sort: 'email', limit: 6 }))],
  ['users by -name', (db) => pageOf(userListQueries(db, ADMIN_VIEWER, { sort: '-name', limit: 6 }))],
  ['capabilities', (db) => pageOf(capabilityListQueries(db, { limit: 6 }))],
  ['web apps', (db) => pageOf(webAppListQueries(db, all, { limit: 6 }))],
  ['microfrontends', (db) => pageOf(microfrontendListQueries(db, { limit: 6 }))],
  ['audit log', (db) => pageOf(auditEventListQueries(db, undefined, { limit: 6 }))],
  ['changes', (db) => pageOf(changeRequestListQueries(db, { limit: 6 }, ADMIN_VIEWER))],
  // Values of every kind the mapper decodes: timestamps, integers, JSON text, counts mapped to numbers.
  [
    'audit events with a count',
    (db) => db.select({ n: count(), at: sql<string>`max(${auditEvents.createdAt})` }).from(auditEvents),
  ],
  [
    'tenant names in a list',
    (db) =>
      db
        .select({ id: tenants.id })
        .from(tenants)
        .where(inArray(tenants.id, ['tenant-001', 'tenant-007'])),
  ],
  [
    'tenant names in a longer list',
    (db) =>
      db
        .select({ id: tenants.id })
        .from(tenants)
        .where(inArray(tenants.id, ['tenant-001', 'tenant-007', 'tenant-009'])),
  ],
];

describe.each(testDatabaseKinds())('compiled selects [%s]', (kind) => {
  const { db } = listRowsDatabase(kind);

  it('reads what drizzle reads, for every shape and its values, the first time and from the cache', async () => {
    for (const [label, build] of QUERIES) {
      const expected = await build(db());
      expect(expected.length, label).toBeGreaterThan(0);
      // Twice: the first builds the shape's statement, the second reads through it.
      expect(await readRows(db(), build(db())), label).toEqual(expected);
      expect(await readRows(db(), build(db())), label).toEqual(expected);
      expect(isCompiled(build(db())), label).toBe(true);
    }
  });

  it('keeps one statement per shape, whatever the values', async () => {
    forgetCompiledShapes();
    const before = 0;
    for (const status of ['active', 'inactive', 'active'] as const) {
      await readRows(db(), tenantListQueries(db(), all, { status, limit: 3, sort: 'owner' }).page);
    }
    expect(compiledShapeCount()).toBe(before + 1);
    // Another clause is another shape: the same list on another page, with an offset.
    await readRows(
      db(),
      tenantListQueries(db(), all, { status: 'active', limit: 3, sort: 'owner', offset: 0 }).page,
    );
    expect(compiledShapeCount()).toBe(before + 1);
    const rows = await readRows(
      db(),
      db().select({ id: tenants.id }).from(tenants).orderBy(tenants.id).limit(2).offset(3),
    );
    expect(rows).toEqual(
      await db().select({ id: tenants.id }).from(tenants).orderBy(tenants.id).limit(2).offset(3),
    );
    expect(compiledShapeCount()).toBe(before + 2);
  });

  it('runs a select it cannot shape through drizzle, with the same rows', async () => {
    const withSubquery = () =>
      db()
        .select({ id: tenants.id })
        .from(tenants)
        .where(inArray(tenants.id, db().select({ id: auditEvents.tenantId }).from(auditEvents)))
        .orderBy(tenants.id);
    const before = compiledShapeCount();
    expect(await readRows(db(), withSubquery())).toEqual(await withSubquery());
    expect(compiledShapeCount()).toBe(before);
    expect(isCompiled(withSubquery())).toBe(false);
  });

  it('tells apart values a shape sets aside from text it keeps', async () => {
    const byStatus = (status: 'active' | 'inactive') =>
      db().select({ id: tenants.id }).from(tenants).where(eq(tenants.status, status)).orderBy(tenants.id);
    const raw = (status: 'active' | 'inactive') =>
      db()
        .select({ id: tenants.id })
        .from(tenants)
        .where(sql.raw(`status = '${status}'`))
        .orderBy(tenants.id);
    for (const status of ['active', 'inactive'] as const) {
      expect(await readRows(db(), byStatus(status))).toEqual(await byStatus(status));
      // Raw text is part of the key: each status is its own statement, never the other's.
      expect(await readRows(db(), raw(status))).toEqual(await raw(status));
    }
  });
  it('builds a described select once per shape, and reads each later one without drizzle building it', async () => {
    let builds = 0;
    const from = namedFrom({}, (d) => {
      builds++;
      return d.select({ id: tenants.id, name: tenants.name }).from(tenants).$dynamic();
    });
    const byStatus = (status: 'active' | 'inactive', limit: number) =>
      new DescribedSelect(db(), from, {
        where: eq(tenants.status, status),
        orderBy: [asc(tenants.id)],
        limit,
        offset: 1,
      });
    for (const [status, limit] of [
      ['active', 3],
      ['inactive', 2],
      ['active', 4],
    ] as const) {
      const expected = await byStatus(status, limit).select();
      expect(await readRows(db(), byStatus(status, limit)), status).toEqual(expected);
    }
    // One build per expected answer above, and one for the shape's first read.
    expect(builds).toBe(4);
    expect(isCompiled(byStatus('active', 1))).toBe(true);
  });

  it('reads a described select whose FROM has values of its own whole, every time', async () => {
    const tagged = (tag: string) =>
      new DescribedSelect(
        db(),
        // The same key for two FROMs that differ by a value: the shape must not stand for both.
        namedFrom(tenants, (d) =>
          d
            .select({ id: tenants.id, tag: sql<string>`${tag}::text` })
            .from(tenants)
            .$dynamic(),
        ),
        { where: undefined, orderBy: [asc(tenants.id)], limit: 2, offset: 0 },
      );
    for (const tag of ['first', 'second']) {
      const rows = await readRows(db(), tagged(tag));
      expect(rows).toEqual(await tagged(tag).select());
      expect(rows.every((row) => row.tag === tag)).toBe(true);
    }
    expect(isCompiled(tagged('third'))).toBe(false);
  });
});
