import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  auditEventSortFields,
  capabilitySortFields,
  MAX_OFFSET,
  microfrontendSortFields,
  tenantSortFields,
  userSortFields,
  webAppMeshSortFields,
  webAppSortFields,
} from '../../contract/lists';
import type { Database } from '../db/client';
import { describeApi } from '../test/api-harness';
import { sessionCookieFor } from '../test/sessions';

/*
 * The list conventions (docs/lists.md) on every large list: paging, every whitelisted sort in both
 * directions with the id tiebreak, search, filters, refusals, and the pickers' options endpoints.
 * Values are chosen so that every collation orders them alike (they differ early, in plain letters
 * or zero-padded digits), so the test can check the order in JavaScript.
 */
const ROWS = 30;

async function seed(db: Database): Promise<void> {
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
}

type Row = Record<string, unknown> & { id: string };

/** Each list, its whitelisted sort fields and the row field each sorts on. */
const LISTS: { path: string; fields: readonly string[] }[] = [
  { path: '/api/tenants', fields: tenantSortFields },
  { path: '/api/users', fields: userSortFields },
  { path: '/api/capabilities', fields: capabilitySortFields },
  { path: '/api/microfrontends', fields: microfrontendSortFields },
  { path: '/api/web-apps', fields: webAppSortFields },
  { path: '/api/web-app-meshes', fields: webAppMeshSortFields },
  { path: '/api/audit-events', fields: auditEventSortFields },
];

/** Ascending order of two sort keys as PostgreSQL has it: nulls after every value. */
function compareKeys(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return String(a) < String(b) ? -1 : 1;
}

