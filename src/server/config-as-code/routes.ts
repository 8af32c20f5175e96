import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import {
  applyPlanBodySchema,
  applyPlanReplySchema,
  configDocumentSchema,
  planBodySchema,
  planSchema,
  type ConfigDocument,
  type PlanBody,
} from '../../contract/config-doc';
import { requireViewer } from '../auth/guard';
import { adminOnly, onTenant, signedIn, tenantFromParam } from '../auth/permissions';
import type { Database } from '../db/client';
import { prefersJson } from '../gateway/negotiation';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { applyPlan } from './apply';
import { checkDocument, formatOfText, parseDocument, serializeDocument } from './document-text';
import { exportPlatform } from './export-platform';
import { exportTenant } from './export-tenant';
import { planDocument } from './plan';

/* Configuration as code over HTTP (docs/config-as-code.md): export, the format's JSON Schema, plan, apply. */

const tags = ['configuration as code'];
/** An export is a file: sent as bytes, past the JSON serializer. */
const fileBody = z.custom<Buffer>((value) => Buffer.isBuffer(value));
const fileSafe = (value: string): string => value.replace(/[^A-Za-z0-9._-]+/g, '_');

function sendDocument(reply: FastifyReply, doc: ConfigDocument, accept: string | undefined, base: string) {
  const json = prefersJson(accept);
  const text = serializeDocument(doc, json ? 'json' : 'yaml');
  return reply
    .header('vary', 'Accept')
    .header('cache-control', 'no-cache')
    .header('content-disposition', `attachment; filename="${fileSafe(base)}.${json ? 'json' : 'yaml'}"`)
    .type(json ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8')
    .send(Buffer.from(text));
}

/** The document of a plan body: text is read as JSON or YAML by its first character; an object as is. */
const documentOf = (body: PlanBody): ConfigDocument =>
  typeof body.document === 'string'
    ? parseDocument(body.document, formatOfText(body.document))
    : checkDocument(body.document);

export function configAsCodeRoutes(app: ZodApp, { db }: { db: Database }): void {
  exportRoutes(app, db);
  planRoutes(app, db);
}

/** Exports of a tenant and the platform, and the format's JSON Schema. */
function exportRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/api/tenants/:tenantId/export',
    {
      config: { permission: onTenant('read', tenantFromParam('tenantId'), 'Tenant') },
      schema: {
        tags,
        summary:
          'A tenant’s desired state as a document (YAML, or JSON when Accept prefers application/json)',
        params: z.object({ tenantId: idParamSchema }),
        response: { 200: fileBody.describe('YAML or JSON text'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const doc = await db.transaction((tx) => exportTenant(tx, request.params.tenantId));
      return sendDocument(reply, doc, request.headers.accept, `tenant-${doc.metadata.name}`);
    },
  );

  app.get(
    '/api/platform/export',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary:
          'The platform’s shared state as a document (YAML, or JSON when Accept prefers application/json)',
        response: { 200: fileBody.describe('YAML or JSON text'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const doc = await db.transaction((tx) => exportPlatform(tx));
      return sendDocument(reply, doc, request.headers.accept, 'platform');
    },
  );

  app.get(
    '/api/config-schema',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'The JSON Schema of configuration documents, for editors',
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401) },
      },
    },
    async () => z.toJSONSchema(configDocumentSchema, { io: 'input', unrepresentable: 'any' }),
  );
}

/** Plan and apply: what a document would change, and filing it (docs/config-as-code.md). */
function planRoutes(app: ZodApp, db: Database): void {
  app.post(
    '/api/plans',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'Plan a document: the changes that would make the live state match it (creates nothing)',
        body: planBodySchema,
        response: { 200: planSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      planDocument(db, requireViewer(request), documentOf(request.body), {
        prune: request.body.prune ?? false,
        ip: request.ip,
      }),
  );

  app.post(
    '/api/plans/apply',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary:
          'Apply a document: its plan filed as one release through the approval policy (201), or applied at once where none needs an approval (200)',
        body: applyPlanBodySchema,
        response: {
          200: applyPlanReplySchema,
          201: applyPlanReplySchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { prune, title, expected, authors } = request.body;
      const answer = await applyPlan(db, requireViewer(request), documentOf(request.body), {
        prune: prune ?? false,
        title,
        expected,
        ip: request.ip,
        authors,
      });
      return reply.status('changeRequestId' in answer ? 201 : 200).send(answer);
    },
  );
}
