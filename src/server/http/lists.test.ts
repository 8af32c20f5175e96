import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { MAX_OFFSET } from '../../contract/lists';
import { describeApi } from '../test/api-harness';
import { countStatements } from '../test/count-statements';
import { compareKeys, LISTS, ROWS, seedListRows, type Row } from '../test/list-rows';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';

/*
 * The list conventions (docs/lists.md) on every large list: paging, every whitelisted sort in both
 * directions with the id tiebreak, search, filters, refusals, and the pickers' options endpoints
 * (rows: test/list-rows.ts).
 */

afterEach(() => {
  vi.restoreAllMocks();
});

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

    it("reads a table's statistics once for its full first pages, then only counts", async () => {
      // A session of its own, just created: an older one may be due its once-a-minute `last seen` write.
      const cookie = await sessionCookieFor(ctx().db, TEST_ADMIN);
      const statementsOf = async (url: string) => {
        const count = countStatements(ctx().kind, ctx().db);
        const res = await ctx().inject({ method: 'GET', url, headers: { cookie } });
        const statements = count();
        vi.restoreAllMocks();
        expect(res.statusCode, url).toBe(200);
        return { statements, total: res.headers['x-total-count'] };
      };
      // A full first page of an unfiltered list reads the table's statistics once (too small to
      // estimate), then counts; asked again, it only counts (db/totals.ts, ESTIMATE_REUSE_MS).
      await statementsOf('/api/tenants?limit=5');
      expect(await statementsOf('/api/tenants?limit=5')).toEqual({ statements: 3, total: String(ROWS) });
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

    it('scopes tenant options, and the users filter by tenant, to the tenants the reader can read', async () => {
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

      // user-001 is in tenant-002 (visible to this reader) and in tenant-001 (not): filtering users by
      // tenant-001 must not tell the reader so.
      await ctx().db.execute(
        sql`insert into user_profiles (id, user_id, tenant_id, role) values ('profile-x', 'user-001', 'tenant-001', 'member')`,
      );
      const asReader = (url: string) => ctx().inject({ method: 'GET', url, headers: { cookie } });
      expect(ids((await asReader('/api/users?tenantId=tenant-002&limit=200')).json())).toContain('user-001');
      const hidden = await asReader('/api/users?tenantId=tenant-001');
      expect(hidden.json()).toEqual([]);
      expect(hidden.headers['x-total-count']).toBe('0');
    });
  },
  seedListRows,
);