describeApi(
  'list conventions',
  (ctx) => {
    const get = (url: string) => ctx().get(url);
    const ids = (rows: Row[]) => rows.map((row) => row.id);

    it('pages every sort of every list in both directions, each row on exactly one page', async () => {
      for (const { path, fields } of LISTS) {
        for (const field of fields) {
          for (const sort of [field, `-${field}`]) {
            const all = await get(`${path}?sort=${sort}&limit=200`);
            expect(all.statusCode, `${path} ${sort}`).toBe(200);
            const rows = all.json() as Row[];
            expect(rows.length, `${path} ${sort}`).toBeGreaterThan(0);
            expect(all.headers['x-total-count']).toBe(String(rows.length));
            // Sorted by the field, ties by id, both in the requested direction.
            const sign = sort.startsWith('-') ? -1 : 1;
            for (let i = 1; i < rows.length; i++) {
              const [before, after] = [rows[i - 1] as Row, rows[i] as Row];
              const order =
                sign * compareKeys(before[field], after[field]) || sign * compareKeys(before.id, after.id);
              expect(order, `${path} ${sort} at ${i}: ${before.id} then ${after.id}`).toBeLessThan(0);
            }
            const paged: string[] = [];
            for (let offset = 0; offset < rows.length; offset += 7) {
              const page = await get(`${path}?sort=${sort}&limit=7&offset=${offset}`);
              expect(page.headers['x-total-count']).toBe(String(rows.length));
              paged.push(...ids(page.json()));
            }
            expect(paged, `${path} ${sort}`).toEqual(ids(rows));
          }
        }
      }
    });

    it('answers an empty page past the end with the true total', async () => {
      const res = await get('/api/tenants?offset=500');
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe(String(ROWS));
    });

    it('keeps the default order and the default limit of 100 when the client sends neither', async () => {
      const res = await get('/api/tenants');
      const rows = res.json() as Row[];
      expect(rows).toHaveLength(ROWS);
      const sorted = [...rows].sort(
        (a, b) => -compareKeys(a.createdAt, b.createdAt) || compareKeys(a.id, b.id) * -1,
      );
      expect(ids(rows)).toEqual(ids(sorted));
    });

    it('searches case-insensitively and filters, totals counting the matches', async () => {
      const byName = await get('/api/tenants?q=NAME%20B&limit=2');
      expect(byName.json()).toHaveLength(2);
      expect(byName.headers['x-total-count']).toBe('5');
      const inactive = await get('/api/tenants?status=inactive');
      expect(inactive.headers['x-total-count']).toBe('10');
      const admins = (await get('/api/users?globalRole=admin&status=active')).json() as Row[];
      expect(admins.every((u) => u.globalRole === 'admin' && u.status === 'active')).toBe(true);
      const inTenant = await get('/api/users?tenantId=tenant-001');
      expect(inTenant.headers['x-total-count']).toBe('15');
      const apps = (await get('/api/web-apps?environment=uat&technology=web-component')).json() as Row[];
      expect(apps.length).toBeGreaterThan(0);
      expect(apps.every((a) => a.environment === 'uat' && a.technology === 'web-component')).toBe(true);
      const category = await get('/api/capabilities?category=category1');
      expect(category.headers['x-total-count']).toBe('8');
      const versions = await get(
        '/api/microfrontend-versions/microfrontend/mfe-001?status=published&limit=5',
      );
      expect(versions.json()).toHaveLength(5);
      expect(versions.headers['x-total-count']).toBe('15');
      const events = await get('/api/audit-events?q=beta&sort=actorEmail');
      expect(events.headers['x-total-count']).toBe('10');
      expect((await get('/api/user-profiles?tenantId=tenant-002&limit=3')).headers['x-total-count']).toBe(
        '15',
      );
    });

    it('refuses bad parameters with a 400 naming the field', async () => {
      const cases: [string, string][] = [
        ['/api/tenants?sort=password', 'sort'],
        ['/api/users?sort=-passwordHash', 'sort'],
        ['/api/capabilities?limit=0', 'limit'],
        ['/api/web-apps?limit=201', 'limit'],
        ['/api/audit-events?offset=-1', 'offset'],
        [`/api/microfrontends?offset=${MAX_OFFSET + 1}`, 'offset'],
        ['/api/tenants?status=archived', 'status'],
        ['/api/web-apps?environment=staging', 'environment'],
        ['/api/tenants/options?limit=51', 'limit'],
        ['/api/microfrontend-versions/microfrontend/mfe-001/options?status=live', 'status'],
      ];
      for (const [url, field] of cases) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().issues[0].path, url).toBe(`querystring.${field}`);
      }
    });

    it('answers picker options by label, limited, with the asked-for ids always included', async () => {
      const res = await get('/api/tenants/options?q=name%20a&limit=2&ids=tenant-030');
      expect(res.statusCode).toBe(200);
      const options = res.json() as { id: string; label: string; detail: string | null }[];
      // tenant-030 ("name c") does not match the search but is named in ids, so it comes first.
      expect(options[0]).toEqual({ id: 'tenant-030', label: 'name c', detail: 'inactive' });
      expect(options.slice(1).map((o) => o.label)).toEqual(['name a', 'name a']);
      expect(res.headers['x-total-count']).toBe('4');
      const capabilities = (await get('/api/capabilities/options?q=capability%20b')).json();
      expect(capabilities.every((o: { label: string }) => o.label === 'capability b')).toBe(true);
      expect(capabilities[0].detail).toMatch(/^category/);
      const fronts = await get('/api/microfrontends/options?limit=3');
      expect(fronts.json()).toHaveLength(3);
      expect(fronts.headers['x-total-count']).toBe(String(ROWS));
      const versions = await get(
        '/api/microfrontend-versions/microfrontend/mfe-001/options?status=published&q=1.0&ids=mfv-001',
      );
      const labels = (versions.json() as { id: string; label: string; detail: string }[]).map(
        (o) => `${o.label}/${o.detail}`,
      );
      expect(labels).toEqual([
        '1.01.0/draft',
        '1.02.0/published',
        '1.04.0/published',
        '1.06.0/published',
        '1.08.0/published',
      ]);
      expect((await get('/api/microfrontend-versions/microfrontend/mfe-404/options')).statusCode).toBe(404);
    });

    it('scopes tenant options to the tenants the viewer can read, whatever ids it asks for', async () => {
      const cookie = await sessionCookieFor(ctx().db, {
        id: 'lists-member',
        email: 'lists-member@example.com',
        roles: { 'tenant-002': 'member', 'tenant-005': 'owner' },
      });
      const res = await ctx().inject({
        method: 'GET',
        url: '/api/tenants/options?ids=tenant-001&ids=tenant-002',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(ids(res.json()).sort()).toEqual(['tenant-002', 'tenant-005']);
      expect(res.headers['x-total-count']).toBe('2');
    });
  },
  seed,
);
