import { expect, it } from 'vitest';
import type { Change } from '../../../contract/changes';
import { describeApi } from '../../test/api-harness';
import { changeRequestClient } from '../../test/change-requests';
import { insertFixtures } from '../../test/fixtures';
import { capabilityWithTwoSlots, rolloutAudit, rolloutReader } from '../../test/rollouts';
import { setSlotHealth } from '../../test/slot-health';
import { runRollouts } from './runner';

const PRODUCTION = { microfrontendId: 'mfe-1', environment: 'production' } as const;

describeApi(
  'rollouts under the approval policy, and their routes',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const reader = rolloutReader(ctx, 'microfrontend', 'mfe-1', 'production');
    const action = (body: object) => cr.call('POST', '/api/rollouts/action', body);

    it('starts a production rollout by request; pause and abort at once, resume and promote by request', async () => {
      await setSlotHealth(
        ctx().db,
        { resourceType: 'microfrontend', resourceId: 'mfe-1', environment: 'production', slot: 'green' },
        'healthy',
      );
      const switchChange: Change = {
        kind: 'microfrontend_deployment.switch',
        body: { ...PRODUCTION, progressive: { steps: [10, 50, 100] } },
      };
      const direct = await cr.call('POST', '/api/deployments/switch', switchChange.body);
      expect(direct.json().code).toBe('APPROVAL_REQUIRED');
      const switchId = await cr.request(switchChange);
      const switchRequest = (await cr.detail(switchId)).json();
      expect(switchRequest.title).toBe('Switch Dashboard slots in production (progressive 10 → 50 → 100)');
      expect(switchRequest.diff).toContainEqual({
        label: 'Traffic',
        before: 'all on the live slot',
        after: 'progressive 10 → 50 → 100 (each step held 60 s, then watched 300 s)',
      });
      expect((await cr.approve(switchId)).json().status).toBe('applied');
      const rollout = await reader.current();
      expect(rollout).toMatchObject({ state: 'running', trafficPercentage: 10 });

      // Pause moves toward safety: anyone who may deploy does it at once, no second person, audited.
      const pause = { rolloutId: rollout.id, action: 'pause' as const };
      const paused = await action(pause);
      expect(paused.statusCode, paused.body).toBe(200);
      expect((await reader.current()).state).toBe('paused');
      const pauseAudit = await rolloutAudit(ctx().db, rollout.id);
      expect(pauseAudit.at(-1)).toMatchObject({
        action: 'deployment.rollout_paused',
        by: 'test-admin@example.com',
      });

      // Resume moves traffic on again: it stays gated.
      const resume = { rolloutId: rollout.id, action: 'resume' as const };
      const refused = await action(resume);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('APPROVAL_REQUIRED');
      expect((await reader.current()).state).toBe('paused');
      const resumeId = await cr.request({ kind: 'deployment_rollout.action', body: resume });
      const detail = (await cr.detail(resumeId)).json();
      expect(detail.title).toBe('Resume the rollout of Dashboard in production');
      expect(detail.diff).toEqual([
        {
          label: 'Dashboard · production rollout',
          before: { state: 'paused', blue: '90%', green: '10%' },
          after: { state: 'running', blue: '90%', green: '10%' },
        },
      ]);
      expect((await cr.approve(resumeId)).json().status).toBe('applied');
      expect((await reader.current()).state).toBe('running');

      // So does promote; a request made on one state of the rollout is stale once it moved on.
      const promote = { rolloutId: rollout.id, action: 'promote' as const };
      expect((await action(promote)).json().code).toBe('APPROVAL_REQUIRED');
      const promoteId = await cr.request({ kind: 'deployment_rollout.action', body: promote });
      expect((await action(pause)).statusCode).toBe(200);
      await cr.expectStale(promoteId, 'the rollout was paused after the request');
      // And one the rollout's state does not take is refused when it is made.
      const early = await cr.call('POST', '/api/change-requests', {
        change: { kind: 'deployment_rollout.action', body: pause },
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('The rollout is paused: only a running rollout can be paused.');

      // The runner needs no approval: the resumed rollout steps on its own.
      await cr.bypass({ kind: 'deployment_rollout.action', body: resume });
      expect(await runRollouts(ctx().db, new Date(Date.now() + 3_600_000))).toBe(1);
      expect(await reader.traffic()).toEqual({ blue: ['active', 50], green: ['active', 50] });

      // Abort moves toward safety too: at once, traffic back on the stable slot, audited with its reason.
      const aborted = await action({ rolloutId: rollout.id, action: 'abort', reason: 'Error rate up' });
      expect(aborted.statusCode, aborted.body).toBe(200);
      expect(aborted.json()).toMatchObject({ state: 'aborted', reason: 'Error rate up' });
      expect(await reader.traffic()).toEqual({ blue: ['active', 100], green: ['inactive', 0] });
      const abortAudit = await rolloutAudit(ctx().db, rollout.id);
      expect(abortAudit.at(-1)).toMatchObject({
        action: 'deployment.rollout_aborted',
        by: 'test-admin@example.com',
      });
    });

    it('answers 400 naming the field, 404 for what does not exist', async () => {
      const bad = await action({ rolloutId: 'x', action: 'explode' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('body.action');
      const noId = await action({ action: 'pause' });
      expect(noId.statusCode).toBe(400);
      expect(noId.json().issues[0].path).toBe('body.rolloutId');
      expect((await action({ rolloutId: 'no-such-rollout', action: 'pause' })).statusCode).toBe(404);

      const badType = await cr.call('GET', '/api/rollouts/tenant/mfe-1/environment/production');
      expect(badType.statusCode).toBe(400);
      expect(badType.json().issues[0].path).toBe('params.resourceType');
      const badEnvironment = await cr.call('GET', '/api/rollouts/capability/api-001/environment/staging');
      expect(badEnvironment.json().issues[0].path).toBe('params.environment');
      expect((await cr.call('GET', '/api/rollouts/capability/nope/environment/uat')).statusCode).toBe(404);
      expect((await cr.call('GET', '/api/rollouts/capability/api-001/environment/uat')).json()).toEqual([]);
    });

    it('lists the 10 newest rollouts, the current one first', async () => {
      // Development needs no approval: eleven rollouts started and aborted, then a twelfth running.
      const id = await capabilityWithTwoSlots(ctx, 'Many rollouts');
      const history = rolloutReader(ctx, 'capability', id, 'development');
      const start = () =>
        cr.call('POST', '/api/capability-deployments/switch', {
          capabilityId: id,
          environment: 'development',
          progressive: {},
        });
      const aborted: string[] = [];
      for (let i = 0; i < 11; i += 1) {
        expect((await start()).statusCode).toBe(200);
        const { id: rolloutId } = await history.current();
        expect((await action({ rolloutId, action: 'abort' })).statusCode).toBe(200);
        aborted.push(rolloutId);
      }
      expect((await start()).statusCode).toBe(200);
      const listed = await history.rollouts();
      expect(listed).toHaveLength(10);
      expect(listed[0]?.state).toBe('running');
      expect(listed.slice(1).map((r) => r.id)).toEqual(aborted.slice(-9).reverse());
    });
  },
  insertFixtures,
);
