import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  gatewayPaths,
  gatewayRouteSchema,
  opaPolicySchema,
  type GatewayRoute,
  type OpaPolicy,
} from '../../contract/gateway';
import type { Database } from '../db/client';
import { auditEvents, capabilitySubscriptions, capabilitySubscriptionVersions, tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const ROUTES = gatewayPaths.routes('tenant-001');
const POLICIES = gatewayPaths.policies('tenant-001');

/**
 * The fixtures, with tenant-001 subscribing to api-001 in development, UAT and production (a
 * configuration version in each), and to api-003 in development only.
 */
async function prepare(db: Database): Promise<void> {
  await insertFixturesWithoutApprovals(db);
  const context = {
    subscriptionId: 'sub-tenant-001-api-001',
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    region: 'us-east-1',
    version: 1,
    configuration: '{}',
    isActive: true,
  };
  await db.insert(capabilitySubscriptionVersions).values([
    { ...context, id: 'ver-dev', environment: 'development' },
    { ...context, id: 'ver-uat', environment: 'uat' },
  ]);
  await db.insert(capabilitySubscriptions).values({
    id: 'sub-tenant-001-api-003',
    tenantId: 'tenant-001',
    capabilityId: 'api-003',
    environment: 'development',
    region: 'us-east-1',
  });
}

const route = (extra: object = {}) => ({
  capabilityId: 'api-001',
  environment: 'development',
  path: '/orders',
  methods: ['GET'],
  targetService: 'orders:8080',
  ...extra,
});

const rego = (pkg: string) => `package ${pkg}\n\ndefault allow := false\n`;

describeApi(
  'gateway promotion',
  (ctx) => {
    const createRoute = async (payload: object) => {
      const res = await ctx().inject({ method: 'POST', url: ROUTES, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as GatewayRoute;
    };
    const promote = (base: string, lineageId: string, targetEnvironment: unknown, cookie?: string) =>
      ctx().inject({
        method: 'POST',
        url: `${base}/${lineageId}/promote`,
        payload: { targetEnvironment },
        headers: cookie ? { cookie } : {},
      });
    const history = async (base: string, lineageId: string) =>
      (await ctx().get(`${base}/${lineageId}/versions`)).json() as GatewayRoute[];
    const preview = async (base: string, lineageId: string, targetEnvironment: string) => {
      const res = await ctx().get(
        `${base}/${lineageId}/promotion-target?targetEnvironment=${targetEnvironment}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { lineageId: string | null; latestVersion: number | null; active: unknown };
    };

    it('promotes a development route to UAT as version 1 of a new lineage, linked and audited', async () => {
      const source = await createRoute(route({ path: '/promoted', rateLimit: 50 }));
      expect(source.promotedFrom).toBeNull();
      expect(await preview(ROUTES, source.lineageId, 'uat')).toEqual({
        lineageId: null,
        latestVersion: null,
        active: null,
      });

      const res = await promote(ROUTES, source.lineageId, 'uat');
      expect(res.statusCode, res.body).toBe(201);
      const copy = gatewayRouteSchema.parse(res.json());
      expect(copy).toMatchObject({
        environment: 'uat',
        capabilityId: 'api-001',
        path: '/promoted',
        methods: ['GET'],
        targetService: 'orders:8080',
        rateLimit: 50,
        version: 1,
        latestVersion: 1,
        isActive: true,
        createdBy: 'test-admin@example.com',
        promotedFrom: { id: source.id, environment: 'development', version: 1 },
      });
      expect(copy.lineageId).not.toBe(source.lineageId);
      expect(res.headers.etag).toBe('"1"');

      const [shown] = await history(ROUTES, copy.lineageId);
      expect(shown?.promotedFrom).toEqual({ id: source.id, environment: 'development', version: 1 });
      const listed = (await ctx().get(`${ROUTES}?environment=uat&q=promoted`)).json() as GatewayRoute[];
      expect(listed.map((r) => [r.path, r.promotedFrom?.version])).toEqual([['/promoted', 1]]);

      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'gateway_route.promote'), eq(auditEvents.resourceId, copy.lineageId)),
        );
      expect(event).toMatchObject({ resourceType: 'gateway-route', tenantId: 'tenant-001' });
      expect(JSON.parse(event?.changes ?? '{}')).toMatchObject({
        environment: 'uat',
        version: 1,
        previousVersion: null,
        path: '/promoted',
        promotedFrom: { id: source.id, lineageId: source.lineageId, environment: 'development', version: 1 },
      });

      expect(await preview(ROUTES, source.lineageId, 'uat')).toMatchObject({
        lineageId: copy.lineageId,
        latestVersion: 1,
        active: { id: copy.id, path: '/promoted' },
      });
    });

    it('a second promotion of the same source lineage adds the next version of the same target lineage', async () => {
      const source = await createRoute(route({ path: '/again' }));
      const first = (await promote(ROUTES, source.lineageId, 'uat')).json() as GatewayRoute;
      const edited = await ctx().inject({
        method: 'POST',
        url: `${ROUTES}/${source.lineageId}/versions`,
        payload: { path: '/again', methods: ['GET', 'POST'], targetService: 'orders:9090' },
      });
      expect(edited.statusCode, edited.body).toBe(201);

      const res = await promote(ROUTES, source.lineageId, 'uat');
      expect(res.statusCode, res.body).toBe(201);
      const second = res.json() as GatewayRoute;
      expect(second).toMatchObject({
        lineageId: first.lineageId,
        version: 2,
        isActive: true,
        methods: ['GET', 'POST'],
        targetService: 'orders:9090',
        promotedFrom: { environment: 'development', version: 2 },
      });
      expect((await history(ROUTES, first.lineageId)).map((v) => [v.version, v.isActive])).toEqual([
        [2, true],
        [1, false],
      ]);
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'gateway_route.promote'), eq(auditEvents.resourceId, first.lineageId)),
        )
        .orderBy(auditEvents.createdAt);
      expect(event).toBeDefined();

      // And on from UAT to production: a production lineage of its own, linked to the UAT version.
      const prod = await promote(ROUTES, first.lineageId, 'production');
      expect(prod.statusCode, prod.body).toBe(201);
      expect(prod.json()).toMatchObject({
        environment: 'production',
        version: 1,
        promotedFrom: { id: second.id, environment: 'uat', version: 2 },
      });
    });

    it('parallel promotions of one source queue behind the tenant lock: one target lineage, versions 1..5', async () => {
      const source = await createRoute(route({ path: '/parallel' }));
      const results = await Promise.all(
        Array.from({ length: 5 }, () => promote(ROUTES, source.lineageId, 'uat')),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const copies = results.map((r) => r.json() as GatewayRoute);
      expect(new Set(copies.map((c) => c.lineageId)).size).toBe(1);
      const versions = await history(ROUTES, copies[0]!.lineageId);
      expect(versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
      expect(versions.filter((v) => v.isActive)).toHaveLength(1);
    });

    it('only to the next environment: anything else is a 400 naming body.targetEnvironment', async () => {
      const source = await createRoute(route({ path: '/skip' }));
      for (const target of ['production', 'development', 'staging', undefined]) {
        const res = await promote(ROUTES, source.lineageId, target);
        expect(res.statusCode, String(target)).toBe(400);
        expect(res.json().issues[0].path, String(target)).toBe('body.targetEnvironment');
      }
      expect((await promote(ROUTES, source.lineageId, 'production')).json().message).toBe(
        'A development gateway route can only be promoted to UAT',
      );
      const production = await createRoute(route({ environment: 'production', path: '/prod-only' }));
      const refused = await promote(ROUTES, production.lineageId, 'production');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('A production gateway route cannot be promoted further');
      expect(refused.json().issues[0].path).toBe('body.targetEnvironment');
      expect((await promote(ROUTES, '00000000-0000-4000-8000-0000000000ff', 'uat')).statusCode).toBe(404);
      expect((await promote(ROUTES, 'not-a-lineage', 'uat')).statusCode).toBe(404);
    });

    it('refuses with a 409 when the target does not subscribe, is disabled, or the lineage has no active version', async () => {
      const legacy = await createRoute(route({ capabilityId: 'api-003', path: '/legacy' }));
      const notSubscribed = await promote(ROUTES, legacy.lineageId, 'uat');
      expect(notSubscribed.statusCode).toBe(409);
      expect(notSubscribed.json().message).toBe(
        'Tenant Acme Corp does not subscribe to Legacy Search in UAT: configure the capability there first',
      );
      expect(notSubscribed.json().issues[0].path).toBe('body.targetEnvironment');

      const source = await createRoute(route({ path: '/disabled-target' }));
      await ctx().db.update(tenants).set({ uatEnabled: false }).where(eq(tenants.id, 'tenant-001'));
      const disabled = await promote(ROUTES, source.lineageId, 'uat');
      await ctx().db.update(tenants).set({ uatEnabled: true }).where(eq(tenants.id, 'tenant-001'));
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json().message).toBe(
        'The UAT environment is disabled for tenant Acme Corp; enable it first',
      );
      expect(disabled.json().issues[0].path).toBe('body.targetEnvironment');

      const off = await ctx().inject({ method: 'POST', url: `${ROUTES}/${source.lineageId}/disable` });
      expect(off.statusCode, off.body).toBe(200);
      const inactive = await promote(ROUTES, source.lineageId, 'uat');
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().message).toContain('no active version to promote');
      const uat = (await ctx().get(`${ROUTES}?environment=uat&q=disabled-target`)).json() as unknown[];
      expect(uat).toEqual([]);
    });

    it('refuses a path and method another active UAT route serves (409), writing nothing', async () => {
      await createRoute(route({ environment: 'uat', path: '/clash', methods: ['POST'] }));
      const source = await createRoute(route({ path: '/clash', methods: ['GET', 'POST'] }));
      const before = await ctx().db.select().from(auditEvents);
      const clash = await promote(ROUTES, source.lineageId, 'uat');
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toContain('already serves POST /clash');
      expect(clash.json().issues[0].path).toBe('body.targetEnvironment');
      expect(await ctx().db.select().from(auditEvents)).toHaveLength(before.length);
      const uat = (await ctx().get(`${ROUTES}?environment=uat&q=clash`)).json() as GatewayRoute[];
      expect(uat.map((r) => r.methods)).toEqual([['POST']]);
    });

    it('members may not promote (403); they may read where a promotion would go', async () => {
      const member = await sessionCookieFor(ctx().db, {
        id: 'promo-member',
        email: 'member@acme.io',
        roles: { 'tenant-001': 'member' },
      });
      const source = await createRoute(route({ path: '/members' }));
      const res = await promote(ROUTES, source.lineageId, 'uat', member);
      expect(res.statusCode).toBe(403);
      const read = await ctx().inject({
        method: 'GET',
        url: `${ROUTES}/${source.lineageId}/promotion-target?targetEnvironment=uat`,
        headers: { cookie: member },
      });
      expect(read.statusCode, read.body).toBe(200);
      const developer = await sessionCookieFor(ctx().db, {
        id: 'promo-developer',
        email: 'developer@acme.io',
        roles: { 'tenant-001': 'developer' },
      });
      expect((await promote(ROUTES, source.lineageId, 'uat', developer)).statusCode).toBe(201);
    });

    it('promotes a policy (its package must be free in the target), linked and audited', async () => {
      const create = async (payload: object) => {
        const res = await ctx().inject({ method: 'POST', url: POLICIES, payload });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as OpaPolicy;
      };
      const policy = {
        capabilityId: 'api-001',
        environment: 'development',
        name: 'Orders access',
        policyType: 'authz',
        policyContent: rego('tenants.acme.orders'),
      };
      const source = await create(policy);
      const res = await promote(POLICIES, source.lineageId, 'uat');
      expect(res.statusCode, res.body).toBe(201);
      const copy = opaPolicySchema.parse(res.json());
      expect(copy).toMatchObject({
        environment: 'uat',
        name: 'Orders access',
        policyContent: rego('tenants.acme.orders'),
        version: 1,
        promotedFrom: { id: source.id, environment: 'development', version: 1 },
      });
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'opa_policy.promote'), eq(auditEvents.resourceId, copy.lineageId)));
      expect(JSON.parse(event?.changes ?? '{}').promotedFrom).toMatchObject({ id: source.id });

      const other = await create({
        ...policy,
        name: 'Billing access',
        policyContent: rego('tenants.acme.billing'),
      });
      await create({
        ...policy,
        environment: 'uat',
        name: 'UAT billing',
        policyContent: rego('tenants.acme.billing'),
      });
      const clash = await promote(POLICIES, other.lineageId, 'uat');
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toContain('Package tenants.acme.billing is already declared');
      expect(clash.json().issues[0].path).toBe('body.targetEnvironment');
    });
  },
  prepare,
);
