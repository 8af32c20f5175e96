import { z } from 'zod';
import { rolloutActionBodySchema, rolloutSchema, slotOwnerParamsSchema } from '../../contract/rollouts';
import { requestActor } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';
import { applyDirect } from '../changes/apply-direct';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { listRollouts } from './reads';

const tags = ['deployments'];

/**
 * Progressive rollouts of blue-green slots (docs/rollouts.md). A rollout starts with a switch that asks
 * for one (src/server/deployments/routes.ts); its actions are changes under the platform's approval
 * policy, like the switch.
 */
export function rolloutRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/rollouts/:resourceType/:id/environment/:environment',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: "A microfrontend's or capability's latest rollouts in one environment, newest first",
        params: slotOwnerParamsSchema,
        response: { 200: z.array(rolloutSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      listRollouts(db, request.params.resourceType, request.params.id, request.params.environment),
  );

  app.post(
    '/api/rollouts/action',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Pause, resume, promote or abort a rollout',
        body: rolloutActionBodySchema,
        response: { 200: rolloutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      applyDirect(db, { kind: 'deployment_rollout.action', body: request.body }, requestActor(request)),
  );
}
