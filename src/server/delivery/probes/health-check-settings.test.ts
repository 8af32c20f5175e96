import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { capabilityDeployments } from '../../db/schema';
import { describeApi } from '../../test/api-harness';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';
import { capabilityWithTwoSlots, rolloutReader } from '../../test/rollouts';
import { setSlotHealth } from '../../test/slot-health';

const GREEN = {
  resourceType: 'microfrontend',
  resourceId: 'mfe-1',
  environment: 'production',
  slot: 'green',
};

describeApi(
  'saving a health check',
  (ctx) => {
    const setCheck = (body: object) =>
      ctx().inject({ method: 'PUT', url: '/api/deployment-health-checks', payload: body });

    it('refuses a URL with a control character or white space inside, naming the field', async () => {
      // The URL parser drops tabs and line breaks, so such a URL would be saved as typed and probed as another.
      for (const url of [
        'https://exa\tmple.com/health',
        'https://example.com/he\nalth',
        'https://example.com/a b',
        'https://example.com/\u0000',
        'https://example.com/\u007f',
        'https://example.com/\u00a0x',
      ]) {
        const res = await setCheck({ ...GREEN, healthCheckUrl: url });
        expect(res.statusCode, JSON.stringify(url)).toBe(400);
        expect(res.json().issues[0].path).toBe('body.healthCheckUrl');
      }
      const deploy = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/deploy',
        payload: {
          capabilityId: 'api-001',
          environment: 'uat',
          version: '2.0.0',
          healthCheckUrl: 'https://a\t.io/',
        },
      });
      expect(deploy.statusCode).toBe(400);
      expect(deploy.json().issues[0].path).toBe('body.healthCheckUrl');
      // Surrounding white space is trimmed as before.
      expect((await setCheck({ ...GREEN, healthCheckUrl: '  https://example.com/health ' })).statusCode).toBe(
        204,
      );
    });

    it("refuses to change either slot's health check while a rollout is in progress (409)", async () => {
      const id = await capabilityWithTwoSlots(ctx, 'Check during rollout');
      const slot = { resourceType: 'capability', resourceId: id, environment: 'development' } as const;
      expect(
        (await setCheck({ ...slot, slot: 'green', healthCheckUrl: 'https://v2.example.com/h' })).statusCode,
      ).toBe(204);
      await setSlotHealth(ctx().db, { ...slot, slot: 'green' } as const, 'healthy');
      const started = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/switch',
        payload: { capabilityId: id, environment: 'development', progressive: {} },
      });
      expect(started.statusCode, started.body).toBe(200);
      for (const change of [
        { slot: 'green', healthCheckUrl: null },
        { slot: 'green', healthCheckUrl: 'https://elsewhere.example.com/ok' },
        { slot: 'green', healthCheckUrl: 'https://v2.example.com/h', healthCheckIntervalSeconds: 3600 },
        { slot: 'blue', healthCheckUrl: 'https://v1.example.com/h' },
      ]) {
        const res = await setCheck({ ...slot, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(409);
        expect(res.json().message).toMatch(/^A rollout is in progress on this capability in development/);
      }
      const rows = await ctx()
        .db.select()
        .from(capabilityDeployments)
        .where(eq(capabilityDeployments.capabilityId, id));
      expect(
        rows.map((row) => [row.slot, row.healthCheckUrl, row.healthCheckIntervalSeconds]).sort(),
      ).toEqual([
        ['blue', null, null],
        ['green', 'https://v2.example.com/h', null],
      ]);
      // Once the rollout ended, the check can change again.
      const reader = rolloutReader(ctx, 'capability', id, 'development');
      const rollout = await reader.current();
      const aborted = await ctx().inject({
        method: 'POST',
        url: '/api/rollouts/action',
        payload: { rolloutId: rollout.id, action: 'abort' },
      });
      expect(aborted.statusCode, aborted.body).toBe(200);
      expect((await setCheck({ ...slot, slot: 'green', healthCheckUrl: null })).statusCode).toBe(204);
    });
  },
  insertFixturesWithoutApprovals,
);
