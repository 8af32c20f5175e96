import { z } from 'zod';
import { idParamSchema, listQuerySchema } from '../../contract/common';
import { webAppSchema } from '../../contract/web-apps';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { requireViewer } from '../auth/guard';
import { onTenant, signedIn, tenantFromRow } from '../auth/permissions';
import { tenantScope } from '../auth/viewer';
import { webApps } from '../db/schema';
import { getWebApp, listWebApps } from './service';

export function webAppRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/web-apps',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['web apps'],
        summary: 'List web apps (search by name, description or technology)',
        querystring: listQuerySchema.extend({ tenantId: idParamSchema.optional() }),
        response: { 200: z.array(webAppSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await listWebApps(db, tenantScope(requireViewer(request)), request.query)),
  );

  app.get(
    '/api/web-apps/:id',
    {
      config: { permission: onTenant('read', tenantFromRow(webApps, 'id'), 'Web app') },
      schema: {
        tags: ['web apps'],
        summary: 'One web app',
        params: z.object({ id: idParamSchema }),
        response: { 200: webAppSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getWebApp(db, request.params.id),
  );
}
