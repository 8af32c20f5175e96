import { z } from 'zod';
import { idParamSchema, listQuerySchema } from '../../contract/common';
import { tenantSchema } from '../../contract/tenants';
import { errorResponses } from '../http/error-responses';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import type { Database } from '../db/client';
import { getTenant, listTenants } from './service';
import { requireViewer } from '../auth/guard';
import { onTenant, signedIn, tenantFromParam } from '../auth/permissions';
import { tenantScope } from '../auth/viewer';

export function tenantRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/tenants',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['tenants'],
        summary: 'List tenants (search by name or owner)',
        querystring: listQuerySchema,
        response: { 200: z.array(tenantSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await listTenants(db, tenantScope(requireViewer(request)), request.query)),
  );

  app.get(
    '/api/tenants/:tenantId',
    {
      config: { permission: onTenant('read', tenantFromParam('tenantId'), 'Tenant') },
      schema: {
        tags: ['tenants'],
        summary: 'One tenant; environmentRegionPolicies and blueGreenConfig are JSON text',
        params: z.object({ tenantId: idParamSchema }),
        response: { 200: tenantSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getTenant(db, request.params.tenantId),
  );
}
