import { sql } from 'drizzle-orm';
import { changeRequestSortFields } from '../../contract/changes';
import {
  auditEventSortFields,
  capabilitySortFields,
  microfrontendSortFields,
  tenantSortFields,
  userSortFields,
  webAppMeshSortFields,
  webAppSortFields,
} from '../../contract/lists';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases';

/*
 * Rows for the list tests (http/lists.test.ts, http/list-cursors.test.ts): ROWS of each listed thing,
 * with many ties on the sorted columns and NULLs in nullable ones. Values are chosen so that every
 * collation orders them alike (they differ early, in plain letters or zero-padded digits), so a test
 * can check the order in JavaScript.
 */
export const ROWS = 30;

/**
 * A database of `kind` holding the list rows, open for the enclosing describe block (call it there):
 * answers the database and its drizzle handle, each valid once the block's tests run.
 */
export function listRowsDatabase(kind: TestDatabaseKind): {
  database: () => TestDatabase;
  db: () => Database;
} {
  let database: TestDatabase | undefined;
  const opened = () => {
    if (!database) throw new Error('The list rows database opens before the first test');
    return database;
  };
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedListRows(database.handle.db);
  }, 60_000);
  afterAll(() => database?.dispose());
  return { database: opened, db: () => opened().handle.db };
}

export async function seedListRows(db: Database): Promise<void> {
  const day = sql.raw(`timestamptz '2026-01-01T00:00:00Z' + (g % 4) * interval '1 day'`);
  const series = sql.raw(`generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into tenants (id, name, owner, status, created_at)
    select 'tenant-' || lpad(g::text, 3, '0'), 'name ' || chr(97 + g % 7), 'owner' || (g % 5) || '@example.com',
      case when g % 3 = 0 then 'inactive' else 'active' end, ${day}
    from ${series}`);
  await db.execute(sql`
    insert into users (id, name, email, global_role, status, created_at, last_login_at)
    select 'user-' || lpad(g::text, 3, '0'), 'person ' || chr(97 + g % 6), 'u' || lpad(g::text, 3, '0') || '@example.com',
      case when g % 4 = 0 then 'admin' else 'user' end, case when g % 5 = 0 then 'inactive' else 'active' end,
      ${day}, case when g % 3 = 0 then null else ${day} end
    from ${series}`);
  await db.execute(sql`
    insert into user_profiles (id, user_id, tenant_id, role)
    select 'profile-' || lpad(g::text, 3, '0'), 'user-' || lpad(g::text, 3, '0'), 'tenant-00' || (1 + g % 2), 'member'
    from ${series}`);
  await db.execute(sql`
    insert into capabilities (id, name, status, category, version)
    select 'cap-' || lpad(g::text, 3, '0'), 'capability ' || chr(97 + g % 8),
      (array['available', 'provisioning', 'deprecated'])[1 + g % 3], 'category' || (g % 4), '1.' || (g % 5) || '.0'
    from ${series}`);
  await db.execute(sql`
    insert into microfrontends (id, slug, name, created_at)
    select 'mfe-' || lpad(g::text, 3, '0'), 'slug-' || lpad(g::text, 3, '0'), 'front ' || chr(97 + g % 5), ${day}
    from ${series}`);
  await db.execute(sql`
    insert into microfrontend_versions (id, microfrontend_id, version, status)
    select 'mfv-' || lpad(g::text, 3, '0'), 'mfe-001', '1.' || lpad(g::text, 2, '0') || '.0',
      case when g % 2 = 0 then 'published' else 'draft' end
    from ${series}`);
  await db.execute(sql`
    insert into web_apps (id, tenant_id, name, technology, status, environment, created_at)
    select 'app-' || lpad(g::text, 3, '0'), 'tenant-00' || (1 + g % 3), 'app ' || chr(97 + g % 6),
      (array['module-federation', 'web-component', 'iframe-composition'])[1 + g % 3],
      (array['running', 'provisioning', 'stopped'])[1 + g % 3], (array['development', 'uat', 'production'])[1 + g % 3 % 2],
      ${day}
    from ${series}`);
  await db.execute(sql`
    insert into web_app_meshes (id, tenant_id, name, menu_items, created_at)
    select 'mesh-' || lpad(g::text, 3, '0'), 'tenant-00' || (1 + g % 2), 'mesh ' || chr(97 + g % 4), '[]', ${day}
    from ${series}`);
  await db.execute(sql`
    insert into audit_events (id, action, resource_type, actor_email, tenant_id, created_at)
    select 'event-' || lpad(g::text, 3, '0'), (array['alpha.create', 'beta.update', 'gamma.delete'])[1 + g % 3],
      (array['tenant', 'user'])[1 + g % 2], 'actor' || (g % 4) || '@example.com', 'tenant-001', ${day}
    from ${series}`);
  await db.execute(sql`
    insert into change_requests (id, tenant_id, environment, kind, title,
      status, required_approvals, requested_by, created_at, updated_at, scheduled_at)
    select 'cr-' || lpad(g::text, 3, '0'), 'tenant-001', 'production', 'approval_policy.set', 'change ' || chr(97 + g % 5),
      (array['pending', 'scheduled', 'applied'])[1 + g % 3], 1,
      'requester@example.com', ${day}, ${day} + (g % 2) * interval '1 hour',
      case when g % 3 = 1 then ${day} else null end
    from ${series}`);
}

export type Row = Record<string, unknown> & { id: string };

/** Each list, its whitelisted sort fields and the row field each sorts on. */
export const LISTS: { path: string; fields: readonly string[] }[] = [
  { path: '/api/tenants', fields: tenantSortFields },
  { path: '/api/users', fields: userSortFields },
  { path: '/api/capabilities', fields: capabilitySortFields },
  { path: '/api/microfrontends', fields: microfrontendSortFields },
  { path: '/api/web-apps', fields: webAppSortFields },
  { path: '/api/web-app-meshes', fields: webAppMeshSortFields },
  { path: '/api/audit-events', fields: auditEventSortFields },
];

/** The lists with cursors beyond LISTS: change requests (sorted by number, an integer, among others). */
export const CURSOR_LISTS: { path: string; fields: readonly string[] }[] = [
  ...LISTS,
  { path: '/api/change-requests', fields: changeRequestSortFields },
];

/** Ascending order of two sort keys as PostgreSQL has it: nulls after every value. */
export function compareKeys(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return String(a) < String(b) ? -1 : 1;
}
