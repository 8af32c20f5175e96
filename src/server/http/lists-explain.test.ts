import { createHash } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRequestSortFields } from '../../contract/changes';
import {
  auditEventSortFields,
  capabilitySortFields,
  microfrontendSortFields,
  microfrontendVersionSortFields,
  parseSort,
  tenantSortFields,
  userProfileSortFields,
  userSortFields,
  webAppMeshSortFields,
  webAppSortFields,
  type SortValue,
} from '../../contract/lists';
import { auditEventListQueries } from '../audit-log/reads';
import { changeRequestListQueries } from '../changes/reads';
import { capabilityListQueries } from '../capabilities/service';
import type { Database } from '../db/client';
import { meshListQueries } from '../microfrontends/mesh-service';
import { microfrontendListQueries } from '../microfrontends/registry-service';
import { microfrontendVersionListQueries } from '../microfrontends/versions-service';
import { tenantListQueries } from '../tenants/service';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { ADMIN_VIEWER } from '../test/viewers';
import { userProfileListQueries } from '../users/profiles-service';
import { userListQueries } from '../users/service';
import { webAppListQueries } from '../web-apps/service';

/*
 * The lists at 10,000 rows: the statements the services build (not hand-written copies) must be
 * planned as index scans, never as a sequential scan of the big table. PostgreSQL only: PGlite has the
 * same indexes, but its planner statistics are not what production runs on.
 */
const ROWS = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

const admin = ADMIN_VIEWER;

