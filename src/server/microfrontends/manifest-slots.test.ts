import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Slot } from '../../contract/common';
import { meshManifestSchema } from '../../contract/web-app-meshes';
import { microfrontendDeployments, rollouts } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { setSlotTraffic } from '../test/slot-traffic';
import { insertFixtures } from '../test/fixtures';
import { stableSlotOf } from './manifest-slots';

/*
 * The manifest carries each microfrontend's active slots and weights (docs/traffic-splitting.md). The
 * split is written to the slot rows directly, as a rollout would leave them.
 */

const manifestUrl = (environment?: string) =>
  `/api/web-app-meshes/mesh-1/manifest${environment ? `?environment=${environment}` : ''}`;

describeApi(
  'mesh manifest slots',
  (ctx) => {
    const setSlot = (slot: Slot, values: { status: 'active' | 'inactive'; trafficPercentage: number }) =>
      setSlotTraffic(ctx().db, 'microfrontend', 'mfe-1', 'production', slot, values);
    const read = async (etag?: string) => {
      const res = await ctx().inject({
        method: 'GET',
        url: manifestUrl(),
        headers: etag ? { 'if-none-match': etag } : {},
      });
      return { res, etag: String(res.headers.etag) };
    };

    it('lists the live slot outside a rollout, both with weights during one; the ETag follows the weights', async () => {
      const first = await read();
      expect(first.res.statusCode).toBe(200);
      const manifest = meshManifestSchema.parse(first.res.json());
      expect(manifest.environment).toBe('production');
      const [item] = manifest.items;
      // The item's own fields stay the version its menu names.
      expect(item).toMatchObject({ versionId: 'mfv-1', version: '1.0.0' });
      expect(item?.slots).toEqual([
        {
          slot: 'blue',
          versionId: 'mfv-1',
          version: '1.0.0',
          entryUrl: 'https://cdn.example.com/d/1.0.0/remoteEntry.js',
          integrityHash: null,
          weight: 100,
          stable: true,
        },
      ]);
      expect((await read(first.etag)).res.statusCode).toBe(304);

      await setSlot('green', { status: 'active', trafficPercentage: 10 });
      await setSlot('blue', { status: 'active', trafficPercentage: 90 });
      const split = await read(first.etag);
      expect(split.res.statusCode).toBe(200);
      expect(split.etag).not.toBe(first.etag);
      const during = meshManifestSchema.parse(split.res.json()).items[0];
      expect(during).toMatchObject({ versionId: 'mfv-1', entryUrl: item?.entryUrl });
      expect(during?.slots.map((s) => [s.slot, s.versionId, s.weight, s.stable])).toEqual([
        ['blue', 'mfv-1', 90, true],
        ['green', 'mfv-2', 10, false],
      ]);
      expect((await read(split.etag)).res.statusCode).toBe(304);

      await setSlot('green', { status: 'active', trafficPercentage: 50 });
      await setSlot('blue', { status: 'active', trafficPercentage: 50 });
      const half = await read(split.etag);
      expect(half.res.statusCode).toBe(200);
      expect(half.etag).not.toBe(split.etag);
      const weights = meshManifestSchema.parse(half.res.json()).items[0]?.slots.map((s) => s.weight);
      expect(weights).toEqual([50, 50]);
    });

    it('takes the stable slot from a running rollout, and slots from the asked environment only', async () => {
      // Both slots are active at 50 from the test above.
      // Green went live first here, yet the rollout moves traffic from blue: blue is the stable one.
      await ctx()
        .db.update(microfrontendDeployments)
        .set({ activatedAt: '2026-01-01T00:00:00Z' })
        .where(eq(microfrontendDeployments.slot, 'green'));
      expect(
        meshManifestSchema.parse((await read()).res.json()).items[0]?.slots.find((s) => s.stable)?.slot,
      ).toBe('green');
      await ctx()
        .db.insert(rollouts)
        .values({
          resourceType: 'microfrontend',
          resourceId: 'mfe-1',
          environment: 'production',
          fromSlot: 'blue',
          toSlot: 'green',
          steps: [10, 50, 100],
          trafficPercentage: 50,
          analysisWindowSeconds: 60,
          watchWindowSeconds: 300,
          state: 'running',
          startedBy: 'test-admin@example.com',
        });
      const slots = meshManifestSchema.parse((await read()).res.json()).items[0]?.slots;
      expect(slots?.map((s) => [s.slot, s.stable])).toEqual([
        ['blue', true],
        ['green', false],
      ]);
      const uat = meshManifestSchema.parse((await ctx().get(manifestUrl('uat'))).json());
      expect(uat.environment).toBe('uat');
      expect(uat.items[0]?.slots).toEqual([]);
      const bad = await ctx().get(manifestUrl('staging'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(['querystring.environment']);
    });
  },
  insertFixtures,
);

describe('stable slot without a rollout', () => {
  const row = (slot: Slot, weight: number, activatedAt: string | null) => ({
    slot,
    weight,
    activatedAt,
    versionId: 'v',
    version: '1',
    entryUrl: null,
    integrityHash: null,
  });

  it('is the slot that went live first, then the heavier, then blue', () => {
    expect(stableSlotOf([row('blue', 10, '2026-02-01'), row('green', 90, '2026-01-01')], undefined)).toBe(
      'green',
    );
    expect(stableSlotOf([row('blue', 10, null), row('green', 90, null)], undefined)).toBe('green');
    expect(stableSlotOf([row('green', 50, null), row('blue', 50, null)], undefined)).toBe('blue');
    expect(stableSlotOf([row('blue', 10, '2026-02-01'), row('green', 90, null)], undefined)).toBe('blue');
    expect(stableSlotOf([row('blue', 10, null), row('green', 90, null)], 'blue')).toBe('blue');
    expect(stableSlotOf([], undefined)).toBeUndefined();
  });
});
