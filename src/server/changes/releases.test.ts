import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { changeRequestDetailSchema, type Change, type ChangeRequestDetail } from '../../contract/changes';
import type { Environment } from '../../contract/common';
import { capabilitySubscriptionVersions as versions, gatewayRoutes, tenants, webApps } from '../db/schema';
import { describeApi } from '../test/api-harness';
import {
  changeRequestClient,
  productionConfiguration,
  productionConfigurationChange,
} from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, TEST_ADMIN, type TestPersona } from '../test/sessions';

/*
 * Releases (docs/releases.md): a request of many changes, dry-run in order, reviewed once, applied all
 * or none, named when stale, undone as one by hand, promoted as one.
 */

const CHANGES = '/api/change-requests';
const TENANT_ADMIN: TestPersona = {
  id: 'rel-admin',
  email: 'rel-admin@example.com',
  roles: { 'tenant-001': 'admin' },
};
const OWNER: TestPersona = {
  id: 'rel-owner',
  email: 'rel-owner@example.com',
  roles: { 'tenant-001': 'owner' },
};

const settings = (value: string): Change => ({
  kind: 'tenant_settings.gateway',
  tenantId: 'tenant-001',
  body: { apiGatewayConfiguration: value },
});
const productionRoute = (path: string, environment: Environment = 'production') => ({
  capabilityId: 'api-002',
  environment,
  path,
  methods: ['GET' as const],
  targetService: 'svc:8080',
  authRequired: false,
  rateLimit: null,
});
const route = (path: string, environment: Environment = 'production'): Change => ({
  kind: 'gateway_route.create',
  tenantId: 'tenant-001',
  body: productionRoute(path, environment),
});
const webAppUrl = (url: string): Change => ({ kind: 'web_app.update', webAppId: 'app-1', body: { url } });
const liveSlot = (version: string): Change => ({
  kind: 'tenant_blue_green.slot_version',
  tenantId: 'tenant-001',
  body: { environment: 'production', slot: 'blue', version },
});

