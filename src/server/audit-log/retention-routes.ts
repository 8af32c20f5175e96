import { z } from 'zod';
import {
  AUDIT_EXPORTS_PATH,
  AUDIT_RETENTION_PATH,
  auditExportFileName,
  auditExportInputSchema,
  auditExportListQuerySchema,
  auditExportSchema,
  auditRetentionInputSchema,
  auditRetentionSchema,
} from '../../contract/audit-retention';
import { idParamSchema } from '../../contract/common';
import { requestActor } from '../auth/guard';
import { adminOnly } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { exportAuditRange } from '../audit/export-now';
import { getAuditExportContent, listAuditExports } from '../audit/exports';
import { getAuditRetention, replaceAuditRetention } from '../audit/retention';

const tags = ['audit'];
/** Administrators only: the whole trail, every tenant's events, leaves in an export. */
const config = { permission: adminOnly };
const gzipBody = z.custom<Buffer>((value) => Buffer.isBuffer(value));

/** Audit retention and exports (docs/audit-retention.md). */
export function auditRetentionRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    AUDIT_RETENTION_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'How long the audit trail keeps its events (days; null: forever, the default)',
        response: { 200: auditRetentionSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => withEtag(reply, await getAuditRetention(db)),
  );
  app.put(
    AUDIT_RETENTION_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Set the retention (1 to 3650 days, or null); older events are exported, then purged',
        body: auditRetentionInputSchema,
        response: {
          200: auditRetentionSchema,
          ...errorResponses(400, 401, 403),
          ...preconditionFailed(auditRetentionSchema),
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchRevision(request);
      return withEtag(reply, await replaceAuditRetention(db, request.body, requestActor(request), expected));
    },
  );
  exportRoutes(app, db);
}

function exportRoutes(app: ZodApp, db: Database): void {
  app.get(
    AUDIT_EXPORTS_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Exports of the audit trail, newest first (X-Total-Count: how many there are)',
        querystring: auditExportListQuerySchema,
        response: { 200: z.array(auditExportSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendPage(reply, await listAuditExports(db, request.query)),
  );
  app.post(
    AUDIT_EXPORTS_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Export the events of [from, to) now (at most 50,000); nothing is purged',
        body: auditExportInputSchema,
        response: { 201: auditExportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await exportAuditRange(db, request.body, requestActor(request))),
  );
  app.get(
    `${AUDIT_EXPORTS_PATH}/:id/download`,
    {
      config,
      schema: {
        tags,
        summary: 'One export: gzipped JSON lines, one audit event row per line as stored',
        params: z.object({ id: idParamSchema }),
        response: { 200: gzipBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const found = await getAuditExportContent(db, request.params.id);
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${auditExportFileName(found)}"`)
        .send(found.content);
    },
  );
}
