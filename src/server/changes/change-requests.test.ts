import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { changeRequestDetailSchema, changeRequestSchema } from '../../contract/changes';
import { localTimeOf } from '../../contract/time-zone';
import { auditEvents, capabilitySubscriptionVersions as versions, tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { productionConfiguration, SECOND_ADMIN } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, TEST_ADMIN, type TestPersona } from '../test/sessions';
import { runDueChanges } from './scheduler';

const VERSIONS = '/api/capability-subscriptions/versions';
const CHANGES = '/api/change-requests';

const DEVELOPER: TestPersona = {
  id: 'cr-dev',
  email: 'dev@example.com',
  roles: { 'tenant-001': 'developer' },
};
const OWNER: TestPersona = { id: 'cr-owner', email: 'owner@example.com', roles: { 'tenant-001': 'owner' } };
const TENANT_ADMIN: TestPersona = {
  id: 'cr-admin',
  email: 'admin@example.com',
  roles: { 'tenant-001': 'admin' },
};
const MEMBER: TestPersona = {
  id: 'cr-member',
  email: 'member@example.com',
  roles: { 'tenant-001': 'member' },
};
const OUTSIDER: TestPersona = { id: 'cr-out', email: 'out@example.com', roles: { 'tenant-003': 'owner' } };

/** A local time `minutes` from now in UTC, as a schedule names it. */
const inMinutes = (minutes: number, timeZone = 'UTC') =>
  localTimeOf(new Date(Date.now() + minutes * 60_000).toISOString(), timeZone);

