import { settingsInputSchema, settingsSchema } from '../../contract/settings';
import { requireViewer } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
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
    async () => getSettings(db),
  );

  app.put(
    '/api/settings',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['settings'],
        summary: 'Replace the settings (administrators)',
        body: settingsInputSchema,
        response: { 200: settingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => replaceSettings(db, request.body, actorOf(requireViewer(request), request.ip)),
  );
}
