import { z } from 'zod';
import { environmentSchema, idParamSchema } from '../../contract/common';
import { capabilityDeploymentSchema, microfrontendDeploymentSchema } from '../../contract/deployments';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { signedIn } from '../auth/permissions';
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
}
