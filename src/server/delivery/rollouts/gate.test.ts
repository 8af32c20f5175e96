import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { switchSlots } from '../deployments/service';
import { microfrontendSlots } from '../deployments/slots';
import { AppError } from '../../errors';
import { describeApi } from '../../test/api-harness';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';
import { capabilityWithTwoSlots, rolloutReader } from '../../test/rollouts';
import { sessionCookieFor, type TestPersona } from '../../test/sessions';
import { setSlotHealth } from '../../test/slot-health';

const GREEN = {
  resourceType: 'microfrontend',
  resourceId: 'mfe-1',
  environment: 'production',
  slot: 'green',
} as const;
const SWITCH = { microfrontendId: 'mfe-1', environment: 'production' };
const CHECK_URL = 'https://green.example.com/health';
const TENANT_ADMIN: TestPersona = {
  id: 'gate-tenant-admin',
  email: 'tenant-admin@a.io',
  roles: { 'tenant-001': 'admin' },
};

describeApi(
  'switch health gate',
  (ctx) => {
    const post = (payload: object, cookie?: string) =>
      ctx().inject({
        method: 'POST',
        url: '/api/deployments/switch',
        payload,
        ...(cookie && { headers: { cookie } }),
      });
    const slots = rolloutReader(ctx, 'microfrontend', 'mfe-1', 'production');
    const liveBlue = { blue: ['active', 100], green: ['inactive', 0] };

    it('refuses a switch to an unhealthy slot, naming why, and moves nothing', async () => {
      await setSlotHealth(ctx().db, GREEN, 'unhealthy', 'HTTP 503');
      for (const body of [SWITCH, { ...SWITCH, progressive: {} }]) {
        const res = await post(body);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('Green slot is unhealthy (HTTP 503): switch refused');
      }
      expect(await slots.traffic()).toEqual(liveBlue);
      expect(await slots.rollouts()).toEqual([]);
    });

    it('refuses a switch to a slot with a health check that never passed it', async () => {
      await setSlotHealth(ctx().db, GREEN, 'unknown', null, { healthCheckUrl: CHECK_URL });
      const res = await post(SWITCH);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Green slot has not passed a health check yet: switch refused');
      expect(await slots.traffic()).toEqual(liveBlue);
    });

    /** A fresh capability in `environment`, blue live, and a switch of it (progressive or not). */
    const freshCapability = async (name: string, environment: 'uat' | 'production' = 'production') => {
      const id = await capabilityWithTwoSlots(ctx, name, environment);
      const green = { resourceType: 'capability', resourceId: id, environment, slot: 'green' } as const;
      const switchIt = (body: object = {}) =>
        ctx().inject({
          method: 'POST',
          url: '/api/capability-deployments/switch',
          payload: { capabilityId: id, environment, ...body },
        });
      return { id, green, switchIt };
    };
    const lastSwitchAudit = async (resourceId: string) => {
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'deployment.switch'), eq(auditEvents.resourceId, resourceId)))
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      return JSON.parse(event?.changes ?? '{}') as Record<string, unknown>;
    };

    it('switches without forcing to a slot with no health check, audited as not checked', async () => {
      const { id, green, switchIt } = await freshCapability('Unchecked');
      await setSlotHealth(ctx().db, green, 'unknown');
      const res = await switchIt();
      expect(res.statusCode, res.body).toBe(200);
      expect(await lastSwitchAudit(id)).toMatchObject({ toSlot: 'green', health: 'not checked' });
      // A slot that passed its check is recorded as such.
      const blue = { ...green, slot: 'blue' } as const;
      await setSlotHealth(ctx().db, blue, 'healthy', null, { healthCheckUrl: CHECK_URL });
      expect((await switchIt()).statusCode).toBe(200);
      expect(await lastSwitchAudit(id)).toMatchObject({ toSlot: 'blue', health: 'healthy' });
    });

    it('with "require health checks in production" on, refuses an unchecked slot in production only', async () => {
      const setRequired = async (on: boolean) => {
        const current = (await ctx().get('/api/settings')).json();
        const { updatedAt, updatedBy, revision, ...input } = current;
        void [updatedAt, updatedBy, revision];
        const res = await ctx().inject({
          method: 'PUT',
          url: '/api/settings',
          payload: { ...input, requireProductionHealthChecks: on },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      const production = await freshCapability('Required in production');
      const uat = await freshCapability('Not required in uat', 'uat');
      await setSlotHealth(ctx().db, production.green, 'unknown');
      await setSlotHealth(ctx().db, uat.green, 'unknown');
      await setRequired(true);
      try {
        for (const body of [{}, { progressive: {} }]) {
          const refused = await production.switchIt(body);
          expect(refused.statusCode).toBe(409);
          expect(refused.json().message).toBe(
            'Green slot has no health check, and production requires one: switch refused',
          );
        }
        expect((await uat.switchIt()).statusCode).toBe(200);
        // A checked slot that passed is switched to as ever.
        await setSlotHealth(ctx().db, production.green, 'healthy', null, { healthCheckUrl: CHECK_URL });
        expect((await production.switchIt()).statusCode).toBe(200);
      } finally {
        await setRequired(false);
      }
    });

    it('counts a health result older than three intervals as unknown', async () => {
      const { green, switchIt } = await freshCapability('Stale health');
      const minuteAgo = new Date(Date.now() - 60_000);
      const stale = { healthCheckUrl: CHECK_URL, lastHealthCheck: minuteAgo };
      await setSlotHealth(ctx().db, green, 'healthy', null, stale);
      for (const body of [{}, { progressive: {} }]) {
        const refused = await switchIt(body);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(
          "Green slot's health is unknown: its last check is older than three intervals (45 s): switch refused",
        );
      }
      // The slot's own interval counts: three minutes of it make a minute-old result fresh.
      await setSlotHealth(ctx().db, green, 'healthy', null, { ...stale, healthCheckIntervalSeconds: 60 });
      expect((await switchIt()).statusCode).toBe(200);
    });

    it('wants a reason to force, and only from a global administrator', async () => {
      await setSlotHealth(ctx().db, GREEN, 'unhealthy');
      const noReason = await post({ ...SWITCH, force: true, forceReason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().issues).toEqual([
        { path: 'body.forceReason', message: 'A reason is required to force a switch' },
      ]);
      const tenantAdmin = await sessionCookieFor(ctx().db, TENANT_ADMIN);
      const refused = await post({ ...SWITCH, force: true, forceReason: 'hotfix' }, tenantAdmin);
      expect(refused.statusCode).toBe(403);
      // The service refuses it too, whoever calls it (a request applies as its requester).
      const actor = { id: TENANT_ADMIN.id, email: TENANT_ADMIN.email };
      const direct = switchSlots(
        ctx().db,
        microfrontendSlots,
        'mfe-1',
        'production',
        { force: true, forceReason: 'hotfix' },
        actor,
      );
      await expect(direct).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'FORBIDDEN');
      expect(await slots.traffic()).toEqual(liveBlue);
    });

    it('lets a global administrator force it with a reason, and audits both', async () => {
      await setSlotHealth(ctx().db, GREEN, 'unhealthy');
      const res = await post({ ...SWITCH, force: true, forceReason: 'The probe endpoint itself is down' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await slots.traffic()).toEqual({ blue: ['inactive', 0], green: ['active', 100] });
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'deployment.switch'))
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      expect(event).toMatchObject({ actorEmail: 'test-admin@example.com', resourceId: 'mfe-1' });
      expect(JSON.parse(event?.changes ?? '{}')).toEqual({
        kind: 'microfrontend',
        environment: 'production',
        fromSlot: 'blue',
        toSlot: 'green',
        health: 'unhealthy',
        forced: true,
        forceReason: 'The probe endpoint itself is down',
      });
    });

    it('refuses a switch or a deployment while a rollout is in progress', async () => {
      const capability = { capabilityId: 'api-001', environment: 'uat' };
      const target = { resourceType: 'capability', resourceId: 'api-001', environment: 'uat' } as const;
      await setSlotHealth(ctx().db, { ...target, slot: 'green' }, 'healthy');
      const started = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/switch',
        payload: { ...capability, progressive: { steps: [25, 100] } },
      });
      expect(started.statusCode, started.body).toBe(200);
      const inProgress = /^A rollout is in progress on this capability in uat/;
      const again = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/switch',
        payload: capability,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(inProgress);
      const deploy = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/deploy',
        payload: { ...capability, version: '9.9.9' },
      });
      expect(deploy.statusCode).toBe(409);
      expect(deploy.json().message).toMatch(inProgress);
      const split = rolloutReader(ctx, 'capability', 'api-001', 'uat');
      expect(await split.traffic()).toEqual({ blue: ['active', 75], green: ['active', 25] });
    });
  },
  insertFixturesWithoutApprovals,
);
