import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { gatewayPaths, gatewayRouteSchema, type GatewayRoute } from '../../contract/gateway';
import { auditEvents, capabilitySubscriptions, gatewayRoutes, tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import {
  FIXTURE_ROUTE_LINEAGE,
  insertFixturesWithoutApprovals,
  insertGatewayFixtures,
} from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const BASE = gatewayPaths.routes('tenant-001');
const route = (extra: object = {}) => ({
  capabilityId: 'api-001',
  environment: 'production',
  path: '/orders',
  methods: ['GET', 'POST'],
  targetService: 'https://orders.internal:8443',
  authRequired: true,
  rateLimit: 600,
  ...extra,
});
const fields = (extra: object = {}) => {
  const { capabilityId: _c, environment: _e, ...rest } = route(extra);
  return rest;
};

describeApi(
  'gateway routes',
  (ctx) => {
    const create = (payload: object, headers: Record<string, string> = {}) =>
      ctx().inject({ method: 'POST', url: BASE, payload, headers });
    const edit = (lineageId: string, payload: object, ifMatch?: string) =>
      ctx().inject({
        method: 'POST',
        url: `${BASE}/${lineageId}/versions`,
        payload,
        headers: ifMatch ? { 'if-match': ifMatch } : {},
      });
    const activate = (versionId: string, ifMatch?: string) =>
      ctx().inject({
        method: 'POST',
        url: `${BASE}/versions/${versionId}/activate`,
        headers: ifMatch ? { 'if-match': ifMatch } : {},
      });
    const history = async (lineageId: string) =>
      (await ctx().get(`${BASE}/${lineageId}/versions`)).json() as GatewayRoute[];
    const list = async (query: string) => {
      const res = await ctx().get(`${BASE}?environment=production&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { items: res.json() as GatewayRoute[], total: Number(res.headers['x-total-count']) };
    };

    it('creates version 1 of a new lineage, active, createdBy from the session, audited', async () => {
      const res = await create(route({ createdBy: 'mallory@example.com' }));
      expect(res.statusCode, res.body).toBe(201);
      const created = gatewayRouteSchema.parse(res.json());
      expect(created).toMatchObject({
        tenantId: 'tenant-001',
        capabilityId: 'api-001',
        environment: 'production',
        path: '/orders',
        methods: ['GET', 'POST'],
        version: 1,
        latestVersion: 1,
        isActive: true,
        createdBy: 'test-admin@example.com',
      });
      expect(created.lineageId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.etag).toBe('"1"');
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'gateway_route.create'), eq(auditEvents.resourceId, created.lineageId)),
        );
      expect(JSON.parse(event?.changes ?? '{}')).toMatchObject({ path: '/orders', version: 1 });
    });

    it('applies the defaults: authRequired true, 1000 requests per minute; methods in their usual order', async () => {
      const {
        authRequired: _a,
        rateLimit: _r,
        ...rest
      } = route({ path: '/defaults', methods: ['POST', 'GET'] });
      const res = await create(rest);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ authRequired: true, rateLimit: 1000, methods: ['GET', 'POST'] });
      const open = await create(route({ path: '/open', authRequired: false, rateLimit: null }));
      expect(open.json()).toMatchObject({ authRequired: false, rateLimit: null });
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const cases: [object, string][] = [
        [route({ path: 'orders' }), 'body.path'],
        [route({ path: '/orders//x' }), 'body.path'],
        [route({ path: '/orders/../admin' }), 'body.path'],
        [route({ path: '/orders/' }), 'body.path'],
        [route({ path: '/orders?x=1' }), 'body.path'],
        [route({ path: '/a/{id}/b/{id}' }), 'body.path'],
        [route({ path: '' }), 'body.path'],
        [route({ methods: [] }), 'body.methods'],
        [route({ methods: ['GET', 'GET'] }), 'body.methods'],
        [route({ methods: ['FETCH'] }), 'body.methods.0'],
        [route({ targetService: 'ftp://files.internal' }), 'body.targetService'],
        [route({ targetService: 'not a host' }), 'body.targetService'],
        [route({ targetService: 'orders:99999' }), 'body.targetService'],
        [route({ targetService: 'https://user:pw@orders.internal' }), 'body.targetService'],
        [route({ rateLimit: 0 }), 'body.rateLimit'],
        [route({ rateLimit: -5 }), 'body.rateLimit'],
        [route({ rateLimit: 1.5 }), 'body.rateLimit'],
        [route({ rateLimit: '100' }), 'body.rateLimit'],
        [route({ authRequired: 'yes' }), 'body.authRequired'],
        [route({ environment: 'staging' }), 'body.environment'],
        [route({ capabilityId: '' }), 'body.capabilityId'],
      ];
      for (const [payload, field] of cases) {
        const res = await create(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().issues[0].path, JSON.stringify(payload)).toBe(field);
      }
    });

    it('accepts {param} segments and host[:port] targets', async () => {
      const res = await create(route({ path: '/orders/{orderId}/items', targetService: 'orders-svc:8080' }));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('only for capabilities the tenant subscribes to in that environment (409), in enabled environments', async () => {
      const offered = async (environment: string) => {
        const res = await ctx().get(gatewayPaths.capabilities('tenant-001', environment));
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { id: string }[]).map((capability) => capability.id);
      };
      expect(await offered('production')).toContain('api-001');
      expect(await offered('production')).not.toContain('api-002');
      expect(await offered('uat')).not.toContain('api-001');
      const notSubscribed = await create(route({ capabilityId: 'api-002', path: '/billing' }));
      expect(notSubscribed.statusCode).toBe(409);
      expect(notSubscribed.json().message).toBe(
        'Tenant Acme Corp does not subscribe to Billing in production: configure the capability there first',
      );
      expect(notSubscribed.json().issues[0].path).toBe('body.capabilityId');
      const otherEnvironment = await create(route({ environment: 'uat', path: '/uat-only' }));
      expect(otherEnvironment.statusCode).toBe(409);
      expect(otherEnvironment.json().message).toContain('does not subscribe to Identity Service in UAT');
      expect((await create(route({ capabilityId: 'api-404' }))).statusCode).toBe(404);

      // A configuration version in UAT subscribes the tenant there too.
      await ctx().inject({
        method: 'POST',
        url: '/api/capability-subscriptions/versions',
        payload: {
          subscriptionId: 'sub-tenant-001-api-001',
          tenantId: 'tenant-001',
          capabilityId: 'api-001',
          environment: 'uat',
          region: 'us-east-1',
          configuration: '{}',
        },
      });
      expect((await create(route({ environment: 'uat', path: '/uat-only' }))).statusCode).toBe(201);
      expect(await offered('uat')).toContain('api-001');

      await ctx().db.update(tenants).set({ uatEnabled: false }).where(eq(tenants.id, 'tenant-001'));
      const disabled = await create(route({ environment: 'uat', path: '/uat-two' }));
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json().message).toBe(
        'The UAT environment is disabled for tenant Acme Corp; enable it first',
      );
      expect(disabled.json().issues[0].path).toBe('body.environment');
      await ctx().db.update(tenants).set({ uatEnabled: true }).where(eq(tenants.id, 'tenant-001'));

      await ctx()
        .db.update(capabilitySubscriptions)
        .set({ status: 'inactive' })
        .where(eq(capabilitySubscriptions.id, 'sub-tenant-001-api-001'));
      expect((await create(route({ path: '/inactive-subscription' }))).statusCode).toBe(409);
      expect(await offered('production')).not.toContain('api-001');
      await ctx()
        .db.update(capabilitySubscriptions)
        .set({ status: 'active' })
        .where(eq(capabilitySubscriptions.id, 'sub-tenant-001-api-001'));
      expect(
        (await ctx().get(`${gatewayPaths.routes('tenant-404')}?environment=production`)).statusCode,
      ).toBe(404);
      expect((await ctx().get(gatewayPaths.capabilities('tenant-404', 'production'))).statusCode).toBe(404);
      expect((await ctx().get(gatewayPaths.capabilities('tenant-001', 'staging'))).statusCode).toBe(400);
    });

    it('no two active routes of one tenant and environment share a path and method (409)', async () => {
      const clash = await create(route({ methods: ['POST', 'DELETE'] }));
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toContain('already serves POST /orders');
      expect((await create(route({ methods: ['DELETE'] }))).statusCode).toBe(201);
      // Tenant-003's GET /orders (a fixture) did not clash: tenants are separate gateways' worth of routes.
      const rows = await ctx().db.select().from(gatewayRoutes).where(eq(gatewayRoutes.path, '/orders'));
      expect(rows.map((r) => r.tenantId).sort()).toEqual(['tenant-001', 'tenant-001', 'tenant-003']);
    });

    it('edits append the next version and activate it; If-Match names the newest version (412 when stale)', async () => {
      const created = (await create(route({ path: '/inventory', methods: ['GET'] }))).json() as GatewayRoute;
      const second = await edit(
        created.lineageId,
        fields({ path: '/inventory', methods: ['GET'], rateLimit: 50 }),
        '"1"',
      );
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json()).toMatchObject({ version: 2, isActive: true, rateLimit: 50, latestVersion: 2 });
      expect(second.headers.etag).toBe('"2"');

      const stale = await edit(created.lineageId, fields({ path: '/inventory', methods: ['GET'] }), '"1"');
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED', currentRevision: 2 });
      expect(stale.json().current).toMatchObject({ version: 2, rateLimit: 50 });
      expect(stale.headers.etag).toBe('"2"');
      expect((await edit(created.lineageId, fields(), '3')).statusCode).toBe(400);

      const versions = await history(created.lineageId);
      expect(versions.map((v) => [v.version, v.isActive])).toEqual([
        [2, true],
        [1, false],
      ]);
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'gateway_route.update'), eq(auditEvents.resourceId, created.lineageId)),
        );
      expect(JSON.parse(event?.changes ?? '{}').changedFields).toEqual({ rateLimit: { from: 600, to: 50 } });

      // An edit may not take a path and method another active route serves.
      const clash = await edit(created.lineageId, fields({ path: '/orders', methods: ['GET'] }), '"2"');
      expect(clash.statusCode).toBe(409);
      expect(await history(created.lineageId)).toHaveLength(2);
    });

    it('activates an older version (checking the rules again), and lists the current version of each lineage', async () => {
      const created = (await create(route({ path: '/catalog', methods: ['GET'] }))).json() as GatewayRoute;
      await edit(created.lineageId, fields({ path: '/catalog/v2', methods: ['GET'] }));
      const activated = await activate(created.id, '"2"');
      expect(activated.statusCode, activated.body).toBe(200);
      expect(activated.json()).toMatchObject({
        id: created.id,
        version: 1,
        isActive: true,
        latestVersion: 2,
      });
      expect((await history(created.lineageId)).map((v) => v.isActive)).toEqual([false, true]);
      expect((await activate(created.id, '"1"')).statusCode).toBe(412);

      const { items } = await list('q=catalog');
      expect(items.map((r) => [r.path, r.version, r.latestVersion])).toEqual([['/catalog', 1, 2]]);

      // Version 2's path is taken by a new route meanwhile: re-activating it is a 409.
      await create(route({ path: '/catalog/v2', methods: ['GET'] }));
      const newest = (await history(created.lineageId))[0] as GatewayRoute;
      const refused = await activate(newest.id);
      expect(refused.statusCode).toBe(409);
      expect((await activate('no-such-version')).statusCode).toBe(404);
    });

    it('disables a lineage (no active version left; listed as its newest version) and deletes one', async () => {
      const created = (await create(route({ path: '/reports', methods: ['GET'] }))).json() as GatewayRoute;
      const disabled = await ctx().inject({
        method: 'POST',
        url: `${BASE}/${created.lineageId}/disable`,
        headers: { 'if-match': '"1"' },
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json()).toMatchObject({ isActive: false, version: 1 });
      const { items } = await list('q=reports');
      expect(items.map((r) => [r.path, r.isActive])).toEqual([['/reports', false]]);
      // A disabled route frees its path.
      const reuse = (await create(route({ path: '/reports', methods: ['GET'] }))).json() as GatewayRoute;
      expect((await activate(created.id)).statusCode).toBe(409);

      const stale = await ctx().inject({
        method: 'DELETE',
        url: `${BASE}/${reuse.lineageId}`,
        headers: { 'if-match': '"7"' },
      });
      expect(stale.statusCode).toBe(412);
      // A well-formed tag that is not a version matches nothing: 412, not 400 (RFC 9110).
      const opaque = await ctx().inject({
        method: 'DELETE',
        url: `${BASE}/${reuse.lineageId}`,
        headers: { 'if-match': '"abc"' },
      });
      expect(opaque.statusCode).toBe(412);
      const removed = await ctx().inject({ method: 'DELETE', url: `${BASE}/${reuse.lineageId}` });
      expect(removed.statusCode).toBe(204);
      expect((await ctx().get(`${BASE}/${reuse.lineageId}/versions`)).statusCode).toBe(404);
      expect((await activate(created.id)).statusCode).toBe(200);
    });

    it("answers 404 for unknown, malformed and other tenants' lineages", async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await ctx().get(`${BASE}/${unknown}/versions`)).statusCode).toBe(404);
      expect((await ctx().get(`${BASE}/not-a-uuid/versions`)).statusCode).toBe(404);
      expect((await edit('not-a-uuid', fields())).statusCode).toBe(404);
      expect((await ctx().inject({ method: 'DELETE', url: `${BASE}/${unknown}` })).statusCode).toBe(404);
      const otherTenant = gatewayPaths.routes('tenant-002');
      expect((await ctx().get(`${otherTenant}/${FIXTURE_ROUTE_LINEAGE}/versions`)).statusCode).toBe(404);
      expect(
        (await ctx().inject({ method: 'POST', url: `${otherTenant}/versions/route-v1/activate` })).statusCode,
      ).toBe(404);
    });

    it('lists by environment (required), capability, search, sort and page with X-Total-Count', async () => {
      expect((await ctx().get(BASE)).statusCode).toBe(400);
      const all = await list('sort=path&limit=2');
      expect(all.items).toHaveLength(2);
      expect(all.total).toBeGreaterThan(2);
      const paths = (await list('sort=path&limit=100')).items.map((r) => r.path);
      expect(paths).toEqual([...paths].sort());
      expect((await list('sort=-path&limit=100')).items.map((r) => r.path)).toEqual([...paths].reverse());
      expect((await list('capabilityId=api-002')).items).toEqual([]);
      expect((await list('q=identity')).items.map((r) => r.path)).toEqual(['/identity/v2']);
      expect((await ctx().get(`${BASE}?environment=production&sort=secret`)).statusCode).toBe(400);
      // Each item carries its own lineage's newest version (lineages here range from 1 to 2 versions).
      const items = (await list('limit=100')).items;
      const newest = await Promise.all(items.map(async (r) => (await history(r.lineageId))[0]?.version));
      expect(items.map((r) => r.latestVersion)).toEqual(newest);
      expect(new Set(newest).size).toBeGreaterThan(1);
    });

    it('lets developers write, members only read, outsiders not even see the tenant', async () => {
      const persona = (id: string, role: string, tenant = 'tenant-001') =>
        sessionCookieFor(ctx().db, { id, email: `${id}@a.io`, roles: { [tenant]: role } });
      const member = await persona('gw-member', 'member');
      const developer = await persona('gw-dev', 'developer');
      const outsider = await persona('gw-outsider', 'owner', 'tenant-002');
      const listUrl = `${BASE}?environment=production`;
      expect(
        (await ctx().inject({ method: 'GET', url: listUrl, headers: { cookie: member } })).statusCode,
      ).toBe(200);
      expect((await create(route({ path: '/by-member' }), { cookie: member })).statusCode).toBe(403);
      const byDeveloper = await create(route({ path: '/by-developer' }), { cookie: developer });
      expect(byDeveloper.statusCode, byDeveloper.body).toBe(201);
      expect(byDeveloper.json().createdBy).toBe('gw-dev@a.io');
      expect(
        (await ctx().inject({ method: 'GET', url: listUrl, headers: { cookie: outsider } })).statusCode,
      ).toBe(404);
      expect((await ctx().inject({ method: 'GET', url: listUrl, headers: { cookie: '' } })).statusCode).toBe(
        401,
      );
    });

    it('20 parallel edits of one lineage give versions 1..21, exactly one active', async () => {
      const created = (await create(route({ path: '/parallel', methods: ['GET'] }))).json() as GatewayRoute;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          edit(created.lineageId, fields({ path: '/parallel', methods: ['GET'], rateLimit: i + 1 })),
        ),
      );
      expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
      const rows = await ctx()
        .db.select()
        .from(gatewayRoutes)
        .where(eq(gatewayRoutes.lineageId, created.lineageId));
      expect(rows.map((r) => r.version).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 21 }, (_, i) => i + 1),
      );
      expect(rows.filter((r) => r.isActive).map((r) => r.version)).toEqual([21]);
    });

    it('of 10 parallel creates of one path and method, exactly one wins', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => create(route({ path: '/race', methods: ['PUT'] }))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await insertGatewayFixtures(db);
    // The same path in another tenant does not clash.
    await db.insert(gatewayRoutes).values({
      tenantId: 'tenant-003',
      capabilityId: 'api-001',
      environment: 'production',
      path: '/orders',
      methods: ['GET'],
      targetService: 'orders:80',
    });
  },
);
