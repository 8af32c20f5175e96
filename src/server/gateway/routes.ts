import { z } from 'zod';
import {
  gatewayPaths,
  subscribedCapabilitySchema,
  tenantEnvironmentParamsSchema,
} from '../../contract/gateway';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { gatewayArtifactRoutes } from './artifact-routes';
import { subscribedCapabilities } from './lineage-context';
import { readTenant } from './lineage-http';
import { lineageRoutes } from './lineage-routes';
import { policyLineage } from './policies-service';
import { routeLineage } from './routes-service';
import { requireTenant } from './tenant';

/** Every lineage kind, each mounted with the same endpoints; a new kind is one entry here. */
const LINEAGES = [routeLineage, policyLineage];

/** The picker of the route and policy dialogs: which capabilities the rules accept here. */
function subscribedCapabilityRoutes(app: ZodApp, db: Database): void {
  app.get(
    gatewayPaths.capabilities(':tenantId', ':environment'),
    {
      config: { permission: readTenant },
      schema: {
        tags: ['gateway routes', 'opa policies'],
        summary:
          'The capabilities the tenant subscribes to in an environment (made there, or configured there), by name: the only ones routes and policies may name',
        params: tenantEnvironmentParamsSchema,
        response: { 200: z.array(subscribedCapabilitySchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await requireTenant(db, request.params.tenantId);
      return subscribedCapabilities(db, request.params.tenantId, request.params.environment);
    },
  );
}

/** Gateway routes, OPA policies and their two hand-off artifacts (docs/gateway.md). */
export function gatewayRoutes(app: ZodApp, { db }: { db: Database }): void {
  subscribedCapabilityRoutes(app, db);
  for (const entry of LINEAGES) lineageRoutes(app, db, entry);
  gatewayArtifactRoutes(app, db, readTenant, tenantEnvironmentParamsSchema);
}
