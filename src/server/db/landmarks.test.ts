import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeRequestSortFields } from '../../contract/changes';
import {
  auditEventSortFields,
  tenantSortFields,
  userSortFields,
  webAppSortFields,
  type SortValue,
} from '../../contract/lists';
import { auditEventListQueries } from '../audit-log/reads';
import { changeRequestListQueries } from '../changes/reads';
import { microfrontendVersionListQueries } from '../microfrontends/versions-service';
import { tenantListQueries } from '../tenants/service';
import { testDatabaseKinds } from '../test/databases';
import { listRowsDatabase } from '../test/list-rows';
import { ADMIN_VIEWER } from '../test/viewers';
import { userListQueries } from '../users/service';
import { webAppListQueries } from '../web-apps/service';
import { propertyOf } from '../unknown';
import type { Database } from './client';
import { executeRows } from './execute-rows';
import { runList, type ListQueries } from './list';
import { LANDMARK_SPACING, LANDMARKED_TABLES, Landmarks, landmarksOf } from './landmarks';
import { tenants } from './schema';

/*
 * Offset pages read from landmarks (db/landmarks.ts) hold exactly the rows, in the order, that the same
 * page read from the first row holds, for every sort of the lists (ties, NULLs and the unique change
 * number included); and landmarks are never used across a write to their table, nor read while a writer
 * of the table is in flight.
 */

type Window = { limit: number; offset: number };
type View = { label: string; build: (db: Database, w: Window) => ListQueries<unknown> };
const all = { all: true } as const;

/** A list's views: each of its sort fields, in both directions. */
function viewsOf<F extends string>(
  name: string,
  fields: readonly F[],
  build: (db: Database, w: Window & { sort: SortValue<F> }) => ListQueries<unknown>,
): View[] {
  return fields
    .flatMap((field): SortValue<F>[] => [field, `-${field}`])
    .map((sort) => ({ label: `${name} ${sort}`, build: (db, w) => build(db, { ...w, sort }) }));
}

const VIEWS: View[] = [
  ...viewsOf('tenants', tenantSortFields, (db, w) => tenantListQueries(db, all, w)),
  ...viewsOf('users', userSortFields, (db, w) => userListQueries(db, ADMIN_VIEWER, w)),
  ...viewsOf('web apps', webAppSortFields, (db, w) => webAppListQueries(db, all, w)),
  ...viewsOf('audit log', auditEventSortFields, (db, w) => auditEventListQueries(db, undefined, w)),
  ...viewsOf('changes', changeRequestSortFields, (db, w) => changeRequestListQueries(db, w, ADMIN_VIEWER)),
  // Filters on the list's own table: their landmarks are of the rows they keep.
  ...viewsOf('active tenants', ['name', 'owner'] as const, (db, w) =>
    tenantListQueries(db, all, { ...w, status: 'active' }),
  ),
  ...viewsOf('tenants named e', ['createdAt'] as const, (db, w) =>
    tenantListQueries(db, all, { ...w, q: 'e' }),
  ),
  ...viewsOf('tenant audit', ['action'] as const, (db, w) =>
    auditEventListQueries(db, undefined, { ...w, resourceType: 'tenant' }),
  ),
  ...viewsOf('closed changes', ['number', 'createdAt'] as const, (db, w) =>
    changeRequestListQueries(db, { ...w, state: 'closed' }, ADMIN_VIEWER),
  ),
  ...viewsOf('versions', ['version', 'createdAt'] as const, (db, w) =>
    microfrontendVersionListQueries(db, 'mfe-001', w),
  ),
];

const idsOf = (rows: unknown[]) => rows.map((row) => (row as { id: string }).id);

