import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import { notificationTemplateListQuerySchema } from '../../contract/lists';
import {
  notificationTemplateSchema,
  templateInputSchema,
  templatePatchSchema,
} from '../../contract/notification-templates';
import { requestActor } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { idParams } from '../http/responses';
import { childListRoute, readOneRoute, restoreRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import { conditionalWriteRoutes, createdResourceRoute } from '../auth/conditional-writes';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  restoreTemplate,
  updateTemplate,
} from './templates-service';

const tags = ['notification templates'];
const resource = notificationTemplateSchema;

/** Creating a template, and putting back a deleted one. */
function templateCreateRoutes(app: ZodApp, db: Database): void {
  const config = { permission: adminOnly };
  createdResourceRoute(app, {
    path: '/api/notification-templates',
    config,
    tags,
    summary: 'Create a notification template (createdBy is the signed-in user)',
    body: templateInputSchema,
    resource,
    errors: [400, 401, 403, 404, 409],
    run: ({ body }, actor) => createTemplate(db, body, actor),
  });

  app.post(
    '/api/notification-templates/:id/restore',
    restoreRoute({
      config,
      tags,
      summary:
        'Undo a delete: put a deleted template back as it was (same id and fields); 404 when no delete of that id is recorded, 409 when it exists again',
      params: idParams,
      resource,
    }),
    async (request, reply) =>
      reply.status(201).send(await restoreTemplate(db, request.params.id, requestActor(request))),
  );
}

/** Reading, editing and deleting one template (If-Match). */
function templateEditRoutes(app: ZodApp, db: Database): void {
  const config = { permission: adminOnly };
  app.get(
    '/api/notification-templates/:id',
    readOneRoute({
      config: { permission: signedIn },
      tags,
      summary: 'One notification template',
      params: idParams,
      resource,
    }),
    async (request, reply) => withEtag(reply, await getTemplate(db, request.params.id)),
  );

  conditionalWriteRoutes(app, {
    path: '/api/notification-templates/:id',
    config,
    tags,
    params: idParams,
    resource,
    edit: {
      summary: 'Edit a notification template',
      body: templatePatchSchema,
      errors: [400, 401, 403, 404],
      run: ({ params, body }, actor, expected) => updateTemplate(db, params.id, body, actor, expected),
    },
    remove: {
      summary: 'Delete a notification template',
      errors: [400, 401, 403, 404],
      run: ({ params }, actor, expected) => deleteTemplate(db, params.id, actor, expected),
    },
  });
}
/** A capability's notification templates (docs/product.md): the list for everyone, writes for administrators. */
export function notificationTemplateRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/notification-templates/capability/:capabilityId',
    childListRoute({
      config: { permission: signedIn },
      tags,
      summary: "A capability's notification templates: search by name, sort, page (total in X-Total-Count)",
      params: z.object({ capabilityId: idParamSchema }),
      querystring: notificationTemplateListQuerySchema,
      item: resource,
      errors: [400, 404],
    }),
    async (request, reply) =>
      sendPage(reply, await listTemplates(db, request.params.capabilityId, request.query)),
  );
  templateCreateRoutes(app, db);
  templateEditRoutes(app, db);
}
