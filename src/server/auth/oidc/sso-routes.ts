import { ssoSettingsInputSchema, ssoSettingsSchema } from '../../../contract/sso';
import { requireViewer } from '../guard';
import { accessAdministration, adminOnly } from '../permissions';
import { actorOf } from '../viewer';
import type { Database } from '../../db/client';
import { errorResponses, preconditionFailed } from '../../http/error-responses';
import { ifMatchRevision, withEtag } from '../../http/if-match';
import type { ZodApp } from '../../http/zod-app';
import { getSsoSettings, replaceSsoSettings } from './sso-service';

/** How SSO groups map to roles, and whether unknown users are created (docs/sso.md); global admins only. */
export function ssoSettingsRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/settings/sso',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['settings'],
        summary:
          'Single sign-on settings: group claim, group-to-role rules, JIT provisioning (administrators)',
        response: { 200: ssoSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => withEtag(reply, await getSsoSettings(db)),
  );

  app.put(
    '/api/settings/sso',
    {
      // Its rules give roles to identity-provider groups: access administration, people only.
      config: { permission: adminOnly, ...accessAdministration },
      schema: {
        tags: ['settings'],
        summary:
          'Replace the single sign-on settings (administrators); If-Match: "<revision>" refuses a stale save',
        body: ssoSettingsInputSchema,
        response: {
          200: ssoSettingsSchema,
          ...errorResponses(400, 401, 403),
          ...preconditionFailed(ssoSettingsSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = actorOf(requireViewer(request), request.ip);
      return withEtag(reply, await replaceSsoSettings(db, request.body, actor, expectedRevision));
    },
  );
}
