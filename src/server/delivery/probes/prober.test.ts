import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HEALTH_HISTORY_LIMIT, type HealthResult } from '../../../contract/rollouts';
import { auditEvents, capabilityDeployments, microfrontendDeployments } from '../../db/schema';
import { runRollouts } from '../rollouts/runner';
import { describeApi } from '../../test/api-harness';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';
import { startHealthServer, type HealthServer } from '../../test/health-server';
import { capabilityWithTwoSlots, rolloutAudit, rolloutReader } from '../../test/rollouts';
import { TEST_PROBER_SETTINGS } from '../../test/prober-settings';
import { runDueProbes } from './prober';

const SETTINGS = TEST_PROBER_SETTINGS;

describeApi(
  'health probes',
  (ctx) => {
    let health: HealthServer;
    let clock = 0;
    /** The next pass's time: one interval on (from now at least), so every slot with a URL is due again. */
    const nextPass = () => new Date((clock = Math.max(clock, Date.now()) + SETTINGS.intervalSeconds * 1000));
    const probeAll = () => runDueProbes(ctx().db, SETTINGS, nextPass());
    const greenSlot = () =>
      ctx()
        .db.select()
        .from(microfrontendDeployments)
        .where(eq(microfrontendDeployments.id, 'mfd-green'))
        .then(([row]) => row);
    const healthAudit = () =>
      ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'deployment.health'))
        .orderBy(asc(auditEvents.seq));
    const setCheck = (body: object) =>
      ctx().inject({ method: 'PUT', url: '/api/deployment-health-checks', payload: body });

    beforeAll(async () => {
      health = await startHealthServer();
    });
    afterAll(() => health.close());

    it('sets a slot health check; a probe per interval; thresholds decide the status', async () => {
      const target = { resourceType: 'microfrontend', resourceId: 'mfe-1', environment: 'production' };
      const res = await setCheck({ ...target, slot: 'green', healthCheckUrl: health.url('/green') });
      expect(res.statusCode, res.body).toBe(204);
      health.set({ status: 200 });
      expect(await probeAll()).toBe(1);
      expect(await greenSlot()).toMatchObject({
        healthStatus: 'healthy',
        healthReason: null,
        healthFailures: 0,
      });
      // Not due again within its interval: the same moment probes nothing.
      expect(await runDueProbes(ctx().db, SETTINGS, new Date(clock))).toBe(0);

      health.set({ status: 503 });
      await probeAll();
      await probeAll();
      expect(await greenSlot()).toMatchObject({
        healthStatus: 'healthy',
        healthFailures: 2,
        healthReason: 'HTTP 503',
      });
      await probeAll();
      expect(await greenSlot()).toMatchObject({ healthStatus: 'unhealthy', healthFailures: 3 });
      health.set({ status: 200 });
      await probeAll();
      expect(await greenSlot()).toMatchObject({
        healthStatus: 'healthy',
        healthSuccesses: 1,
        healthReason: null,
      });

      // Each change of status, and only those, is in the audit log, by "system".
      const changes = (await healthAudit()).map((e) => [e.actorEmail, JSON.parse(e.changes ?? '{}').to]);
      expect(changes).toEqual([
        ['system', 'healthy'],
        ['system', 'unhealthy'],
        ['system', 'healthy'],
      ]);
    });

    it('keeps the recent probes, newest first, capped per slot', async () => {
      for (let i = 0; i < HEALTH_HISTORY_LIMIT + 3; i++) await probeAll();
      const res = await ctx().get('/api/deployment-health/microfrontend/mfe-1/environment/production');
      expect(res.statusCode).toBe(200);
      const results = res.json() as HealthResult[];
      expect(results).toHaveLength(HEALTH_HISTORY_LIMIT);
      expect(results.every((r) => r.slot === 'green' && r.ok && r.statusCode === 200)).toBe(true);
      const times = results.map((r) => Date.parse(r.checkedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect((await ctx().get('/api/deployment-health/capability/nope/environment/uat')).statusCode).toBe(
        404,
      );
    });

    it('refuses a bad health check with a 400 naming the field, and an unknown slot with a 404', async () => {
      const target = {
        resourceType: 'microfrontend',
        resourceId: 'mfe-1',
        environment: 'production',
        slot: 'green',
      };
      const bad = await setCheck({ ...target, healthCheckUrl: 'gopher://x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('body.healthCheckUrl');
      const interval = await setCheck({
        ...target,
        healthCheckUrl: health.url(),
        healthCheckIntervalSeconds: 1,
      });
      expect(interval.json().issues[0].path).toBe('body.healthCheckIntervalSeconds');
      const missing = await setCheck({ ...target, environment: 'development', healthCheckUrl: health.url() });
      expect(missing.statusCode).toBe(404);
    });

    it('rolls a bad version back after its first step, without a person', async () => {
      const id = await capabilityWithTwoSlots(ctx, 'Probed rollout');
      const slot = { resourceType: 'capability', resourceId: id, environment: 'development', slot: 'green' };
      health.set({ status: 200 });
      expect((await setCheck({ ...slot, healthCheckUrl: health.url('/v2') })).statusCode).toBe(204);
      await probeAll();
      const started = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/switch',
        payload: { capabilityId: id, environment: 'development', progressive: { analysisWindowSeconds: 60 } },
      });
      expect(started.statusCode, started.body).toBe(200);
      const reader = rolloutReader(ctx, 'capability', id, 'development');
      expect(await reader.traffic()).toEqual({ blue: ['active', 90], green: ['active', 10] });

      // The new version starts failing within its first step's window.
      health.set({ status: 503 });
      for (let i = 0; i < SETTINGS.failureThreshold; i++) await probeAll();
      const rollout = await reader.current();
      await runRollouts(ctx().db, new Date(Date.parse(rollout.startedAt) + 5_000));
      expect(await reader.traffic()).toEqual({ blue: ['active', 100], green: ['inactive', 0] });
      const ended = await reader.current();
      expect(ended).toMatchObject({ state: 'aborted', trafficPercentage: 0 });
      expect(ended.reason).toMatch(/unhealthy \(HTTP 503\)/);
      expect(ended.events.map((e) => [e.kind, e.trafficPercentage, e.by])).toEqual([
        ['started', 0, 'test-admin@example.com'],
        ['step', 10, 'test-admin@example.com'],
        ['rolled_back', 0, 'system'],
      ]);
      expect((await rolloutAudit(ctx().db, ended.id)).map((e) => [e.action, e.by])).toContainEqual([
        'deployment.rollout_rolled_back',
        'system',
      ]);
    });

    it('a deployment starts the slot over: its own URL, health unknown, probed at once', async () => {
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/deploy',
        payload: {
          capabilityId: 'api-001',
          environment: 'uat',
          version: '1.2.0',
          healthCheckUrl: health.url('/api-001'),
          healthCheckIntervalSeconds: 30,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [green] = await ctx()
        .db.select()
        .from(capabilityDeployments)
        .where(and(eq(capabilityDeployments.id, 'cd-green')));
      expect(green).toMatchObject({
        healthStatus: 'unknown',
        healthCheckUrl: health.url('/api-001'),
        healthCheckIntervalSeconds: 30,
        healthFailures: 0,
      });
      expect(Date.parse(green?.nextHealthCheckAt ?? '')).toBeLessThanOrEqual(Date.now());
    });
  },
  insertFixturesWithoutApprovals,
);
