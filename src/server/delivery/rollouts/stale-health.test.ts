import { expect, it } from 'vitest';
import { describeApi } from '../../test/api-harness';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';
import { capabilityWithTwoSlots, rolloutReader } from '../../test/rollouts';
import { setSlotHealth } from '../../test/slot-health';
import { runRollouts } from './runner';

const CHECK_URL = 'https://v2.example.com/health';

describeApi(
  'rollouts on stale health',
  (ctx) => {
    it('pauses instead of stepping on a result older than three intervals, saying why', async () => {
      const id = await capabilityWithTwoSlots(ctx, 'Stalled prober');
      const green = {
        resourceType: 'capability',
        resourceId: id,
        environment: 'development',
        slot: 'green',
      } as const;
      const checkedAt = new Date();
      await setSlotHealth(ctx().db, green, 'healthy', null, {
        healthCheckUrl: CHECK_URL,
        lastHealthCheck: checkedAt,
      });
      const started = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/switch',
        payload: {
          capabilityId: id,
          environment: 'development',
          progressive: { steps: [10, 50, 100], analysisWindowSeconds: 60, watchWindowSeconds: 0 },
        },
      });
      expect(started.statusCode, started.body).toBe(200);
      const reader = rolloutReader(ctx, 'capability', id, 'development');
      const { id: rolloutId, startedAt } = await reader.current();

      // The prober stalled: a minute on, the last result (still "healthy") is older than 3 × 15 s.
      const due = new Date(Date.parse(startedAt) + 61_000);
      expect(await runRollouts(ctx().db, due)).toBe(1);
      const why =
        "Paused: Green slot's health is unknown: its last check is older than three intervals (45 s)";
      const paused = await reader.current();
      expect(paused).toMatchObject({ state: 'paused', trafficPercentage: 10, reason: why });
      expect(paused.events.map((e) => [e.kind, e.trafficPercentage, e.by, e.reason])).toEqual([
        ['started', 0, 'test-admin@example.com', null],
        ['step', 10, 'test-admin@example.com', null],
        ['paused', 10, 'system', why],
      ]);
      expect(await reader.traffic()).toEqual({ blue: ['active', 90], green: ['active', 10] });
      // A paused rollout stays paused on later passes.
      expect(await runRollouts(ctx().db, new Date(due.getTime() + 600_000))).toBe(0);

      // Fresh health again, a person resumes, and it steps on.
      await setSlotHealth(ctx().db, green, 'healthy', null, {
        healthCheckUrl: CHECK_URL,
        lastHealthCheck: due,
      });
      const resumed = await ctx().inject({
        method: 'POST',
        url: '/api/rollouts/action',
        payload: { rolloutId, action: 'resume' },
      });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ state: 'running', reason: null });
      expect(await runRollouts(ctx().db, new Date(due.getTime() + 1_000))).toBe(1);
      expect(await reader.traffic()).toEqual({ blue: ['active', 50], green: ['active', 50] });
    });
  },
  insertFixturesWithoutApprovals,
);