describeApi(
  'change requests',
  (ctx) => {
    const cookies: Record<string, string> = {};
    const as = async (persona: TestPersona) =>
      (cookies[persona.id] ??= await sessionCookieFor(ctx().db, persona));
    const post = async (url: string, payload: object | undefined, persona?: TestPersona, headers = {}) =>
      ctx().inject({
        method: 'POST',
        url,
        ...(payload ? { payload } : {}),
        headers: { ...(persona ? { cookie: await as(persona) } : {}), ...headers },
      });
    const get = async (url: string, persona?: TestPersona) =>
      ctx().inject({ method: 'GET', url, ...(persona ? { headers: { cookie: await as(persona) } } : {}) });
    const request = (change: object, persona: TestPersona, extra: object = {}) =>
      post(CHANGES, { change, ...extra }, persona);
    const requestProduction = (configuration: string, persona = DEVELOPER, extra: object = {}) =>
      request({ kind: 'configuration.create', body: productionConfiguration(configuration) }, persona, extra);
    const activeProduction = async () =>
      (
        await ctx()
          .db.select()
          .from(versions)
          .where(
            and(
              eq(versions.tenantId, 'tenant-001'),
              eq(versions.environment, 'production'),
              eq(versions.capabilityId, 'api-002'),
              eq(versions.isActive, true),
            ),
          )
      )[0];
    const auditOf = async (resourceId: string) =>
      (await ctx().db.select().from(auditEvents).where(eq(auditEvents.resourceId, resourceId))).map(
        (e) => e.action,
      );

    it('defaults to one approval for production and none elsewhere', async () => {
      const res = await get('/api/tenants/tenant-001/approval-policy', MEMBER);
      expect(res.statusCode).toBe(200);
      expect(res.json().requiredApprovals).toEqual({ development: 0, uat: 0, production: 1 });
      expect((await get('/api/approval-policy', MEMBER)).json().requiredApprovals.production).toBe(1);
    });

    it('refuses a direct production write with APPROVAL_REQUIRED and lets development through', async () => {
      const direct = await post(VERSIONS, productionConfiguration('{"rateLimit":5}'), DEVELOPER);
      expect(direct.statusCode).toBe(409);
      expect(direct.json().code).toBe('APPROVAL_REQUIRED');
      expect(await activeProduction()).toBeUndefined();
      const development = await post(
        VERSIONS,
        { ...productionConfiguration('{"rateLimit":5}'), environment: 'development' },
        DEVELOPER,
      );
      expect(development.statusCode).toBe(201);
      const switched = await post(
        '/api/tenants/tenant-001/switch',
        { environment: 'production', toVersion: '2.0.0' },
        OWNER,
      );
      expect(switched.statusCode).toBe(409);
      expect(switched.json().code).toBe('APPROVAL_REQUIRED');
    });

    it('lets the idle production slot be prepared directly; a new version for the live slot is a request', async () => {
      const slotVersion = (slot: 'blue' | 'green', version: string) =>
        post(
          '/api/tenants/tenant-001/update-environment-slot-version',
          { environment: 'production', slot, version },
          OWNER,
        );
      const production = async () => {
        const [row] = await ctx().db.select().from(tenants).where(eq(tenants.id, 'tenant-001'));
        return JSON.parse(row?.blueGreenConfig ?? '{}').production;
      };
      // Green is idle: preparing it moves no traffic.
      expect((await slotVersion('green', '1.1.0')).statusCode).toBe(200);
      // Blue is live: a new version there changes what production serves; the same one changes nothing.
      const live = await slotVersion('blue', '1.0.1');
      expect(live.statusCode).toBe(409);
      expect(live.json().code).toBe('APPROVAL_REQUIRED');
      expect((await slotVersion('blue', '1.0.0')).statusCode).toBe(200);
      expect(await production()).toMatchObject({
        activeSlot: 'blue',
        blueVersion: '1.0.0',
        greenVersion: '1.1.0',
      });

      const created = await request(
        {
          kind: 'tenant_blue_green.slot_version',
          tenantId: 'tenant-001',
          body: { environment: 'production', slot: 'blue', version: '1.0.1' },
        },
        TENANT_ADMIN,
      );
      expect(created.statusCode).toBe(201);
      const cr = changeRequestSchema.parse(created.json());
      expect(cr).toMatchObject({ status: 'pending', environment: 'production', requiredApprovals: 1 });
      const detail = changeRequestDetailSchema.parse((await get(`${CHANGES}/${cr.id}`, OWNER)).json());
      expect(detail.title).toBe('Set the blue slot of Acme Corp to 1.0.1 in production');
      expect(detail.diff[0]).toMatchObject({
        before: { activeSlot: 'blue', blueVersion: '1.0.0' },
        after: { activeSlot: 'blue', blueVersion: '1.0.1' },
      });
      // Preparing the idle slot meanwhile does not make the request stale; only the live slot matters.
      expect((await slotVersion('green', '1.2.0')).statusCode).toBe(200);
      const approved = await post(`${CHANGES}/${cr.id}/approve`, {}, OWNER);
      expect(approved.json().status).toBe('applied');
      expect(await production()).toMatchObject({
        activeSlot: 'blue',
        blueVersion: '1.0.1',
        greenVersion: '1.2.0',
      });
      expect(await auditOf('tenant-001')).toContain('tenant.blue_green.slot_version');
    });

    it('a developer requests, cannot approve their own, a member cannot approve, an owner approves and it applies', async () => {
      const created = await requestProduction('{"rateLimit":7}', DEVELOPER, {
        description: 'Raise the limit',
      });
      expect(created.statusCode).toBe(201);
      const cr = changeRequestSchema.parse(created.json());
      expect(cr).toMatchObject({
        status: 'pending',
        requiredApprovals: 1,
        approvals: 0,
        tenantId: 'tenant-001',
        tenantName: 'Acme Corp',
        environment: 'production',
        kind: 'configuration.create',
        requestedBy: 'dev@example.com',
      });
      expect(await activeProduction()).toBeUndefined();

      const detail = changeRequestDetailSchema.parse((await get(`${CHANGES}/${cr.id}`, DEVELOPER)).json());
      expect(detail.diff).toEqual([
        { label: 'production · us-east-1: v– → v1', before: null, after: { rateLimit: 7 } },
      ]);
      expect(detail.stale).toBe(false);
      expect(detail.can).toMatchObject({ approve: false, cancel: true, comment: true });

      const own = await post(`${CHANGES}/${cr.id}/approve`, {}, DEVELOPER);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toMatch(/cannot approve your own/);
      expect((await post(`${CHANGES}/${cr.id}/approve`, {}, MEMBER)).statusCode).toBe(403);
      expect((await post(`${CHANGES}/${cr.id}/approve`, {}, OUTSIDER)).statusCode).toBe(404);

      const ownerView = changeRequestDetailSchema.parse((await get(`${CHANGES}/${cr.id}`, OWNER)).json());
      expect(ownerView.can.approve).toBe(true);
      // A stale If-Match is refused before anything happens.
      const stale = await post(`${CHANGES}/${cr.id}/approve`, {}, OWNER, { 'if-match': '"99"' });
      expect(stale.statusCode).toBe(412);
      const approved = await post(`${CHANGES}/${cr.id}/approve`, { comment: 'LGTM' }, OWNER, {
        'if-match': `"${ownerView.revision}"`,
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        status: 'applied',
        approvals: 1,
        appliedBy: 'owner@example.com',
      });
      const active = await activeProduction();
      expect(active).toMatchObject({ configuration: '{"rateLimit":7}', createdBy: 'dev@example.com' });

      expect(await auditOf(cr.id)).toEqual([
        'change_request.create',
        'change_request.approve',
        'change_request.apply',
      ]);
      const [versionEvent] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.resourceId, active?.id ?? ''));
      expect(versionEvent).toMatchObject({
        action: 'configuration_version.create',
        actorEmail: 'dev@example.com',
      });
      expect(approved.json().events.map((e: { kind: string }) => e.kind)).toEqual([
        'request',
        'approve',
        'apply',
      ]);
      // Applied: nothing more to approve.
      expect((await post(`${CHANGES}/${cr.id}/approve`, {}, TENANT_ADMIN)).statusCode).toBe(409);
    });

    it('refuses a stale request until it is refreshed, and the refresh asks for approval again', async () => {
      const first = changeRequestSchema.parse((await requestProduction('{"rateLimit":8}')).json());
      const second = changeRequestSchema.parse((await requestProduction('{"rateLimit":9}')).json());
      expect((await post(`${CHANGES}/${second.id}/approve`, {}, OWNER)).json().status).toBe('applied');

      const staleView = changeRequestDetailSchema.parse((await get(`${CHANGES}/${first.id}`, OWNER)).json());
      expect(staleView.stale).toBe(true);
      expect(staleView.can.approve).toBe(false);
      expect(staleView.can.approveBlockedBy).toMatch(/refresh/);
      const refused = await post(`${CHANGES}/${first.id}/approve`, {}, OWNER);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('STALE_CHANGE');
      expect((await activeProduction())?.configuration).toBe('{"rateLimit":9}');

      const refreshed = await post(`${CHANGES}/${first.id}/refresh`, undefined, DEVELOPER);
      expect(refreshed.statusCode).toBe(200);
      const after = changeRequestDetailSchema.parse(refreshed.json());
      expect(after).toMatchObject({ stale: false, status: 'pending', approvals: 0 });
      expect(after.diff[0]).toMatchObject({ before: { rateLimit: 9 }, after: { rateLimit: 8 } });
      expect((await post(`${CHANGES}/${first.id}/approve`, {}, TENANT_ADMIN)).json().status).toBe('applied');
      expect((await activeProduction())?.configuration).toBe('{"rateLimit":8}');
    });

    it('checks the change when it is requested: bad JSON is a 400 naming the field inside the change', async () => {
      const res = await requestProduction('{not json');
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('body.change.body.configuration');
      const region = await request(
        { kind: 'configuration.create', body: { ...productionConfiguration('{}'), region: 'eu-west-1' } },
        DEVELOPER,
      );
      expect(region.statusCode).toBe(409);
      // A member may not ask for a configuration change at all.
      expect((await requestProduction('{}', MEMBER)).statusCode).toBe(403);
    });

    it('answers 404 for a tenant the caller cannot see, as for one that does not exist; 403 where it sees it', async () => {
      const rollback = (tenantId: string) => ({
        kind: 'tenant_blue_green.rollback',
        tenantId,
        body: { environment: 'production' },
      });
      const hidden = await request(rollback('tenant-001'), OUTSIDER);
      const missing = await request(rollback('tenant-404'), OUTSIDER);
      expect(hidden.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      // Nothing tells an existing tenant from a missing one.
      expect(hidden.json()).toEqual(missing.json());
      expect((await request(rollback('tenant-001'), MEMBER)).statusCode).toBe(403);
      expect((await requestProduction('{}', OUTSIDER)).statusCode).toBe(404);
    });

    it('lets only global administrators bypass, with a reason the audit log keeps', async () => {
      expect(
        (await requestProduction('{"rateLimit":11}', OWNER, { bypassReason: 'Incident 42' })).statusCode,
      ).toBe(403);
      const res = await requestProduction('{"rateLimit":11}', TEST_ADMIN, { bypassReason: 'Incident 42' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'applied', bypassReason: 'Incident 42', approvals: 0 });
      expect((await activeProduction())?.configuration).toBe('{"rateLimit":11}');
      const [bypass] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.resourceId, res.json().id), eq(auditEvents.action, 'change_request.bypass')),
        );
      expect(JSON.parse(bypass?.changes ?? '{}')).toMatchObject({
        reason: 'Incident 42',
        requiredApprovals: 1,
      });
    });

    it('follows the policy: with production at 0 a direct write applies; only global admins set it', async () => {
      const body = { requiredApprovals: { development: 0, uat: 0, production: 0 } };
      const refused = await ctx().inject({
        method: 'PUT',
        url: '/api/tenants/tenant-001/approval-policy',
        payload: body,
        headers: { cookie: await as(OWNER) },
      });
      expect(refused.statusCode).toBe(403);
      const bad = await ctx().inject({
        method: 'PUT',
        url: '/api/tenants/tenant-001/approval-policy',
        payload: { requiredApprovals: { development: 0, uat: 9, production: 0 } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('body.requiredApprovals.uat');
      // Lowering is itself a request that another global administrator approves.
      const lowered = await request(
        { kind: 'approval_policy.set', tenantId: 'tenant-001', body },
        TEST_ADMIN,
      );
      expect(lowered.statusCode).toBe(201);
      const approved = await post(`${CHANGES}/${lowered.json().id}/approve`, {}, SECOND_ADMIN);
      expect(approved.json().status).toBe('applied');
      const saved = await get('/api/tenants/tenant-001/approval-policy', MEMBER);
      expect(saved.json()).toMatchObject({
        requiredApprovals: body.requiredApprovals,
        updatedBy: 'test-admin@example.com',
      });
      const direct = await post(VERSIONS, productionConfiguration('{"rateLimit":12}'), DEVELOPER);
      expect(direct.statusCode).toBe(201);
      // Back to the default for the rest of the suite: raising applies directly.
      await ctx().inject({
        method: 'PUT',
        url: '/api/tenants/tenant-001/approval-policy',
        payload: { requiredApprovals: { development: 0, uat: 0, production: 1 } },
      });
      expect((await post(VERSIONS, productionConfiguration('{"rateLimit":13}'), DEVELOPER)).statusCode).toBe(
        409,
      );
    });

    it('refuses a schedule in the past or in a zone that does not exist', async () => {
      const past = await requestProduction('{}', DEVELOPER, {
        schedule: { localTime: inMinutes(-5), timeZone: 'UTC' },
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().issues[0].path).toBe('body.schedule.localTime');
      const zone = await requestProduction('{}', DEVELOPER, {
        schedule: { localTime: inMinutes(30), timeZone: 'Mars/Olympus' },
      });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().issues[0].path).toBe('body.schedule.timeZone');
    });

    it('applies an approved scheduled change once, at its time, and never a cancelled one', async () => {
      const later = inMinutes(10, 'Europe/Berlin');
      const made = await request(
        {
          kind: 'tenant_blue_green.switch',
          tenantId: 'tenant-001',
          body: { environment: 'production', toVersion: '2.0.0' },
        },
        TENANT_ADMIN,
        { schedule: { localTime: later, timeZone: 'Europe/Berlin' } },
      );
      const scheduled = changeRequestSchema.parse(made.json());
      expect(scheduled).toMatchObject({ status: 'pending', scheduleTimeZone: 'Europe/Berlin' });
      expect(localTimeOf(scheduled.scheduledAt ?? '', 'Europe/Berlin')).toBe(later);
      const cancelled = changeRequestSchema.parse(
        (
          await requestProduction('{"rateLimit":20}', DEVELOPER, {
            schedule: { localTime: inMinutes(10), timeZone: 'UTC' },
          })
        ).json(),
      );
      expect((await post(`${CHANGES}/${scheduled.id}/approve`, {}, OWNER)).json().status).toBe('scheduled');
      expect((await post(`${CHANGES}/${cancelled.id}/approve`, {}, OWNER)).json().status).toBe('scheduled');
      expect((await post(`${CHANGES}/${cancelled.id}/cancel`, undefined, DEVELOPER)).json().status).toBe(
        'cancelled',
      );

      // Not due yet: nothing happens.
      expect(await runDueChanges(ctx().db)).toBe(0);
      const due = new Date(Date.now() + 11 * 60_000);
      expect(await runDueChanges(ctx().db, due)).toBe(1);
      expect(await runDueChanges(ctx().db, due)).toBe(0);
      const applied = (await get(`${CHANGES}/${scheduled.id}`, OWNER)).json();
      expect(applied).toMatchObject({ status: 'applied', appliedBy: 'scheduler' });
      const [tenant] = await ctx().db.select().from(tenants).where(eq(tenants.id, 'tenant-001'));
      expect(JSON.parse(tenant?.blueGreenConfig ?? '{}').production).toMatchObject({
        activeSlot: 'green',
        greenVersion: '2.0.0',
      });
      expect((await get(`${CHANGES}/${cancelled.id}`, OWNER)).json().status).toBe('cancelled');
      expect(await auditOf(scheduled.id)).toEqual([
        'change_request.create',
        'change_request.approve',
        'change_request.schedule',
        'change_request.apply',
      ]);
    });

    it('records a scheduled change that can no longer apply as failed, with the reason', async () => {
      const cr = changeRequestSchema.parse(
        (
          await request(
            {
              kind: 'tenant_blue_green.rollback',
              tenantId: 'tenant-001',
              body: { environment: 'production' },
            },
            TENANT_ADMIN,
            { schedule: { localTime: inMinutes(10), timeZone: 'UTC' } },
          )
        ).json(),
      );
      expect((await post(`${CHANGES}/${cr.id}/approve`, {}, OWNER)).json().status).toBe('scheduled');
      // Someone switches production in between: the request's diff is stale when its time comes.
      const admin = await post(CHANGES, {
        change: {
          kind: 'tenant_blue_green.switch',
          tenantId: 'tenant-001',
          body: { environment: 'production', toVersion: '3.0.0' },
        },
        bypassReason: 'hotfix',
      });
      expect(admin.statusCode).toBe(201);
      expect(await runDueChanges(ctx().db, new Date(Date.now() + 11 * 60_000))).toBe(1);
      const failed = (await get(`${CHANGES}/${cr.id}`, OWNER)).json();
      expect(failed.status).toBe('failed');
      expect(failed.outcome).toMatch(/refresh/);
    });

    it('rejects with a reason; lists and the badge show what waits for whom', async () => {
      const cr = changeRequestSchema.parse((await requestProduction('{"rateLimit":30}')).json());
      expect((await post(`${CHANGES}/${cr.id}/reject`, {}, OWNER)).statusCode).toBe(400);
      expect((await get(`${CHANGES}/summary`, OWNER)).json().waitingForMe).toBe(1);
      expect((await get(`${CHANGES}/summary`, DEVELOPER)).json().waitingForMe).toBe(0);
      expect((await get(`${CHANGES}/summary`, MEMBER)).json().waitingForMe).toBe(0);

      const waiting = await get(`${CHANGES}?view=waiting`, TENANT_ADMIN);
      expect(waiting.json().map((r: { id: string }) => r.id)).toEqual([cr.id]);
      expect(waiting.headers['x-total-count']).toBe('1');
      const mine = await get(`${CHANGES}?view=mine&state=closed&sort=-number`, DEVELOPER);
      expect(mine.json().every((r: { requestedBy: string }) => r.requestedBy === 'dev@example.com')).toBe(
        true,
      );
      // Someone with no role in tenant-001 sees none of its requests, nor a request by id.
      expect((await get(CHANGES, OUTSIDER)).json()).toEqual([]);
      expect((await get(`${CHANGES}/${cr.id}`, OUTSIDER)).statusCode).toBe(404);
      expect((await get(`${CHANGES}?sort=title`, OWNER)).statusCode).toBe(400);

      const comment = await post(`${CHANGES}/${cr.id}/comments`, { body: 'Why 30?' }, MEMBER);
      expect(comment.statusCode).toBe(200);
      const rejected = await post(`${CHANGES}/${cr.id}/reject`, { comment: 'Too high' }, OWNER);
      expect(rejected.json()).toMatchObject({ status: 'rejected' });
      expect((await post(`${CHANGES}/${cr.id}/approve`, {}, TENANT_ADMIN)).statusCode).toBe(409);
      expect((await get(`${CHANGES}/summary`, OWNER)).json().waitingForMe).toBe(0);
    });

    it('treats shared capability slot switches as platform changes for global administrators', async () => {
      const direct = await post('/api/capabilities/api-001/switch', {
        environment: 'production',
        toVersion: '9.9.9',
      });
      expect(direct.statusCode).toBe(409);
      expect(direct.json().code).toBe('APPROVAL_REQUIRED');
      const refused = await request(
        {
          kind: 'capability_blue_green.switch',
          capabilityId: 'api-001',
          body: { environment: 'production', toVersion: '9.9.9' },
        },
        OWNER,
      );
      expect(refused.statusCode).toBe(403);

      // Turning blue-green on moves no traffic; the first version would go live, so it needs approval.
      const toggled = await post('/api/capabilities/api-001/toggle-environment-blue-green', {
        environment: 'production',
        enabled: true,
      });
      expect(toggled.statusCode).toBe(200);
      const first = await post('/api/capabilities/api-001/update-environment-slot-version', {
        environment: 'production',
        slot: 'green',
        version: '1.0.0',
      });
      expect(first.statusCode).toBe(409);
      expect(first.json().code).toBe('APPROVAL_REQUIRED');
      expect(first.json().message).toMatch(/^Platform production changes need an approval/);
    });

    it("turns a production's first deployment into a platform request; idle slots deploy directly", async () => {
      const deploy = { capabilityId: 'api-001', environment: 'production', version: '2.0.0', endpoint: null };
      // Nothing is live in production yet: this deployment would go live.
      const direct = await post('/api/capability-deployments/deploy', deploy, TEST_ADMIN);
      expect(direct.statusCode).toBe(409);
      expect(direct.json().code).toBe('APPROVAL_REQUIRED');
      // UAT has a live slot: a new version lands in the idle one, with no approval.
      const idle = await post(
        '/api/capability-deployments/deploy',
        { ...deploy, environment: 'uat' },
        TEST_ADMIN,
      );
      expect(idle.statusCode).toBe(200);
      expect(idle.json().map((r: { slot: string; status: string }) => [r.slot, r.status])).toEqual([
        ['blue', 'active'],
        ['green', 'inactive'],
      ]);

      const created = await request({ kind: 'capability_deployment.deploy', body: deploy }, TEST_ADMIN);
      expect(created.statusCode).toBe(201);
      const cr = changeRequestSchema.parse(created.json());
      expect(cr).toMatchObject({ status: 'pending', tenantId: null, environment: 'production' });
      const detail = changeRequestDetailSchema.parse((await get(`${CHANGES}/${cr.id}`, TEST_ADMIN)).json());
      expect(detail.title).toBe('Deploy Identity Service 2.0.0 in production');
      expect(detail.diff[0]).toMatchObject({
        before: {},
        after: { blue: { version: '2.0.0', endpoint: null, status: 'active', trafficPercentage: 100 } },
      });
      const approved = await post(`${CHANGES}/${cr.id}/approve`, {}, SECOND_ADMIN);
      expect(approved.json().status).toBe('applied');
      const live = await get(
        '/api/capability-deployments/capability/api-001/environment/production',
        TEST_ADMIN,
      );
      expect(live.json()).toMatchObject([
        { slot: 'blue', version: '2.0.0', status: 'active', trafficPercentage: 100 },
      ]);
    });

    it('turns production gateway writes into requests: a route created, then edited, each approved', async () => {
      const route = {
        capabilityId: 'api-002',
        environment: 'production',
        path: '/reviewed',
        methods: ['GET'],
        targetService: 'reviewed:8080',
      };
      const direct = await post('/api/tenants/tenant-001/gateway-routes', route, DEVELOPER);
      expect(direct.statusCode).toBe(409);
      expect(direct.json().code).toBe('APPROVAL_REQUIRED');
      const created = await request(
        { kind: 'gateway_route.create', tenantId: 'tenant-001', body: route },
        DEVELOPER,
      );
      expect(created.statusCode).toBe(201);
      expect(created.json().title).toBe('Create route GET /reviewed in production');
      expect((await post(`${CHANGES}/${created.json().id}/approve`, {}, OWNER)).json().status).toBe(
        'applied',
      );
      const listed = (
        await get('/api/tenants/tenant-001/gateway-routes?environment=production', OWNER)
      ).json();
      const made = listed.find((r: { path: string }) => r.path === '/reviewed');
      expect(made).toMatchObject({ version: 1, createdBy: 'dev@example.com' });

      const edit = await request(
        {
          kind: 'gateway_route.edit',
          tenantId: 'tenant-001',
          lineageId: made.lineageId,
          body: {
            path: '/reviewed',
            methods: ['GET', 'POST'],
            targetService: 'reviewed:8080',
            authRequired: true,
            rateLimit: 50,
          },
        },
        DEVELOPER,
      );
      expect(edit.statusCode).toBe(201);
      const detail = (await get(`${CHANGES}/${edit.json().id}`, OWNER)).json();
      expect(detail.diff[0].before).toMatchObject({ methods: ['GET'] });
      expect(detail.diff[0].after).toMatchObject({ methods: ['GET', 'POST'], rateLimit: 50 });
      // Only what the edit changes differs: the capability stays (the edit body cannot name one).
      const { before, after } = detail.diff[0] as { before: object; after: object };
      const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
        (key) =>
          JSON.stringify((before as Record<string, unknown>)[key]) !==
          JSON.stringify((after as Record<string, unknown>)[key]),
      );
      expect(changed.sort()).toEqual(['methods', 'rateLimit']);
      expect((await post(`${CHANGES}/${edit.json().id}/approve`, {}, TENANT_ADMIN)).json().status).toBe(
        'applied',
      );
      const history = (
        await get(`/api/tenants/tenant-001/gateway-routes/${made.lineageId}/versions`, OWNER)
      ).json();
      expect(history[0]).toMatchObject({ version: 2, isActive: true, methods: ['GET', 'POST'] });
    });
  },
  insertFixtures,
);
