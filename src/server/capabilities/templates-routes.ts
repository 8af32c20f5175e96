import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import { notificationTemplateSchema } from '../../contract/notification-templates';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { signedIn } from '../auth/permissions';
import { listTemplates } from './templates-service';

export function notificationTemplateRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/notification-templates/capability/:capabilityId',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['notification templates'],
        summary: "A capability's notification templates",
        params: z.object({ capabilityId: idParamSchema }),
        response: { 200: z.array(notificationTemplateSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => listTemplates(db, request.params.capabilityId),
  );
}
