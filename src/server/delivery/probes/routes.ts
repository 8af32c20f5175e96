import { z } from 'zod';
import { healthCheckSettingsBodySchema } from '../../../contract/deployments';
import { healthResultSchema, slotOwnerParamsSchema } from '../../../contract/rollouts';
import { requestActor } from '../../auth/guard';
import { adminOnly, signedIn } from '../../auth/permissions';
import type { Database } from '../../db/client';
import { errorResponses } from '../../http/error-responses';
import { childrenRoute, sendNoContent } from '../../http/route-options';
import type { ZodApp } from '../../http/zod-app';
import { recentHealth, setHealthCheck } from './health-service';

const tags = ['deployments'];

/** The health of blue-green slots: what the prober found, and where it looks (docs/health-checks.md). */
export function healthCheckRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/deployment-health/:resourceType/:id/environment/:environment',
    childrenRoute({
      config: { permission: signedIn },
      tags,
      summary: "The recent health probes of a microfrontend's or capability's slots in one environment",
      params: slotOwnerParamsSchema,
      item: healthResultSchema,
      errors: [400, 404],
    }),
    async (request) =>
      recentHealth(db, request.params.resourceType, request.params.id, request.params.environment),
  );

  app.put(
    '/api/deployment-health-checks',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: "Set or clear one slot's health check URL and interval",
        body: healthCheckSettingsBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await setHealthCheck(db, request.body, requestActor(request));
      return sendNoContent(reply);
    },
  );
}
