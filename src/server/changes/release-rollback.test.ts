import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { changeRequestDetailSchema, type Change } from '../../contract/changes';
import { auditEvents, tenants } from '../db/schema';
import { runRollouts } from '../delivery/rollouts/runner';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { capabilityWithTwoSlots, rolloutReader } from '../test/rollouts';
import { setSlotHealth } from '../test/slot-health';

/*
 * A release whose last change is a progressive switch undoes itself when its rollout rolls back: every
 * other change goes back to its snapshot, audited as one event by `system` and shown on the request.
 */

const CHANGES = '/api/change-requests';
const settings = (value: string): Change => ({
  kind: 'tenant_settings.gateway',
  tenantId: 'tenant-001',
  body: { apiGatewayConfiguration: value },
});

describeApi(
  'release rolled back with its rollout',
  (ctx) => {
    const client = changeRequestClient(ctx);
    const gatewaySettings = async () =>
      (await ctx().db.select().from(tenants).where(eq(tenants.id, 'tenant-001')))[0]?.apiGatewayConfiguration;

    /** Files the settings and a progressive switch as one release; answers its id and the rollout's reader. */
    const fileRelease = async (capabilityName: string) => {
      const capabilityId = await capabilityWithTwoSlots(ctx, capabilityName);
      await client.bypass(settings('{"before":true}'));
      const filed = await client.call('POST', CHANGES, {
        changes: [
          settings('{"release":true}'),
          {
            kind: 'capability_deployment.switch',
            body: { capabilityId, environment: 'development', progressive: { steps: [10, 50, 100] } },
          },
        ],
      });
      expect(filed.statusCode, filed.body).toBe(201);
      expect(filed.json().status).toBe('applied');
      return {
        id: String(filed.json().id),
        capabilityId,
        reader: rolloutReader(ctx, 'capability', capabilityId, 'development'),
      };
    };
    /** The new slot turns unhealthy and the rollout's first step rolls the traffic back. */
    const failFirstStep = async ({ capabilityId, reader }: Awaited<ReturnType<typeof fileRelease>>) => {
      const rollout = await reader.current();
      expect(rollout.state).toBe('running');
      await setSlotHealth(
        ctx().db,
        { resourceType: 'capability', resourceId: capabilityId, environment: 'development', slot: 'green' },
        'unhealthy',
        'HTTP 503',
      );
      expect(await runRollouts(ctx().db, new Date(Date.parse(rollout.startedAt) + 1000))).toBe(1);
      expect(await reader.traffic()).toEqual({ blue: ['active', 100], green: ['inactive', 0] });
    };

    it('reverts every change of the set when the new slot turns unhealthy at the first step', async () => {
      const release = await fileRelease('Release rollback');
      expect(await gatewaySettings()).toBe('{"release":true}');
      await failFirstStep(release);
      expect(await gatewaySettings()).toBe('{"before":true}');

      const detail = changeRequestDetailSchema.parse((await client.detail(release.id)).json());
      expect(detail.outcome).toMatch(/^Reverted: the rollout of its last change ended on the stable slot/);
      expect(detail.changes.map((c) => c.state)).toEqual(['reverted', 'reverted']);
      expect(detail.events.at(-1)).toMatchObject({ kind: 'revert', author: 'system' });
      const audited = await ctx().db.select().from(auditEvents).where(eq(auditEvents.resourceId, detail.id));
      expect(audited.filter((e) => e.action === 'change_request.revert')).toEqual([
        expect.objectContaining({ actorEmail: 'system' }),
      ]);
    });

    it('reverts nothing when a target of the set changed since it applied: a person decides', async () => {
      const release = await fileRelease('Release rollback, moved target');
      // Someone's later change of the same settings, while the rollout runs.
      await client.bypass(settings('{"later":true}'));
      await failFirstStep(release);
      expect(await gatewaySettings()).toBe('{"later":true}');

      const detail = changeRequestDetailSchema.parse((await client.detail(release.id)).json());
      expect(detail.outcome).toMatch(
        /^Revert failed: the target of change 1 \(.+\) changed since the set applied; revert by hand to decide$/,
      );
      expect(detail.changes.map((c) => c.state)).toEqual(['applied', 'applied']);
      expect(detail.events.at(-1)).toMatchObject({ kind: 'revert', author: 'system' });
      const audited = await ctx().db.select().from(auditEvents).where(eq(auditEvents.resourceId, detail.id));
      expect(audited.filter((e) => e.action === 'change_request.revert_failed')).toHaveLength(1);
    });
  },
  insertFixturesWithoutApprovals,
);
