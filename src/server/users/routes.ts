import { z } from 'zod';
import { idParamSchema, listQuerySchema } from '../../contract/common';
import { userProfileSchema, userSchema } from '../../contract/users';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { listUserProfiles, listUsers } from './service';
import { requireViewer } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import { tenantScope } from '../auth/viewer';

export function userRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/users',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['users'],
        summary: 'List users (search by name or email)',
        querystring: listQuerySchema,
        response: { 200: z.array(userSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await listUsers(db, requireViewer(request), request.query)),
  );

  app.get(
    '/api/user-profiles',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['users'],
        summary: "List users' per-tenant profiles",
        querystring: z.object({ userId: idParamSchema.optional(), tenantId: idParamSchema.optional() }),
        response: { 200: z.array(userProfileSchema), ...errorResponses(400) },
      },
    },
    async (request) => listUserProfiles(db, tenantScope(requireViewer(request)), request.query),
  );
}
