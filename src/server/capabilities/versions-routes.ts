import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createVersionBodySchema,
  configurationVersionSchema,
  promoteVersionBodySchema,
  type ConfigurationVersion,
  tenantContextParamsSchema,
  versionContextParamsSchema,
} from '../../contract/capability-subscriptions';
import { idParamSchema } from '../../contract/common';
import { pageQuerySchema } from '../../contract/lists';
import type { Database } from '../db/client';
import { sendPage } from '../http/list-reply';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { onTenant, tenantFromParam, tenantFromBody, tenantFromRow } from '../auth/permissions';
import { getActiveVersion, listActiveVersions, listVersionHistory } from './versions-service';
import { requestActor, requireViewer } from '../auth/guard';
import { asSeenBy, CHANGED_BY } from '../auth/secret-readers';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the permission guard reads the row's tenant from this table (tenantFromRow); no query here
import { capabilitySubscriptionVersions } from '../db/schema';
import { applyDirect } from '../changes/apply-direct';

const BASE = '/api/capability-subscriptions/versions';
const tags = ['configuration versions'];
const readTenant = onTenant('read', tenantFromParam('tenantId'), 'Tenant');
/** A write on one version: its tenant's version managers. */
const onVersion = onTenant(
  CHANGED_BY.configuration,
  tenantFromRow(capabilitySubscriptionVersions, 'versionId'),
  'Configuration version',
);
const versionParams = z.object({ versionId: idParamSchema });
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/** A version as the viewer may see it: secrets in its configuration only for those who may change it. */
const seen = (request: FastifyRequest, version: ConfigurationVersion) =>
  asSeenBy(requireViewer(request), 'configuration', version.tenantId, version);

/** A tenant's configuration versions: the active ones, and one context's history. */
function configurationVersionReadRoutes(app: ZodApp, db: Database): void {
  app.get(
    `${BASE}/active/:tenantId/:capabilityId/:environment/:region`,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary: 'The active configuration version of one context (404 when none)',
        params: versionContextParamsSchema,
        response: { 200: configurationVersionSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => seen(request, await getActiveVersion(db, request.params)),
  );

  app.get(
    `${BASE}/active/:tenantId/:environment/:region`,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary: "All of a tenant's active configuration versions in one environment and region",
        params: tenantContextParamsSchema,
        response: { 200: z.array(configurationVersionSchema), ...errorResponses(400) },
      },
    },
    async (request) => (await listActiveVersions(db, request.params)).map((v) => seen(request, v)),
  );

  app.get(
    `${BASE}/history/:tenantId/:capabilityId/:environment/:region`,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary: 'Configuration version history of one context, newest first, paged (total in X-Total-Count)',
        params: versionContextParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(configurationVersionSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listVersionHistory(db, request.params, request.query)).map((v) =>
        seen(request, v),
      ),
  );
}

/** Creating, activating and promoting versions: changes under the tenant's approval policy (applyDirect). */
function configurationVersionWriteRoutes(app: ZodApp, db: Database): void {
  app.post(
    BASE,
    {
      config: { permission: onTenant(CHANGED_BY.configuration, tenantFromBody, 'Tenant') },
      schema: {
        tags,
        summary: 'Create the next configuration version of a context and make it the active one',
        body: createVersionBodySchema,
        response: { 201: configurationVersionSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const change = { kind: 'configuration.create', body: request.body } as const;
      return reply.status(201).send(await applyDirect(db, change, requestActor(request)));
    },
  );

  app.post(
    `${BASE}/:versionId/activate`,
    {
      config: { permission: onVersion },
      schema: {
        tags,
        summary: 'Make a version the only active one of its context',
        params: versionParams,
        response: { 200: configurationVersionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const change = { kind: 'configuration.activate', versionId: request.params.versionId } as const;
      return applyDirect(db, change, requestActor(request));
    },
  );

  app.post(
    `${BASE}/:versionId/promote`,
    {
      config: { permission: onVersion },
      schema: {
        tags,
        summary:
          "Promote a version's configuration to the next environment: the next active version in each target region (all or nothing)",
        params: versionParams,
        body: promoteVersionBodySchema,
        response: { 201: z.array(configurationVersionSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { versionId } = request.params;
      const change = { kind: 'configuration.promote', versionId, body: request.body } as const;
      return reply.status(201).send(await applyDirect(db, change, requestActor(request)));
    },
  );
}

/** Configuration versions of tenants' capability subscriptions (docs/promotion.md). */
export function configurationVersionRoutes(app: ZodApp, { db }: { db: Database }): void {
  configurationVersionReadRoutes(app, db);
  configurationVersionWriteRoutes(app, db);
}
