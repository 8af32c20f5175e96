import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import { webAppListQuerySchema } from '../../contract/lists';
import { webAppInputSchema, webAppPatchSchema, webAppSchema } from '../../contract/web-apps';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { requireViewer } from '../auth/guard';
import { onTenant, signedIn, tenantFromBody, tenantFromRow } from '../auth/permissions';
import { actorOf, tenantScope } from '../auth/viewer';
import { applyDirect } from '../changes/apply-direct';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the permission guard reads the row's tenant from this table (tenantFromRow); no query here
import { webApps } from '../db/schema';
import { createWebApp, deleteWebApp, getWebApp, listWebApps } from './service';

export function webAppRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/web-apps',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['web apps'],
        summary:
          'List web apps: search by name, description or technology, filter by status, tenantId, environment or technology, sort, page',
        querystring: webAppListQuerySchema,
        response: { 200: z.array(webAppSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listWebApps(db, tenantScope(requireViewer(request)), request.query)),
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
    async (request, reply) => withEtag(reply, await getWebApp(db, request.params.id)),
  );

  app.post(
    '/api/web-apps',
    {
      config: { permission: onTenant('webApps', tenantFromBody, 'Tenant') },
      schema: {
        tags: ['web apps'],
        summary: 'Create a web app in a tenant (starts as provisioning)',
        body: webAppInputSchema,
        response: { 201: webAppSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          withEtag(reply, await createWebApp(db, request.body, actorOf(requireViewer(request), request.ip))),
        ),
  );

  const byRow = onTenant('webApps', tenantFromRow(webApps, 'id'), 'Web app');

  app.patch(
    '/api/web-apps/:id',
    {
      config: { permission: byRow },
      schema: {
        tags: ['web apps'],
        summary: 'Edit a web app or change its status (it stays in its tenant)',
        params: z.object({ id: idParamSchema }),
        body: webAppPatchSchema,
        response: {
          200: webAppSchema,
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(webAppSchema),
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchRevision(request);
      const actor = actorOf(requireViewer(request), request.ip);
      // A production app's URL is what production serves: the kind's gate asks the policy then.
      const change = { kind: 'web_app.update', webAppId: request.params.id, body: request.body } as const;
      return withEtag(reply, await applyDirect(db, change, actor, { expected }));
    },
  );

  app.delete(
    '/api/web-apps/:id',
    {
      config: { permission: byRow },
      schema: {
        tags: ['web apps'],
        summary: 'Delete a web app',
        params: z.object({ id: idParamSchema }),
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(webAppSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      await deleteWebApp(
        db,
        request.params.id,
        actorOf(requireViewer(request), request.ip),
        expectedRevision,
      );
      return reply.status(204).send(null);
    },
  );
}