for (const kind of testDatabaseKinds()) {
  describe(`list landmarks [${kind}]`, () => {
    const { db } = listRowsDatabase(kind);

    it('reads every offset page of every sort from a landmark as the walk from the first row reads it', async () => {
      const landmarks = new Landmarks({ spacing: 4, walkRows: 8 });
      for (const { label, build } of VIEWS) {
        const every = idsOf((await runList(db(), build(db(), { limit: 200, offset: 0 }))).items);
        expect(every.length, label).toBeGreaterThan(8);
        for (let offset = 4; offset < every.length; offset += 3) {
          const seek = build(db(), { limit: 5, offset }).seek;
          expect(seek, label).toBeDefined();
          const rows = seek && (await landmarks.read(db(), seek));
          expect(rows && idsOf(rows), `${label} at ${offset}`).toEqual(every.slice(offset, offset + 6));
        }
      }
    }, 120_000);

    it('gives landmarks up after a write to their table, and reads them anew', async () => {
      const landmarks = new Landmarks({ spacing: 4 });
      const seek = () => tenantListQueries(db(), all, { sort: 'name', limit: 5, offset: 9 }).seek;
      const first = seek();
      expect(first && (await landmarks.read(db(), first))).toBeDefined();

      // A tenant that sorts first by name moves every other one a place down.
      await db().insert(tenants).values({ id: 'tenant-aaa', name: 'a first', owner: 'o@example.com' });
      const stale = seek();
      expect(stale && (await landmarks.read(db(), stale))).toBeUndefined();
      const fresh = await runList(db(), tenantListQueries(db(), all, { sort: 'name', limit: 5, offset: 9 }));
      const every = idsOf(
        (await runList(db(), tenantListQueries(db(), all, { sort: 'name', limit: 200 }))).items,
      );
      expect(idsOf(fresh.items)).toEqual(every.slice(9, 14));
      const again = seek();
      expect(again && idsOf((await landmarks.read(db(), again)) ?? [])).toEqual(every.slice(9, 15));
      await db().delete(tenants).where(eq(tenants.id, 'tenant-aaa'));
    });

    it('sees the first write after the generation sequence was created', async () => {
      // A sequence never moved reads 1, as it does after its first nextval: that first write must count.
      await db().execute(sql`alter sequence tenants_list_generation restart`);
      const landmarks = new Landmarks({ spacing: 4 });
      const seek = () => tenantListQueries(db(), all, { sort: 'name', limit: 5, offset: 9 }).seek;
      const before = seek();
      expect(before && (await landmarks.read(db(), before))).toBeDefined();
      await db().insert(tenants).values({ id: 'tenant-aac', name: 'a third', owner: 'o@example.com' });
      const after = seek();
      expect(after && (await landmarks.read(db(), after))).toBeUndefined();
      await db().delete(tenants).where(eq(tenants.id, 'tenant-aac'));
    });

    it('reads deep pages through runList from the landmarks of its database', async () => {
      const extra = Array.from({ length: 2 * LANDMARK_SPACING }, (_, i) => ({
        id: `tenant-x${String(i).padStart(3, '0')}`,
        name: `extra ${i % 9}`,
        owner: `extra${i % 4}@example.com`,
      }));
      await db().insert(tenants).values(extra);
      const page = (offset: number) => tenantListQueries(db(), all, { sort: 'owner', limit: 3, offset });
      const every = idsOf(
        (await runList(db(), tenantListQueries(db(), all, { sort: 'owner', limit: 200 }))).items,
      );
      const landmarks = landmarksOf(db());
      expect(landmarks.knows(tenants, 'owner')).toBe(false);
      for (const offset of [LANDMARK_SPACING + 7, 2 * LANDMARK_SPACING + 1, LANDMARK_SPACING - 1]) {
        expect(idsOf((await runList(db(), page(offset))).items), `at ${offset}`).toEqual(
          every.slice(offset, offset + 3),
        );
      }
      expect(landmarks.knows(tenants, 'owner')).toBe(true);

      // After a write the page read from the landmark (with its own offset) is given up and walked anew.
      await db()
        .delete(tenants)
        .where(eq(tenants.id, every[0] ?? ''));
      const offset = LANDMARK_SPACING + 7;
      expect(idsOf((await runList(db(), page(offset))).items)).toEqual(every.slice(offset + 1, offset + 4));
      expect(landmarks.knows(tenants, 'owner')).toBe(false);
      await db()
        .delete(tenants)
        .where(sql`${tenants.id} like 'tenant-x%'`);
    });

    it('forgets the least recently used orders beyond the landmarks it may hold', async () => {
      const landmarks = new Landmarks({ spacing: 2, maxLandmarks: 20 });
      const deep = (sort: 'name' | 'owner' | 'createdAt') =>
        tenantListQueries(db(), all, { sort, limit: 2, offset: 26 }).seek;
      for (const sort of ['name', 'owner'] as const) {
        const seek = deep(sort);
        expect(seek && (await landmarks.read(db(), seek))).toBeDefined();
      }
      // 13 landmarks each: the second order pushed the first out, and is itself kept.
      expect(landmarks.knows(tenants, 'name')).toBe(false);
      expect(landmarks.knows(tenants, 'owner')).toBe(true);
      const third = deep('createdAt');
      expect(third && (await landmarks.read(db(), third))).toBeDefined();
      expect(landmarks.knows(tenants, 'owner')).toBe(false);
      expect(landmarks.knows(tenants, 'createdAt')).toBe(true);
    });

    it('reads no landmarks for filters that read another table (changes waiting for the viewer)', () => {
      const deep = changeRequestListQueries(db(), { view: 'waiting', limit: 5, offset: 9 }, ADMIN_VIEWER);
      expect(deep.seek).toBeUndefined();
      expect(changeRequestListQueries(db(), { limit: 5, offset: 9 }, ADMIN_VIEWER).seek).toBeDefined();
    });

    it('keeps one generation trigger on each landmarked table and on no other', async () => {
      const result = await db().execute(sql`
        select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid where p.proname = 'list_generation_bump' order by c.relname`);
      const names = executeRows(result).map((row) => propertyOf(row, 'name'));
      expect(names).toEqual([...LANDMARKED_TABLES].sort());
    });
  });
}
