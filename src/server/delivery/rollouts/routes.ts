import { isImmediateRolloutAction, rolloutActionBodySchema, rolloutSchema } from '../../../contract/rollouts';
import { requestActor } from '../../auth/guard';
import { adminOnly } from '../../auth/permissions';
import { applyDirect } from '../../changes/apply-direct';
import type { Database } from '../../db/client';
import { errorResponses } from '../../http/error-responses';
import type { ZodApp } from '../../http/zod-app';
import { slotOwnerReadRoute } from '../slot-owner-route';
import { applyRolloutAction } from './actions';
import { listRollouts } from './reads';

const tags = ['deployments'];

/**
 * Progressive rollouts of blue-green slots (docs/rollouts.md). A rollout starts with a switch that asks
 * for one (src/server/delivery/deployments/routes.ts). Promote and resume are changes under the platform's approval
 * policy, like the switch; pause and abort apply at once for whoever may deploy (each audited by
 * recordTransition): stopping a bad rollout must not wait for a second person.
 */
export function rolloutRoutes(app: ZodApp, { db }: { db: Database }): void {
  slotOwnerReadRoute(app, db, {
    path: '/api/rollouts/:resourceType/:id/environment/:environment',
    summary: "A microfrontend's or capability's latest rollouts in one environment, newest first",
    item: rolloutSchema,
    read: listRollouts,
  });

  app.post(
    '/api/rollouts/action',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Pause or abort a rollout (at once), resume or promote it (under the approval policy)',
        body: rolloutActionBodySchema,
        response: { 200: rolloutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requestActor(request);
      if (isImmediateRolloutAction(request.body.action)) {
        return db.transaction((tx) => applyRolloutAction(tx, request.body, actor));
      }
      return applyDirect(db, { kind: 'deployment_rollout.action', body: request.body }, actor);
    },
  );
}
