import { deleteAllResourcesInputSchema, deleteAllResourcesResultSchema } from '../../contract/settings';
import { requireViewer } from '../auth/guard';
import { adminOnly } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { deleteAllResources } from './service';

export function adminRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.post(
    '/api/admin/delete-all-resources',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['admin'],
        summary:
          'Delete every tenant (with its web apps, profiles, subscriptions, meshes) and every deployment',
        description:
          'The body must carry the confirmation phrase DELETE ALL RESOURCES. Users, capabilities, microfrontends, templates and settings stay.',
        body: deleteAllResourcesInputSchema,
        response: { 200: deleteAllResourcesResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => deleteAllResources(db, actorOf(requireViewer(request), request.ip)),
  );
}
