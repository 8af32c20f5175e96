import { expect, it } from 'vitest';
import type { Rollout } from '../../../contract/rollouts';
import { describeApi } from '../../test/api-harness';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';
import { capabilityWithTwoSlots, rolloutAudit, rolloutReader } from '../../test/rollouts';
import { setSlotHealth } from '../../test/slot-health';
import { runRollouts } from './runner';

/** A time `seconds` after the rollout started: the runner is driven by the clock it is given. */
const at = (rollout: Rollout, seconds: number) => new Date(Date.parse(rollout.startedAt) + seconds * 1000);

describeApi(
  'progressive rollouts',
  (ctx) => {
    const switchCapability = (capabilityId: string, progressive: object) =>
      ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/switch',
        payload: { capabilityId, environment: 'development', progressive },
      });
    const act = (rolloutId: string, action: string, reason?: string) =>
      ctx().inject({ method: 'POST', url: '/api/rollouts/action', payload: { rolloutId, action, reason } });

    it('steps traffic 10 → 50 → 100, watches, completes; every step an event and an audit event', async () => {
      await setSlotHealth(
        ctx().db,
        { resourceType: 'microfrontend', resourceId: 'mfe-1', environment: 'production', slot: 'green' },
        'healthy',
      );
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/deployments/switch',
        payload: { microfrontendId: 'mfe-1', environment: 'production', progressive: {} },
      });
      expect(res.statusCode, res.body).toBe(200);
      const reader = rolloutReader(ctx, 'microfrontend', 'mfe-1', 'production');
      expect(await reader.traffic()).toEqual({ blue: ['active', 90], green: ['active', 10] });
      const rollout = await reader.current();
      expect(rollout).toMatchObject({
        state: 'running',
        steps: [10, 50, 100],
        stepIndex: 0,
        trafficPercentage: 10,
        analysisWindowSeconds: 60,
        watchWindowSeconds: 300,
        fromSlot: 'blue',
        toSlot: 'green',
        startedBy: 'test-admin@example.com',
      });
      expect(Date.parse(rollout.nextActionAt ?? '')).toBe(at(rollout, 60).getTime());

      // Not due yet: nothing moves.
      expect(await runRollouts(ctx().db, at(rollout, 59))).toBe(0);
      expect(await reader.traffic()).toEqual({ blue: ['active', 90], green: ['active', 10] });
      expect(await runRollouts(ctx().db, at(rollout, 60))).toBe(1);
      expect(await reader.traffic()).toEqual({ blue: ['active', 50], green: ['active', 50] });
      expect(await runRollouts(ctx().db, at(rollout, 120))).toBe(1);
      expect(await reader.traffic()).toEqual({ blue: ['inactive', 0], green: ['active', 100] });
      expect(await reader.current()).toMatchObject({ state: 'watching', trafficPercentage: 100 });
      expect(await runRollouts(ctx().db, at(rollout, 419))).toBe(0);
      expect(await runRollouts(ctx().db, at(rollout, 420))).toBe(1);

      const done = await reader.current();
      expect(done).toMatchObject({ state: 'completed', nextActionAt: null });
      expect(Date.parse(done.endedAt ?? '')).toBe(at(rollout, 420).getTime());
      expect(done.events.map((e) => [e.kind, e.trafficPercentage, e.by])).toEqual([
        ['started', 0, 'test-admin@example.com'],
        ['step', 10, 'test-admin@example.com'],
        ['step', 50, 'system'],
        ['step', 100, 'system'],
        ['completed', 100, 'system'],
      ]);
      expect(await rolloutAudit(ctx().db, rollout.id)).toEqual(
        done.events.map((e) => ({
          action: `deployment.rollout_${e.kind}`,
          by: e.by,
          resourceType: 'deployment',
          trafficPercentage: e.trafficPercentage,
        })),
      );
      // Over: the slots switch again as usual, and the runner leaves the rollout alone.
      expect(await runRollouts(ctx().db, at(rollout, 10_000))).toBe(0);
    });

    it('rolls back at the next pass when the new slot turns unhealthy, never reaching the second step', async () => {
      const id = await capabilityWithTwoSlots(ctx, 'Rollback target');
      expect((await switchCapability(id, { steps: [10, 50, 100] })).statusCode).toBe(200);
      const reader = rolloutReader(ctx, 'capability', id, 'development');
      const rollout = await reader.current();
      await setSlotHealth(
        ctx().db,
        { resourceType: 'capability', resourceId: id, environment: 'development', slot: 'green' },
        'unhealthy',
        'HTTP 503',
      );
      // Not due, but unhealthy: the next pass rolls it back.
      expect(await runRollouts(ctx().db, at(rollout, 1))).toBe(1);
      expect(await reader.traffic()).toEqual({ blue: ['active', 100], green: ['inactive', 0] });
      const rolledBack = await reader.current();
      expect(rolledBack).toMatchObject({
        state: 'aborted',
        trafficPercentage: 0,
        reason: 'Rolled back: green slot turned unhealthy (HTTP 503)',
      });
      expect(Date.parse(rolledBack.endedAt ?? '')).toBe(at(rollout, 1).getTime());
      expect(rolledBack.events.map((e) => [e.kind, e.trafficPercentage, e.by])).toEqual([
        ['started', 0, 'test-admin@example.com'],
        ['step', 10, 'test-admin@example.com'],
        ['rolled_back', 0, 'system'],
      ]);
      expect((await rolloutAudit(ctx().db, rollout.id)).at(-1)).toMatchObject({
        action: 'deployment.rollout_rolled_back',
        by: 'system',
      });
      expect(await runRollouts(ctx().db, at(rollout, 3600))).toBe(0);
      expect(await reader.traffic()).toEqual({ blue: ['active', 100], green: ['inactive', 0] });
    });

    it('rolls back a paused rollout too', async () => {
      const id = await capabilityWithTwoSlots(ctx, 'Paused rollback');
      expect((await switchCapability(id, {})).statusCode).toBe(200);
      const reader = rolloutReader(ctx, 'capability', id, 'development');
      const rollout = await reader.current();
      expect((await act(rollout.id, 'pause')).statusCode).toBe(200);
      const green = { resourceType: 'capability', resourceId: id, environment: 'development' } as const;
      await setSlotHealth(ctx().db, { ...green, slot: 'green' }, 'unhealthy', 'Timed out after 3000 ms');
      expect(await runRollouts(ctx().db, at(rollout, 1))).toBe(1);
      expect(await reader.current()).toMatchObject({
        state: 'aborted',
        reason: 'Rolled back: green slot turned unhealthy (Timed out after 3000 ms)',
      });
      expect(await reader.traffic()).toEqual({ blue: ['active', 100], green: ['inactive', 0] });
    });

    it('pauses (holding what was left of the step), resumes, promotes and aborts; refuses out of turn', async () => {
      const id = await capabilityWithTwoSlots(ctx, 'Actions target');
      expect(
        (await switchCapability(id, { steps: [20, 60, 100], analysisWindowSeconds: 60 })).statusCode,
      ).toBe(200);
      const reader = rolloutReader(ctx, 'capability', id, 'development');
      const rollout = await reader.current();

      const resumeRunning = await act(rollout.id, 'resume');
      expect(resumeRunning.statusCode).toBe(409);
      expect(resumeRunning.json().message).toBe(
        'The rollout is running: only a paused rollout can be resumed.',
      );

      const paused = (await act(rollout.id, 'pause')).json() as Rollout;
      expect(paused).toMatchObject({ state: 'paused', nextActionAt: null, trafficPercentage: 20 });
      // Paused, nothing is ever due.
      expect(await runRollouts(ctx().db, at(rollout, 86_400))).toBe(0);
      expect(await reader.traffic()).toEqual({ blue: ['active', 80], green: ['active', 20] });

      const resumed = (await act(rollout.id, 'resume')).json() as Rollout;
      expect(resumed.state).toBe('running');
      const pausedAt = Date.parse(paused.events.at(-1)?.at ?? '');
      const resumedAt = Date.parse(resumed.events.at(-1)?.at ?? '');
      // It holds exactly what was left of the step when it was paused.
      expect(Date.parse(resumed.nextActionAt ?? '') - resumedAt).toBe(
        Date.parse(rollout.nextActionAt ?? '') - pausedAt,
      );

      const promoted = (await act(rollout.id, 'promote')).json() as Rollout;
      expect(promoted).toMatchObject({ state: 'watching', trafficPercentage: 100, stepIndex: 2 });
      expect(await reader.traffic()).toEqual({ blue: ['inactive', 0], green: ['active', 100] });
      const again = await act(rollout.id, 'promote');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'The rollout is watching: only a running or paused rollout can be promoted.',
      );

      const aborted = await act(rollout.id, 'abort', 'Error rate up on the dashboards');
      expect(aborted.statusCode).toBe(200);
      expect(aborted.json()).toMatchObject({ state: 'aborted', reason: 'Error rate up on the dashboards' });
      expect(await reader.traffic()).toEqual({ blue: ['active', 100], green: ['inactive', 0] });
      expect((await act(rollout.id, 'pause')).statusCode).toBe(409);
      const kinds = (await reader.current()).events.map((e) => e.kind);
      expect(kinds).toEqual(['started', 'step', 'paused', 'resumed', 'promoted', 'aborted']);
      expect((await rolloutAudit(ctx().db, rollout.id)).map((e) => e.action)).toEqual(
        kinds.map((kind) => `deployment.rollout_${kind}`),
      );
    });

    it('completes at once when promoted with no watch window', async () => {
      const id = await capabilityWithTwoSlots(ctx, 'No watch');
      expect((await switchCapability(id, { watchWindowSeconds: 0 })).statusCode).toBe(200);
      const rollout = await rolloutReader(ctx, 'capability', id, 'development').current();
      const promoted = (await act(rollout.id, 'promote')).json() as Rollout;
      expect(promoted.state).toBe('completed');
      expect(promoted.events.map((e) => e.kind).slice(-2)).toEqual(['promoted', 'completed']);
    });
  },
  insertFixturesWithoutApprovals,
);
