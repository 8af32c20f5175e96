import { z } from 'zod';
import {
  configurationVersionSchema,
  tenantContextParamsSchema,
  versionContextParamsSchema,
} from '../../contract/capability-subscriptions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { onTenant, tenantFromParam } from '../auth/permissions';

const readTenant = onTenant('read', tenantFromParam('tenantId'), 'Tenant');
import { getActiveVersion, listActiveVersions, listVersionHistory } from './versions-service';

const BASE = '/api/capability-subscriptions/versions';

export function configurationVersionRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    `${BASE}/active/:tenantId/:capabilityId/:environment/:region`,
    {
      config: { permission: readTenant },
      schema: {
        tags: ['configuration versions'],
        summary: 'The active configuration version of one context (404 when none)',
        params: versionContextParamsSchema,
        response: { 200: configurationVersionSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getActiveVersion(db, request.params),
  );

  app.get(
    `${BASE}/active/:tenantId/:environment/:region`,
    {
      config: { permission: readTenant },
      schema: {
        tags: ['configuration versions'],
        summary: "All of a tenant's active configuration versions in one environment and region",
        params: tenantContextParamsSchema,
        response: { 200: z.array(configurationVersionSchema), ...errorResponses(400) },
      },
    },
    async (request) => listActiveVersions(db, request.params),
  );

  app.get(
    `${BASE}/history/:tenantId/:capabilityId/:environment/:region`,
    {
      config: { permission: readTenant },
      schema: {
        tags: ['configuration versions'],
        summary: 'Configuration version history of one context, newest first',
        params: versionContextParamsSchema,
        response: { 200: z.array(configurationVersionSchema), ...errorResponses(400) },
      },
    },
    async (request) => listVersionHistory(db, request.params),
  );
}
