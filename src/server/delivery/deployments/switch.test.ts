import { expect, it } from 'vitest';
import { describeApi } from '../../test/api-harness';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';
import { setSlotHealth } from '../../test/slot-health';

type Slot = {
  slot: string;
  status: string;
  trafficPercentage: number;
  healthStatus: string;
  activatedBy: string | null;
  versionId?: string;
  version?: string;
};
const bySlot = (rows: Slot[]) => Object.fromEntries(rows.map((r) => [r.slot, r]));

describeApi(
  'blue-green deployments',
  (ctx) => {
    const post = (url: string, payload: object) => ctx().inject({ method: 'POST', url, payload });

    it('switches traffic to the inactive slot in one step, with activatedBy from the session', async () => {
      const res = await post('/api/deployments/switch', {
        microfrontendId: 'mfe-1',
        environment: 'production',
        fromSlot: 'blue',
        toSlot: 'green',
        activatedBy: 'mallory',
      });
      expect(res.statusCode).toBe(200);
      const slots = bySlot(res.json());
      expect(slots.blue).toMatchObject({ status: 'inactive', trafficPercentage: 0 });
      expect(slots.green).toMatchObject({
        status: 'active',
        trafficPercentage: 100,
        activatedBy: 'test-admin@example.com',
      });
      const stale = await post('/api/deployments/switch', {
        microfrontendId: 'mfe-1',
        environment: 'production',
        fromSlot: 'blue',
        toSlot: 'green',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('The live slot is green now: reload and try again.');
    });

    it('refuses a switch without one live and one inactive slot', async () => {
      const res = await post('/api/deployments/switch', { microfrontendId: 'mfe-1', environment: 'uat' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Both blue and green slots must be deployed: one live and one inactive.',
      );
      expect(
        (await post('/api/deployments/switch', { microfrontendId: 'nope', environment: 'uat' })).statusCode,
      ).toBe(404);
      expect(
        (await post('/api/deployments/switch', { microfrontendId: 'mfe-1', environment: 'staging' }))
          .statusCode,
      ).toBe(400);
    });

    it('lets concurrent switches each succeed or get 409, leaving exactly one live slot', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('/api/capability-deployments/switch', {
            capabilityId: 'api-001',
            environment: 'uat',
            fromSlot: 'blue',
            toSlot: 'green',
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const slots = (
        await ctx().get('/api/capability-deployments/capability/api-001/environment/uat')
      ).json() as Slot[];
      expect(
        slots.filter((s) => s.status === 'active' && s.trafficPercentage === 100).map((s) => s.slot),
      ).toEqual(['green']);
    });

    it('deploys the first version of an environment live, the next into the idle slot, then switches to it', async () => {
      const first = await post('/api/deployments/deploy', {
        microfrontendId: 'mfe-1',
        environment: 'development',
        versionId: 'mfv-1',
      });
      expect(first.statusCode).toBe(200);
      expect(bySlot(first.json()).blue).toMatchObject({
        status: 'active',
        trafficPercentage: 100,
        versionId: 'mfv-1',
      });
      const second = bySlot(
        (
          await post('/api/deployments/deploy', {
            microfrontendId: 'mfe-1',
            environment: 'development',
            versionId: 'mfv-2',
          })
        ).json(),
      );
      expect(second.green).toMatchObject({
        status: 'inactive',
        trafficPercentage: 0,
        healthStatus: 'unknown',
        versionId: 'mfv-2',
      });
      // Traffic goes only to a slot that passed its health check (the prober's job; written here).
      const development = {
        resourceType: 'microfrontend',
        resourceId: 'mfe-1',
        environment: 'development',
      } as const;
      await setSlotHealth(ctx().db, { ...development, slot: 'green' }, 'healthy');
      await setSlotHealth(ctx().db, { ...development, slot: 'blue' }, 'healthy');
      const switched = bySlot(
        (
          await post('/api/deployments/switch', { microfrontendId: 'mfe-1', environment: 'development' })
        ).json(),
      );
      expect(switched.green).toMatchObject({ status: 'active', trafficPercentage: 100 });
      // And back: a full cycle from the API.
      const back = bySlot(
        (
          await post('/api/deployments/switch', { microfrontendId: 'mfe-1', environment: 'development' })
        ).json(),
      );
      expect(back.blue).toMatchObject({ status: 'active', trafficPercentage: 100 });
    });

    it('deploys only published versions of that microfrontend', async () => {
      const draft = await post('/api/deployments/deploy', {
        microfrontendId: 'mfe-1',
        environment: 'uat',
        versionId: 'mfv-3',
      });
      expect(draft.statusCode).toBe(409);
      expect(draft.json().message).toBe(
        'Version 1.2.0-beta is draft: only published versions can be deployed',
      );
      expect(
        (
          await post('/api/deployments/deploy', {
            microfrontendId: 'mfe-2',
            environment: 'uat',
            versionId: 'mfv-1',
          })
        ).statusCode,
      ).toBe(404);
    });

    it('deploys capability versions to the idle slot', async () => {
      const res = await post('/api/capability-deployments/deploy', {
        capabilityId: 'api-001',
        environment: 'uat',
        version: '1.2.0',
        endpoint: 'https://api.example.com/identity/1.2.0',
      });
      expect(res.statusCode).toBe(200);
      expect(bySlot(res.json()).blue).toMatchObject({
        status: 'inactive',
        version: '1.2.0',
        healthStatus: 'unknown',
      });
      expect(
        (
          await post('/api/capability-deployments/deploy', {
            capabilityId: 'api-001',
            environment: 'uat',
            version: '',
          })
        ).statusCode,
      ).toBe(400);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    // The idle slots the suite switches to have passed their health checks.
    const idle = { environment: 'production', slot: 'green' } as const;
    await setSlotHealth(db, { resourceType: 'microfrontend', resourceId: 'mfe-1', ...idle }, 'healthy');
    await setSlotHealth(
      db,
      { ...idle, resourceType: 'capability', resourceId: 'api-001', environment: 'uat' },
      'healthy',
    );
  },
);
