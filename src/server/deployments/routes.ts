import { z } from 'zod';
import { environmentSchema, idParamSchema } from '../../contract/common';
import {
  capabilityDeploymentSchema,
  deployCapabilityBodySchema,
  deployMicrofrontendBodySchema,
  microfrontendDeploymentSchema,
  switchCapabilityBodySchema,
  switchMicrofrontendBodySchema,
} from '../../contract/deployments';
import { requireViewer } from '../auth/guard';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { adminOnly, signedIn } from '../auth/permissions';
import { applyDirect } from '../changes/apply-direct';
import { listCapabilityDeployments, listMicrofrontendDeployments } from './service';

export function deploymentRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/deployments/microfrontend/:id/environment/:environment',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['deployments'],
        summary: "A microfrontend's blue and green slots in one environment",
        params: z.object({ id: idParamSchema, environment: environmentSchema }),
        response: { 200: z.array(microfrontendDeploymentSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => listMicrofrontendDeployments(db, request.params.id, request.params.environment),
  );

  app.get(
    '/api/capability-deployments/capability/:id/environment/:environment',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['deployments'],
        summary: "A capability's blue and green slots in one environment",
        params: z.object({ id: idParamSchema, environment: environmentSchema }),
        response: { 200: z.array(capabilityDeploymentSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => listCapabilityDeployments(db, request.params.id, request.params.environment),
  );

  const actor = (request: Parameters<typeof requireViewer>[0]) => actorOf(requireViewer(request), request.ip);
  const mfeSlots = {
    200: z.array(microfrontendDeploymentSchema),
    ...errorResponses(400, 401, 403, 404, 409),
  };
  const capabilitySlotsReply = {
    200: z.array(capabilityDeploymentSchema),
    ...errorResponses(400, 401, 403, 404, 409),
  };

  app.post(
    '/api/deployments/switch',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['deployments'],
        summary: "Switch a microfrontend's traffic to its inactive slot",
        body: switchMicrofrontendBodySchema,
        response: mfeSlots,
      },
    },
    async (request) =>
      applyDirect(db, { kind: 'microfrontend_deployment.switch', body: request.body }, actor(request)),
  );

  app.post(
    '/api/capability-deployments/switch',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['deployments'],
        summary: "Switch a capability's traffic to its inactive slot",
        body: switchCapabilityBodySchema,
        response: capabilitySlotsReply,
      },
    },
    async (request) =>
      applyDirect(db, { kind: 'capability_deployment.switch', body: request.body }, actor(request)),
  );

  app.post(
    '/api/deployments/deploy',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['deployments'],
        summary: 'Deploy a published microfrontend version to the idle slot',
        body: deployMicrofrontendBodySchema,
        response: mfeSlots,
      },
    },
    // The idle slot moves no traffic, but a first deployment goes live: the kind's gate asks the policy.
    async (request) =>
      applyDirect(db, { kind: 'microfrontend_deployment.deploy', body: request.body }, actor(request)),
  );

  app.post(
    '/api/capability-deployments/deploy',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['deployments'],
        summary: 'Deploy a capability version to the idle slot',
        body: deployCapabilityBodySchema,
        response: capabilitySlotsReply,
      },
    },
    async (request) =>
      applyDirect(db, { kind: 'capability_deployment.deploy', body: request.body }, actor(request)),
  );
}
