import { expect, it } from 'vitest';
import { gatewayPaths } from '../../contract/gateway';
import type { Slot } from '../../contract/common';
import { capabilityDeployments } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { setSlotTraffic } from '../test/slot-traffic';
import { insertFixturesWithoutApprovals, insertGatewayFixtures } from '../test/fixtures';
import { checkedKongDocument, kongProblems } from './kong-validate';

/*
 * The Kong file follows a capability's traffic split (docs/traffic-splitting.md). The split is written
 * to the slot rows directly, as a rollout would leave them (the rollout runner is not part of this).
 */

describeApi(
  'Kong declarative file of a capability split between its slots',
  (ctx) => {
    const declarative = gatewayPaths.declarative('tenant-001', 'production');
    const file = async (target: 'deck' | 'dbless' = 'deck') => {
      const res = await ctx().inject({
        method: 'GET',
        url: `${declarative}?target=${target}`,
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const raw: unknown = res.json();
      expect(kongProblems(raw, target)).toEqual([]);
      return checkedKongDocument(raw);
    };
    const setSlot = (slot: Slot, values: { status: 'active' | 'inactive'; trafficPercentage: number }) =>
      setSlotTraffic(ctx().db, 'capability', 'api-001', 'production', slot, values);

    it('adds an upstream with the slot weights while both slots are live, and drops it after', async () => {
      await ctx()
        .db.insert(capabilityDeployments)
        .values([
          {
            capabilityId: 'api-001',
            environment: 'production',
            slot: 'blue',
            version: '1.0.0',
            endpoint: 'http://identity-blue.internal:8080',
            deployedUrl: 'http://identity-blue.internal:8080',
            status: 'active',
            trafficPercentage: 100,
          },
          {
            capabilityId: 'api-001',
            environment: 'production',
            slot: 'green',
            version: '1.1.0',
            endpoint: 'identity-green.internal:9090',
            deployedUrl: 'identity-green.internal:9090',
          },
        ]);
      const before = await file();
      expect(before.upstreams).toBeUndefined();
      expect(before.services.map((s) => s.url)).toEqual(['http://identity:8080']);

      await setSlot('green', { status: 'active', trafficPercentage: 10 });
      await setSlot('blue', { status: 'active', trafficPercentage: 90 });
      const split = await file();
      const [upstream] = split.upstreams ?? [];
      expect(split.upstreams).toHaveLength(1);
      expect(upstream?.name).toMatch(
        /^tenant-001\.production\.api-001\.http-identity-8080\.[0-9a-f]{10}\.upstream$/,
      );
      expect(upstream?.targets.map((t) => [t.target, t.weight])).toEqual([
        ['identity-blue.internal:8080', 90],
        ['identity-green.internal:9090', 10],
      ]);
      expect(upstream?.tags).toEqual(['tenant:tenant-001', 'environment:production', 'capability:api-001']);
      expect(split.services.map((s) => [s.name, s.url])).toEqual([
        [before.services[0]?.name, `http://${upstream?.name ?? ''}`],
      ]);
      expect(split.services[0]?.routes).toEqual(before.services[0]?.routes);
      expect((await file('dbless')).upstreams).toEqual(split.upstreams);
      // Another environment's file knows nothing of this split.
      const uat = await ctx().get(gatewayPaths.declarative('tenant-001', 'uat'));
      expect(uat.body).not.toContain('upstreams');

      await setSlot('green', { status: 'active', trafficPercentage: 50 });
      await setSlot('blue', { status: 'active', trafficPercentage: 50 });
      expect((await file()).upstreams?.[0]?.targets.map((t) => t.weight)).toEqual([50, 50]);

      await setSlot('green', { status: 'active', trafficPercentage: 100 });
      await setSlot('blue', { status: 'inactive', trafficPercentage: 0 });
      expect(await file()).toEqual(before);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await insertGatewayFixtures(db);
  },
);