describeApi(
  'releases',
  (ctx) => {
    const client = changeRequestClient(ctx);
    const file = (changes: Change[], persona = TENANT_ADMIN, extra: object = {}) =>
      client.call('POST', CHANGES, { changes, ...extra }, persona);
    const detailOf = async (id: string, persona = OWNER): Promise<ChangeRequestDetail> =>
      changeRequestDetailSchema.parse((await client.detail(id, persona)).json());
    const state = async () => {
      const db = ctx().db;
      const [tenant] = await db.select().from(tenants).where(eq(tenants.id, 'tenant-001'));
      const [app] = await db.select().from(webApps).where(eq(webApps.id, 'app-1'));
      const active = await db
        .select({ configuration: versions.configuration })
        .from(versions)
        .where(
          and(
            eq(versions.tenantId, 'tenant-001'),
            eq(versions.environment, 'production'),
            eq(versions.capabilityId, 'api-002'),
            eq(versions.isActive, true),
          ),
        );
      const routes = await db
        .select({ path: gatewayRoutes.path })
        .from(gatewayRoutes)
        .where(eq(gatewayRoutes.tenantId, 'tenant-001'));
      return {
        settings: tenant?.apiGatewayConfiguration ?? null,
        blue: JSON.parse(tenant?.blueGreenConfig ?? '{}').production?.blueVersion ?? null,
        url: app?.url ?? null,
        configuration: active.map((row) => row.configuration),
        routes: routes.map((row) => row.path).sort(),
      };
    };

    it('files five changes as one request, reviewed once, applied together, with its impact', async () => {
      const changes = [
        productionConfigurationChange('{"release":1}'),
        settings('{"release":1}'),
        route('/release-one'),
        webAppUrl('https://release-one.example.com'),
        liveSlot('1.0.7'),
      ];
      const filed = await file(changes);
      expect(filed.statusCode, filed.body).toBe(201);
      expect(filed.json()).toMatchObject({
        status: 'pending',
        changeCount: 5,
        tenantId: 'tenant-001',
        environment: 'production',
        requiredApprovals: 1,
        kind: 'configuration.create',
      });
      const before = await state();
      const detail = await detailOf(filed.json().id);
      expect(detail.changes.map((c) => [c.position, c.kind, c.state])).toEqual([
        [0, 'configuration.create', 'pending'],
        [1, 'tenant_settings.gateway', 'pending'],
        [2, 'gateway_route.create', 'pending'],
        [3, 'web_app.update', 'pending'],
        [4, 'tenant_blue_green.slot_version', 'pending'],
      ]);
      expect(detail.impact.tenants).toEqual({ count: 1, names: ['Acme Corp'] });
      expect(detail.impact.environments.names).toEqual(['development', 'production']);
      expect(detail.impact.regions.names).toEqual(['us-east-1']);
      expect(detail.impact.routes.count).toBe(1);
      expect(detail.impact.webApps.names).toEqual(['Customer Portal']);
      expect(detail.impact.slots.count).toBe(1);
      expect(detail.stale).toBe(false);

      const approved = await client.approve(detail.id, OWNER);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().status).toBe('applied');
      const after = await state();
      expect(after).toMatchObject({
        settings: '{"release":1}',
        blue: '1.0.7',
        url: 'https://release-one.example.com',
        configuration: ['{"release":1}'],
      });
      expect(after.routes).toContain('/release-one');
      expect(before.routes).not.toContain('/release-one');
      expect((await detailOf(detail.id)).changes.every((c) => c.state === 'applied')).toBe(true);
    });

    it('applies none of five when the fourth fails at apply, and names it', async () => {
      const changes = [
        settings('{"atomic":1}'),
        webAppUrl('https://atomic.example.com'),
        liveSlot('1.0.8'),
        route('/atomic-clash'),
        productionConfigurationChange('{"atomic":1}'),
      ];
      const filed = await file(changes);
      expect(filed.statusCode, filed.body).toBe(201);
      // Meanwhile the route's path is taken: the set still looks fresh (a create's state is "new"), but
      // its fourth change can no longer apply.
      await client.bypass(route('/atomic-clash'));
      const before = await state();
      const approved = await client.approve(filed.json().id, OWNER);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().status).toBe('failed');
      expect(approved.json().outcome).toMatch(
        /^Change 4 of 5 \(Create route GET \/atomic-clash in production\): /,
      );
      expect(await state()).toEqual(before);
      const detail = await detailOf(filed.json().id);
      expect(detail.changes.map((c) => c.state)).toEqual([
        'pending',
        'pending',
        'pending',
        'failed',
        'pending',
      ]);
      expect(detail.changes[3]?.outcome).toMatch(/^Change 4 of 5/);
    });

    it('dry-runs in order: a later change sees the earlier ones, and a refusal names the change', async () => {
      const twice = await file([
        webAppUrl('https://first.example.com'),
        webAppUrl('https://second.example.com'),
      ]);
      expect(twice.statusCode, twice.body).toBe(201);
      // A development app needs no approval: the set applied at once. The second change's diff starts
      // where the first left the app, and applying found it fresh on that state.
      expect(twice.json().status).toBe('applied');
      const detail = await detailOf(twice.json().id);
      expect(detail.changes[1]?.diff[0]?.before).toMatchObject({ url: 'https://first.example.com' });
      expect((await state()).url).toBe('https://second.example.com');

      const elsewhere: Change = {
        kind: 'gateway_route.create',
        tenantId: 'tenant-404',
        body: { ...productionRoute('/bad') },
      };
      const refused = await file([settings('{"ok":1}'), elsewhere]);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Change 2 of 2 (New gateway route): Tenant not found');
      // A tenant the caller has no role in reads exactly as one that does not exist: the refusal names
      // the kind of change, never the target's title (which names the tenant).
      const otherTenant = (tenantId: string): Change => ({
        kind: 'tenant_settings.gateway',
        tenantId,
        body: { apiGatewayConfiguration: '{"probe":1}' },
      });
      const [hidden, missing] = [
        await file([settings('{"ok":1}'), otherTenant('tenant-002')]),
        await file([settings('{"ok":1}'), otherTenant('tenant-999')]),
      ];
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toBe(missing.body);
      expect(hidden.json().message).toBe(
        'Change 2 of 2 (API gateway and policy server settings): Tenant not found',
      );
      const invalid = await file([settings('{"ok":1}'), webAppUrl('not a url')]);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().issues[0].path).toBe('body.changes.1.body.url');
      // A route needs its capability configured in that environment: alone it is refused; after the set's
      // own configuration of it, it is valid.
      const uat = {
        ...productionConfiguration('{"uat":1}'),
        capabilityId: 'api-003',
        subscriptionId: 'sub-tenant-001-api-003',
        environment: 'uat' as const,
      };
      const uatRoute = route('/needs-configuration', 'uat');
      const routeOfApi003: Change =
        uatRoute.kind === 'gateway_route.create'
          ? { ...uatRoute, body: { ...uatRoute.body, capabilityId: 'api-003' } }
          : uatRoute;
      const alone = await file([settings('{"ok":2}'), routeOfApi003]);
      expect(alone.statusCode).toBe(409);
      expect(alone.json().message).toMatch(
        /^Change 2 of 2 \(Create route GET \/needs-configuration in uat\): .*configure the capability there first/,
      );
      // Two versions of one context in a row: the second is fresh on the first (fingerprints by version
      // number: the first's id differs between the dry run and the apply).
      const configuredFirst = await file([
        { kind: 'configuration.create', body: uat },
        { kind: 'configuration.create', body: { ...uat, configuration: '{"uat":2}' } },
        routeOfApi003,
      ]);
      expect(configuredFirst.statusCode, configuredFirst.body).toBe(201);
      expect(configuredFirst.json().status).toBe('applied');
      // The second route sees the first one the set creates: the same path twice is refused at filing.
      const twin = await file([productionConfigurationChange('{"twin":1}'), route('/twin'), route('/twin')]);
      expect(twin.statusCode).toBe(409);
      expect(twin.json().message).toMatch(/^Change 3 of 3 \(Create route GET \/twin in production\): /);
      expect((await state()).routes).not.toContain('/twin');
      const policy = await file([
        settings('{"ok":1}'),
        {
          kind: 'approval_policy.set',
          tenantId: 'tenant-001',
          body: { requiredApprovals: { development: 0, uat: 0, production: 1 } },
        },
      ]);
      expect(policy.statusCode).toBe(400);
      expect(policy.json().issues[0].path).toBe('body.changes.1.kind');
    });

    it('names the change that went stale and who moved its target; a refresh makes it fresh again', async () => {
      const filed = await file([webAppUrl('https://stale-a.example.com'), settings('{"stale":1}')]);
      expect(filed.statusCode, filed.body).toBe(201);
      await client.bypass(settings('{"moved":1}'));
      const detail = await detailOf(filed.json().id);
      expect(detail.stale).toBe(true);
      expect(detail.staleChange).toMatchObject({ position: 1, movedBy: TEST_ADMIN.email });
      expect(detail.staleChange?.diff[0]).toMatchObject({ before: { moved: 1 }, after: { stale: 1 } });
      const approved = await client.approve(detail.id, OWNER);
      expect(approved.statusCode).toBe(409);
      expect(approved.json().code).toBe('STALE_CHANGE');
      const refreshed = await client.call('POST', `${CHANGES}/${detail.id}/refresh`, {}, TENANT_ADMIN);
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(refreshed.json().staleChange).toBeNull();
      expect((await client.approve(detail.id, OWNER)).json().status).toBe('applied');
    });

    it('reverts an applied set by hand as a new request; a target changed since needs a decision', async () => {
      await client.bypass(settings('{"base":1}'));
      await client.bypass(webAppUrl('https://base.example.com'));
      const filed = await file([
        settings('{"revert":1}'),
        webAppUrl('https://revert.example.com'),
        route('/revert-me'),
      ]);
      expect((await client.approve(filed.json().id, OWNER)).json().status).toBe('applied');
      const applied = await detailOf(filed.json().id, TENANT_ADMIN);
      expect(applied.can.revert).toBe(true);

      // Someone edits the web app after the release applied.
      await client.bypass(webAppUrl('https://someone-else.example.com'));
      const undecided = await client.call('POST', `${CHANGES}/${applied.id}/revert`, {}, TENANT_ADMIN);
      expect(undecided.statusCode).toBe(409);
      expect(undecided.json().code).toBe('REVERT_DECISION_NEEDED');
      expect(undecided.json().issues).toEqual([
        expect.objectContaining({
          path: 'body.decisions.1',
          message: expect.stringMatching(/^Change 2 \(Edit web app/),
        }),
      ]);
      const revert = await client.call(
        'POST',
        `${CHANGES}/${applied.id}/revert`,
        { decisions: { 1: 'skip' } },
        TENANT_ADMIN,
      );
      expect(revert.statusCode, revert.body).toBe(201);
      expect(revert.json()).toMatchObject({
        status: 'pending',
        changeCount: 2,
        title: expect.stringMatching(/^Revert #/),
      });
      const reverting = await detailOf(revert.json().id);
      expect(reverting.revertOf).toEqual({ id: applied.id, number: applied.number });
      expect(reverting.changes.map((c) => c.kind)).toEqual([
        'gateway_route.delete',
        'tenant_settings.gateway',
      ]);
      expect((await client.approve(reverting.id, OWNER)).json().status).toBe('applied');
      const now = await state();
      expect(now.settings).toBe('{"base":1}');
      expect(now.url).toBe('https://someone-else.example.com');
      expect(now.routes).not.toContain('/revert-me');
      expect((await detailOf(applied.id)).followUps).toEqual([
        { id: reverting.id, number: reverting.number, relation: 'revert' },
      ]);
    });

    it('promotes an applied development set to UAT as one new request', async () => {
      const configuration: Change = {
        kind: 'configuration.create',
        body: { ...productionConfiguration('{"promote":1}'), environment: 'development' },
      };
      const filed = await file([configuration, route('/promote-me', 'development')]);
      expect(filed.json().status, filed.body).toBe('applied');
      const promoted = await client.call(
        'POST',
        `${CHANGES}/${filed.json().id}/promote`,
        { targetEnvironment: 'uat' },
        TENANT_ADMIN,
      );
      expect(promoted.statusCode, promoted.body).toBe(201);
      expect(promoted.json()).toMatchObject({ environment: 'uat', changeCount: 2, status: 'applied' });
      const detail = await detailOf(promoted.json().id);
      expect(detail.promotedFrom?.id).toBe(filed.json().id);
      expect(detail.changes.map((c) => c.environment)).toEqual(['uat', 'uat']);
      const back = await client.call(
        'POST',
        `${CHANGES}/${promoted.json().id}/promote`,
        { targetEnvironment: 'development' },
        TENANT_ADMIN,
      );
      expect(back.statusCode).toBe(400);
      expect(back.json().issues[0].path).toBe('body.targetEnvironment');
    });

    it('collects a draft release, orders it and files it as one request; the draft then is empty', async () => {
      const add = (change: Change) =>
        client.call('POST', '/api/release-draft/changes', { change }, TENANT_ADMIN);
      expect((await add(settings('{"draft":1}'))).statusCode).toBe(200);
      const two = await add(webAppUrl('https://draft.example.com'));
      expect(two.json().changes).toHaveLength(2);
      const [first, second] = two.json().changes as { id: string }[];
      const cookie = await sessionCookieFor(ctx().db, TENANT_ADMIN);
      const put = (ifMatch: string) =>
        ctx().inject({
          method: 'PUT',
          url: '/api/release-draft',
          payload: { title: 'Draft release', order: [second?.id, first?.id] },
          headers: { cookie, 'if-match': ifMatch },
        });
      expect((await put('"99"')).statusCode).toBe(412);
      const reordered = await put(two.headers.etag ?? '');
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(reordered.json().changes.map((c: { id: string }) => c.id)).toEqual([second?.id, first?.id]);
      const policy = await add({
        kind: 'approval_policy.set',
        tenantId: 'tenant-001',
        body: { requiredApprovals: { development: 0, uat: 0, production: 1 } },
      });
      expect(policy.statusCode).toBe(400);
      const filed = await client.call('POST', '/api/release-draft/file', {}, TENANT_ADMIN);
      expect(filed.statusCode, filed.body).toBe(201);
      expect(filed.json()).toMatchObject({ changeCount: 2, status: 'pending', title: 'Draft release' });
      expect(filed.json().kind).toBe('web_app.update');
      expect(
        (await client.call('GET', '/api/release-draft', undefined, TENANT_ADMIN)).json().changes,
      ).toEqual([]);
      expect((await client.call('POST', '/api/release-draft/file', {}, TENANT_ADMIN)).statusCode).toBe(409);
    });
  },
  insertFixtures,
);
