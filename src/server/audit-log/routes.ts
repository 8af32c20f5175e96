import { z } from 'zod';
import { auditEventSchema } from '../../contract/audit';
import { auditEventListQuerySchema } from '../../contract/lists';
import { requireViewer } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { listAuditEvents } from './reads';

export function auditRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/audit-events',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['audit'],
        summary:
          'Audit events, newest first unless sorted; search action or actor email (administrators: all; tenant owners: their tenants)',
        querystring: auditEventListQuerySchema,
        response: { 200: z.array(auditEventSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listAuditEvents(db, requireViewer(request), request.query)),
  );
}
