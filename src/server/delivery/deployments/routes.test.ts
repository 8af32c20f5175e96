import { expect, it } from 'vitest';
import { z } from 'zod';
import { capabilityDeploymentSchema, microfrontendDeploymentSchema } from '../../../contract/deployments';
import { describeApi } from '../../test/api-harness';
import { insertFixtures } from '../../test/fixtures';

describeApi(
  'deployments API',
  (ctx) => {
    const get = (url: string) => ctx().get(url);

    it("lists a microfrontend's slots in an environment, blue first, with the spec defaults", async () => {
      const res = await get('/api/deployments/microfrontend/mfe-1/environment/production');
      const slots = z.array(microfrontendDeploymentSchema).parse(res.json());
      expect(slots.map((s) => [s.slot, s.status, s.trafficPercentage, s.healthStatus])).toEqual([
        ['blue', 'active', 100, 'healthy'],
        ['green', 'inactive', 0, 'unknown'],
      ]);
      expect((await get('/api/deployments/microfrontend/mfe-1/environment/uat')).json()).toEqual([]);
    });

    it("lists a capability's slots in an environment", async () => {
      const slots = z
        .array(capabilityDeploymentSchema)
        .parse((await get('/api/capability-deployments/capability/api-001/environment/uat')).json());
      expect(slots.map((s) => [s.slot, s.version])).toEqual([
        ['blue', '1.0.0'],
        ['green', '1.1.0'],
      ]);
    });

    it('answers 404 for an unknown resource and 400 for an unknown environment', async () => {
      expect((await get('/api/deployments/microfrontend/nope/environment/production')).statusCode).toBe(404);
      expect(
        (await get('/api/capability-deployments/capability/nope/environment/production')).statusCode,
      ).toBe(404);
      const bad = await get('/api/deployments/microfrontend/mfe-1/environment/staging');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('params.environment');
    });
  },
  insertFixtures,
);
