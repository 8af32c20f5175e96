import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import {
  notificationTemplateSchema,
  templateInputSchema,
  templatePatchSchema,
} from '../../contract/notification-templates';
import { requireViewer } from '../auth/guard';
import { adminOnly } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import type { ZodApp } from '../http/zod-app';
import { signedIn } from '../auth/permissions';
import { notificationTemplateListQuerySchema } from '../../contract/lists';
import { sendPage } from '../http/list-reply';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  restoreTemplate,
  updateTemplate,
} from './templates-service';

export function notificationTemplateRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/notification-templates/capability/:capabilityId',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['notification templates'],
        summary: "A capability's notification templates: search by name, sort, page (total in X-Total-Count)",
        params: z.object({ capabilityId: idParamSchema }),
        querystring: notificationTemplateListQuerySchema,
        response: { 200: z.array(notificationTemplateSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listTemplates(db, request.params.capabilityId, request.query)),
  );

  const templateParams = z.object({ id: idParamSchema });

  app.post(
    '/api/notification-templates',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['notification templates'],
        summary: 'Create a notification template (createdBy is the signed-in user)',
        body: templateInputSchema,
        response: { 201: notificationTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTemplate(db, request.body, actorOf(requireViewer(request), request.ip))),
  );

  app.post(
    '/api/notification-templates/:id/restore',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['notification templates'],
        summary:
          'Undo a delete: put a deleted template back as it was (same id and fields); 404 when no delete of that id is recorded, 409 when it exists again',
        params: templateParams,
        response: { 201: notificationTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await restoreTemplate(db, request.params.id, actorOf(requireViewer(request), request.ip))),
  );

  app.patch(
    '/api/notification-templates/:id',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['notification templates'],
        summary: 'Edit a notification template',
        params: templateParams,
        body: templatePatchSchema,
        response: {
          200: notificationTemplateSchema,
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(notificationTemplateSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = actorOf(requireViewer(request), request.ip);
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
        tags: ['notification templates'],
        summary: 'Delete a notification template',
        params: templateParams,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(notificationTemplateSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      await deleteTemplate(
        db,
        request.params.id,
        actorOf(requireViewer(request), request.ip),
        expectedRevision,
      );
      return reply.status(204).send(null);
    },
  );
}
