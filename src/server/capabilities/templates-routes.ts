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
import { errorResponses } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { deletedResponses, idParams, updatedResponses } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  restoreTemplate,
  updateTemplate,
} from './templates-service';

const tags = ['notification templates'];

/** Creating a template, and putting back a deleted one. */
function templateCreateRoutes(app: ZodApp, db: Database): void {
  app.post(
    '/api/notification-templates',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Create a notification template (createdBy is the signed-in user)',
        body: templateInputSchema,
        response: { 201: notificationTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(db, request.body, requestActor(request))),
  );

  app.post(
    '/api/notification-templates/:id/restore',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary:
          'Undo a delete: put a deleted template back as it was (same id and fields); 404 when no delete of that id is recorded, 409 when it exists again',
        params: idParams,
        response: { 201: notificationTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await restoreTemplate(db, request.params.id, requestActor(request))),
  );
}

/** Reading, editing and deleting one template (If-Match). */
function templateEditRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/api/notification-templates/:id',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'One notification template',
        params: idParams,
        response: { 200: notificationTemplateSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await getTemplate(db, request.params.id)),
  );

  app.patch(
    '/api/notification-templates/:id',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Edit a notification template',
        params: idParams,
        body: templatePatchSchema,
        response: updatedResponses(notificationTemplateSchema, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = requestActor(request);
      return withEtag(
        reply,
        await updateTemplate(db, request.params.id, request.body, actor, expectedRevision),
      );
    },
  );

  app.delete(
    '/api/notification-templates/:id',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Delete a notification template',
        params: idParams,
        response: deletedResponses(notificationTemplateSchema, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      await deleteTemplate(db, request.params.id, requestActor(request), expectedRevision);
      return reply.status(204).send(null);
    },
  );
}

/** A capability's notification templates (docs/product.md): the list for everyone, writes for administrators. */
export function notificationTemplateRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/notification-templates/capability/:capabilityId',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: "A capability's notification templates: search by name, sort, page (total in X-Total-Count)",
        params: z.object({ capabilityId: idParamSchema }),
        querystring: notificationTemplateListQuerySchema,
        response: { 200: z.array(notificationTemplateSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listTemplates(db, request.params.capabilityId, request.query)),
  );
  templateCreateRoutes(app, db);
  templateEditRoutes(app, db);
}
