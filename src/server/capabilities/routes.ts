import { z } from 'zod';
import { capabilitySchema } from '../../contract/capabilities';
import { idParamSchema, listQuerySchema } from '../../contract/common';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { signedIn } from '../auth/permissions';
import { getCapability, listCapabilities } from './service';

export function capabilityRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/capabilities',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['capabilities'],
        summary: 'List capabilities (search by name, description or category)',
        querystring: listQuerySchema,
        response: { 200: z.array(capabilitySchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await listCapabilities(db, request.query)),
  );

  app.get(
    '/api/capabilities/:capabilityId',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['capabilities'],
        summary: 'One capability',
        params: z.object({ capabilityId: idParamSchema }),
        response: { 200: capabilitySchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getCapability(db, request.params.capabilityId),
  );
}