describe.skipIf(!process.env.TEST_DATABASE_URL)('list query plans at 10,000 rows [postgres]', () => {
  let database: TestDatabase | undefined;
  const db = (): Database => {
    if (!database) throw new Error('database used before beforeAll');
    return database.handle.db;
  };

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const d = database.handle.db;
    const day = sql.raw(`timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'`);
    const series = sql.raw(`generate_series(1, ${ROWS}) g`);
    await d.execute(sql`
      insert into tenants (id, name, owner, status, created_at)
      select 'tenant-' || g, 'Tenant ' || md5(g::text), 'owner' || (g % 500) || '@example.com',
        case when g % 10 = 0 then 'inactive' else 'active' end, ${day}
      from ${series}`);
    await d.execute(sql`
      insert into users (id, name, email, global_role, status, created_at)
      select 'user-' || g, 'Person ' || md5(g::text), 'user' || g || '@example.com',
        case when g % 50 = 0 then 'admin' else 'user' end, 'active', ${day}
      from ${series}`);
    await d.execute(sql`
      insert into audit_events (id, action, resource_type, actor_id, actor_email, tenant_id, created_at)
      select 'event-' || g, 'tenant.update', (array['tenant', 'user', 'web-app', 'capability'])[1 + g % 4],
        'user-' || (g % 300), 'user' || (g % 300) || '@example.com', 'tenant-' || (g % 1000), ${day}
      from ${series}`);
    await d.execute(sql`
      insert into web_apps (id, tenant_id, name, technology, status, environment, created_at)
      select 'app-' || g, 'tenant-' || (1 + g % 1000), 'App ' || md5(g::text),
        (array['module-federation', 'web-component', 'iframe-composition'])[1 + g % 3],
        (array['running', 'provisioning', 'stopped'])[1 + g % 3],
        (array['development', 'uat', 'production'])[1 + g % 3], ${day}
      from ${series}`);
    await d.execute(sql`
      insert into change_requests (id, tenant_id, environment, kind, title,
        status, required_approvals, requested_by, created_at, updated_at, scheduled_at)
      select 'cr-' || g, 'tenant-' || (1 + g % 1000), 'production', 'approval_policy.set', 'Change ' || md5(g::text),
        (array['pending', 'scheduled', 'applied', 'rejected'])[1 + g % 4], 1,
        'user' || (g % 300) || '@example.com', ${day}, ${day},
        case when g % 4 = 1 then ${day} else null end
      from ${series}`);
    await d.execute(sql`
      insert into capabilities (id, name, status, category, version)
      select 'cap-' || g, 'Capability ' || md5(g::text), (array['available', 'provisioning', 'deprecated'])[1 + g % 3],
        'category' || (g % 40), '1.' || (g % 50) || '.0'
      from ${series}`);
    await d.execute(sql`
      insert into microfrontends (id, slug, name, created_at)
      select 'mfe-' || g, 'slug-' || g, 'Front ' || md5(g::text), ${day}
      from ${series}`);
    await d.execute(sql`
      insert into microfrontend_versions (id, microfrontend_id, version, status, created_at)
      select 'mfv-' || g, 'mfe-1', '1.' || g || '.0', (array['draft', 'published', 'deprecated'])[1 + g % 3], ${day}
      from ${series}`);
    await d.execute(sql`
      insert into web_app_meshes (id, tenant_id, name, menu_items, created_at)
      select 'mesh-' || g, 'tenant-' || (1 + g % 1000), 'Mesh ' || md5(g::text), '[]', ${day}
      from ${series}`);
    await d.execute(sql`
      insert into user_profiles (id, user_id, tenant_id, role, created_at)
      select 'profile-' || g, 'user-' || g, 'tenant-' || (1 + g % 1000), 'member', ${day}
      from ${series}`);
    // VACUUM too, as autovacuum would have by then: rows inserted after CREATE INDEX wait in each GIN
    // index's pending list (fastupdate) until a vacuum, and with ANALYZE alone the planner chose a
    // sequential scan for the searches here.
    await d.execute(sql`vacuum analyze`);
  }, 120_000);

  afterAll(async () => {
    await database?.dispose();
  });

  async function planOf(query: SQLWrapper): Promise<PlanNode[]> {
    const result = await db().execute(sql`explain (format json) ${query}`);
    const [row] = (result as unknown as { rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] }).rows;
    const plan = row?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('EXPLAIN returned no plan');
    return nodesOf(plan);
  }

  /** No sequential scan of the table, and at least one of the list indexes read. */
  async function expectIndexed(query: SQLWrapper, table: string, label: string): Promise<void> {
    const nodes = await planOf(query);
    const summary = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
    expect(
      nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table),
      `${label}: ${summary.join(' > ')}`,
    ).toEqual([]);
    expect(
      nodes.some((n) => /Index/.test(n['Node Type']) && n['Index Name']?.startsWith(`${table}_`)),
      `${label}: ${summary.join(' > ')}`,
    ).toBe(true);
  }

  it('tenants: default order, a search, a filtered sort', async () => {
    const page = (query: Parameters<typeof tenantListQueries>[2]) =>
      tenantListQueries(db(), { all: true }, query).page;
    await expectIndexed(page({}), 'tenants', 'default');
    await expectIndexed(page({ q: md5Prefix(4242) }), 'tenants', 'search');
    await expectIndexed(page({ status: 'inactive', sort: 'name' }), 'tenants', 'status + name');
    await expectIndexed(page({ sort: '-owner', offset: 500 }), 'tenants', 'owner desc, deep page');
  });

  it('users: default order, a search, a filtered sort', async () => {
    const page = (query: Parameters<typeof userListQueries>[2]) => userListQueries(db(), admin, query).page;
    await expectIndexed(page({}), 'users', 'default');
    await expectIndexed(page({ q: 'user4242@' }), 'users', 'search');
    await expectIndexed(page({ globalRole: 'admin', sort: '-createdAt' }), 'users', 'role + createdAt');
  });

  it('a deep offset page reads its rows by primary key, after an id walk (deferred join)', async () => {
    const deep = { offset: 9_000 };
    const pages: [string, SQLWrapper][] = [
      ['tenants', tenantListQueries(db(), { all: true }, deep).page],
      ['users', userListQueries(db(), admin, { ...deep, sort: '-createdAt' }).page],
      ['web_apps', webAppListQueries(db(), { all: true }, deep).page],
      ['audit_events', auditEventListQueries(db(), undefined, deep).page],
      ['change_requests', changeRequestListQueries(db(), { ...deep, sort: 'status' }, admin).page],
    ];
    for (const [table, page] of pages) {
      const nodes = await planOf(page);
      const summary = nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(' > ');
      const scans = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);
      expect(scans, `${table}: ${summary}`).toEqual([]);
      expect(
        nodes.some((n) => n['Index Name'] === `${table}_pkey`),
        `${table}: ${summary}`,
      ).toBe(true);
    }
  });

  it('audit events: default order, an actor search, a filtered sort', async () => {
    const page = (query: Parameters<typeof auditEventListQueries>[2]) =>
      auditEventListQueries(db(), undefined, query).page;
    await expectIndexed(page({}), 'audit_events', 'default');
    await expectIndexed(page({ actor: 'user42@example' }), 'audit_events', 'actor');
    await expectIndexed(page({ tenantId: 'tenant-7', sort: '-createdAt' }), 'audit_events', 'tenant');
    await expectIndexed(page({ resourceType: 'user', sort: 'action' }), 'audit_events', 'type + action');
  });

  /**
   * Every sortable column of a list, both directions, as a first page and as a page reached by cursor:
   * each is an index walk (no Sort node: a plan that sorts the table reads all of it for one page).
   */
  async function expectEverySortIndexed<F extends string>(
    table: string,
    fields: readonly F[],
    pageOf: (query: {
      sort: SortValue<F>;
      limit: number;
      cursor?: ReturnType<typeof boundary>;
    }) => SQLWrapper,
    rows: Record<string, unknown>[],
  ): Promise<void> {
    for (const field of fields) {
      for (const sort of [field, `-${field}`] as SortValue<F>[]) {
        const row = rows[0] ?? {};
        for (const cursor of [undefined, boundary(sort, row), boundary(sort, row, 'previous')]) {
          const label = `${table} ${sort}${cursor ? ` by ${cursor.direction} cursor` : ''}`;
          const query = pageOf({ sort, limit: 25, cursor });
          await expectIndexed(query, table, label);
          const sorts = (await planOf(query)).filter((n) => /Sort/.test(n['Node Type']));
          expect(
            sorts.map((n) => n['Node Type']),
            label,
          ).toEqual([]);
        }
      }
    }
  }

  /** A cursor at a middle row for a sort (the row's own value of the sorted field). */
  function boundary(sort: string, row: Record<string, unknown>, direction: 'next' | 'previous' = 'next') {
    const { field } = parseSort(sort);
    const key = row[field];
    const cursor = {
      direction,
      sort,
      key: typeof key === 'string' || typeof key === 'number' ? key : null,
      id: String(row.id),
    };
    return cursor;
  }

  async function middleRow(query: PromiseLike<unknown[]>): Promise<Record<string, unknown>[]> {
    const rows = (await query) as Record<string, unknown>[];
    return rows.slice(-1);
  }

  it('every sort of tenants, users, web apps, audit events and change requests walks an index', async () => {
    const offsetPage = { limit: 1, offset: ROWS / 2 };
    const scope = { all: true } as const;
    await expectEverySortIndexed(
      'tenants',
      tenantSortFields,
      (q) => tenantListQueries(db(), scope, q).page,
      await middleRow(tenantListQueries(db(), scope, offsetPage).page),
    );
    await expectEverySortIndexed(
      'users',
      userSortFields,
      (q) => userListQueries(db(), admin, q).page,
      await middleRow(userListQueries(db(), admin, offsetPage).page),
    );
    await expectEverySortIndexed(
      'web_apps',
      webAppSortFields,
      (q) => webAppListQueries(db(), scope, q).page,
      await middleRow(webAppListQueries(db(), scope, offsetPage).page),
    );
    await expectEverySortIndexed(
      'audit_events',
      auditEventSortFields,
      (q) => auditEventListQueries(db(), undefined, q).page,
      await middleRow(auditEventListQueries(db(), undefined, offsetPage).page),
    );
    await expectEverySortIndexed(
      'change_requests',
      changeRequestSortFields,
      (q) => changeRequestListQueries(db(), q, admin).page,
      await middleRow(changeRequestListQueries(db(), offsetPage, admin).page),
    );
  }, 120_000);

  it('every sort of capabilities, microfrontends, versions, meshes and profiles walks an index', async () => {
    const offsetPage = { limit: 1, offset: ROWS / 2 };
    const scope = { all: true } as const;
    await expectEverySortIndexed(
      'capabilities',
      capabilitySortFields,
      (q) => capabilityListQueries(db(), q).page,
      await middleRow(capabilityListQueries(db(), offsetPage).page),
    );
    await expectEverySortIndexed(
      'microfrontends',
      microfrontendSortFields,
      (q) => microfrontendListQueries(db(), q).page,
      await middleRow(microfrontendListQueries(db(), offsetPage).page),
    );
    await expectEverySortIndexed(
      'microfrontend_versions',
      microfrontendVersionSortFields,
      (q) => microfrontendVersionListQueries(db(), 'mfe-1', q).page,
      await middleRow(microfrontendVersionListQueries(db(), 'mfe-1', offsetPage).page),
    );
    await expectEverySortIndexed(
      'web_app_meshes',
      webAppMeshSortFields,
      (q) => meshListQueries(db(), scope, q).page,
      await middleRow(meshListQueries(db(), scope, offsetPage).page),
    );
    await expectEverySortIndexed(
      'user_profiles',
      userProfileSortFields,
      (q) => userProfileListQueries(db(), scope, q).page,
      await middleRow(userProfileListQueries(db(), scope, offsetPage).page),
    );
  }, 120_000);
});

/** Eight characters of a row's md5 name: a search that matches about one row. */
function md5Prefix(g: number): string {
  // The names are 'Tenant ' || md5(g); node computes the same digest.
  return createHash('md5').update(String(g)).digest('hex').slice(0, 8);
}
