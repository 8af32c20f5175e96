import { settingsInputSchema, settingsSchema } from '../../contract/settings';
import { requireViewer } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import type { ZodApp } from '../http/zod-app';
import { getSettings, replaceSettings } from './service';

export function settingsRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/settings',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['settings'],
        summary: 'Account and system settings (the defaults until first saved)',
        response: { 200: settingsSchema, ...errorResponses(401) },
      },
    },
    async (_request, reply) => withEtag(reply, await getSettings(db)),
  );

  app.put(
    '/api/settings',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['settings'],
        summary: 'Replace the settings (administrators); If-Match: "<revision>" refuses a stale save (412)',
        body: settingsInputSchema,
        response: {
          200: settingsSchema,
          ...errorResponses(400, 401, 403),
          ...preconditionFailed(settingsSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = actorOf(requireViewer(request), request.ip);
      return withEtag(reply, await replaceSettings(db, request.body, actor, expectedRevision));
    },
  );
}
