import { deleteAllResourcesInputSchema, deleteAllResourcesResultSchema } from '../../contract/settings';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import { requireViewer } from '../auth/guard';
import { adminOnly } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { conflict } from '../errors';
import { backupEmbedded, backupFileName, POSTGRES_BACKUP_MESSAGE } from './backup';
import { deleteAllResources } from './service';

const archiveBody = z.custom<Buffer>((value) => Buffer.isBuffer(value));

/** The headers of a backup download: HEAD answers them too. */
const downloadHeaders = (reply: FastifyReply) =>
  reply
    .type('application/gzip')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${backupFileName(new Date())}"`);

export function adminRoutes(app: ZodApp, { db, dump }: { db: Database; dump: DatabaseHandle['dump'] }): void {
  // Fastify's automatic HEAD would run the GET handler, building the whole copy and throwing it away.
  app.head(
    '/api/admin/backup',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['admin'],
        summary: 'The headers of a backup download, without taking the copy',
        response: { 200: z.null(), ...errorResponses(401, 403, 409) },
      },
    },
    async (_request, reply) => {
      if (!dump) throw conflict(POSTGRES_BACKUP_MESSAGE);
      return downloadHeaders(reply).send();
    },
  );

  app.get(
    '/api/admin/backup',
    {
      exposeHeadRoute: false,
      config: { permission: adminOnly, writersOnly: TOKEN_MESSAGES.readOnlyBackup },
      schema: {
        tags: ['admin'],
        summary: 'Download a backup of the embedded database (gzipped tar of the data directory)',
        description:
          'Taken while the server keeps serving; restore it with `npm run restore -- <file>` while the server is stopped. A server on PostgreSQL answers 409: back PostgreSQL up with its own tools.',
        response: {
          200: archiveBody.describe('The archive (application/gzip)'),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const archive = await backupEmbedded(db, dump, actorOf(requireViewer(request), request.ip));
      return downloadHeaders(reply).send(archive);
    },
  );

  app.post(
    '/api/admin/delete-all-resources',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['admin'],
        summary:
          'Delete every tenant (with its web apps, profiles, subscriptions, meshes) and every deployment',
        description:
          'The body must carry the confirmation phrase DELETE ALL RESOURCES. Users, capabilities, microfrontends, templates and settings stay.',
        body: deleteAllResourcesInputSchema,
        response: { 200: deleteAllResourcesResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => deleteAllResources(db, actorOf(requireViewer(request), request.ip)),
  );
}
