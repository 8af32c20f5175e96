import { z } from 'zod';
import { healthCheckSettingsBodySchema } from '../../../contract/deployments';
import { healthResultSchema } from '../../../contract/rollouts';
import { requestActor } from '../../auth/guard';
import { adminOnly } from '../../auth/permissions';
import type { Database } from '../../db/client';
import { errorResponses } from '../../http/error-responses';
import { sendNoContent } from '../../http/route-options';
import type { ZodApp } from '../../http/zod-app';
import { slotOwnerReadRoute } from '../slot-owner-route';
import { recentHealth, setHealthCheck } from './health-service';

const tags = ['deployments'];

/** The health of blue-green slots: what the prober found, and where it looks (docs/health-checks.md). */
export function healthCheckRoutes(app: ZodApp, { db }: { db: Database }): void {
  slotOwnerReadRoute(app, db, {
    path: '/api/deployment-health/:resourceType/:id/environment/:environment',
    summary: "The recent health probes of a microfrontend's or capability's slots in one environment",
    item: healthResultSchema,
    read: recentHealth,
  });

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
