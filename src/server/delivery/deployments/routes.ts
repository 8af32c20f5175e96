import { z } from 'zod';
import { environmentSchema, idParamSchema } from '../../../contract/common';
import {
  capabilityDeploymentSchema,
  deployCapabilityBodySchema,
  deployMicrofrontendBodySchema,
  microfrontendDeploymentSchema,
  switchCapabilityBodySchema,
  switchMicrofrontendBodySchema,
} from '../../../contract/deployments';
import { requestActor } from '../../auth/guard';
import type { Database } from '../../db/client';
import { errorResponses } from '../../http/error-responses';
import type { ZodApp } from '../../http/zod-app';
import { adminOnly, signedIn } from '../../auth/permissions';
import { applyDirect } from '../../changes/apply-direct';
import { listCapabilityDeployments, listMicrofrontendDeployments } from './service';

const tags = ['deployments'];
const microfrontendSlots = z.array(microfrontendDeploymentSchema);
const capabilitySlots = z.array(capabilityDeploymentSchema);

/** The options of reading one owner's two slots in one environment. */
function slotsRead<R extends z.ZodType>(summary: string, slots: R) {
  return {
    config: { permission: signedIn },
    schema: {
      tags,
      summary,
      params: z.object({ id: idParamSchema, environment: environmentSchema }),
      response: { 200: slots, ...errorResponses(400, 404) },
    },
  };
}

/** The options of a write on one owner's slots, for administrators: it answers both slots after. */
function slotsWrite<B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, slots: R) {
  return {
    config: { permission: adminOnly },
    schema: { tags, summary, body, response: { 200: slots, ...errorResponses(400, 401, 403, 404, 409) } },
  };
}

/**
 * Microfrontends' and shared capabilities' blue and green slots (docs/product.md). The writes are
 * changes under the platform's approval policy (applyDirect).
 */
export function deploymentRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/deployments/microfrontend/:id/environment/:environment',
    slotsRead("A microfrontend's blue and green slots in one environment", microfrontendSlots),
    async (request) => listMicrofrontendDeployments(db, request.params.id, request.params.environment),
  );
  app.get(
    '/api/capability-deployments/capability/:id/environment/:environment',
    slotsRead("A capability's blue and green slots in one environment", capabilitySlots),
    async (request) => listCapabilityDeployments(db, request.params.id, request.params.environment),
  );

  app.post(
    '/api/deployments/switch',
    slotsWrite(
      "Switch a microfrontend's traffic to its inactive slot",
      switchMicrofrontendBodySchema,
      microfrontendSlots,
    ),
    async (request) =>
      applyDirect(db, { kind: 'microfrontend_deployment.switch', body: request.body }, requestActor(request)),
  );
  app.post(
    '/api/capability-deployments/switch',
    slotsWrite(
      "Switch a capability's traffic to its inactive slot",
      switchCapabilityBodySchema,
      capabilitySlots,
    ),
    async (request) =>
      applyDirect(db, { kind: 'capability_deployment.switch', body: request.body }, requestActor(request)),
  );
  app.post(
    '/api/deployments/deploy',
    slotsWrite(
      'Deploy a published microfrontend version to the idle slot',
      deployMicrofrontendBodySchema,
      microfrontendSlots,
    ),
    // The idle slot moves no traffic, but a first deployment goes live: the kind's gate asks the policy.
    async (request) =>
      applyDirect(db, { kind: 'microfrontend_deployment.deploy', body: request.body }, requestActor(request)),
  );
  app.post(
    '/api/capability-deployments/deploy',
    slotsWrite('Deploy a capability version to the idle slot', deployCapabilityBodySchema, capabilitySlots),
    async (request) =>
      applyDirect(db, { kind: 'capability_deployment.deploy', body: request.body }, requestActor(request)),
  );
}
