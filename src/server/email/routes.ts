import {
  NOTIFICATION_PREFERENCES_PATH,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
} from '../../contract/notification-preferences';
import { requireViewer } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import type { ZodApp } from '../http/zod-app';
import { getNotificationPreferences, replaceNotificationPreferences } from './preferences';

const tags = ['notifications'];

/** The caller's own e-mail preferences (docs/notifications.md, "Preferences"). */
export function notificationPreferenceRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    NOTIFICATION_PREFERENCES_PATH,
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: "The caller's e-mail preferences per kind (all on until first saved, revision 0)",
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await getNotificationPreferences(db, requireViewer(request).user.id)),
  );

  app.put(
    NOTIFICATION_PREFERENCES_PATH,
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: "Replace the caller's e-mail preferences; If-Match refuses a stale save (412)",
        body: notificationPreferencesInputSchema,
        response: {
          200: notificationPreferencesSchema,
          ...errorResponses(400, 401),
          ...preconditionFailed(notificationPreferencesSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const viewer = requireViewer(request);
      const actor = actorOf(viewer, request.ip);
      return withEtag(
        reply,
        await replaceNotificationPreferences(db, viewer.user.id, request.body, actor, expectedRevision),
      );
    },
  );
}
