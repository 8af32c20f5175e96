import { stringify } from 'yaml';
import { z } from 'zod';
import type { Environment } from '../../contract/common';
import type { KongTarget, tenantEnvironmentParamsSchema } from '../../contract/gateway';
import { declarativeQuerySchema, gatewayPaths } from '../../contract/gateway';
import type { Permission } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { storedGatewayHosts } from '../tenants/gateway-hosts';
import type { ZodApp } from '../http/zod-app';
import { capabilitySplits } from './capability-splits';
import { kongDeclarative } from './kong-declarative';
import { prefersJson } from './negotiation';
import { noneMatchHits } from '../http/conditional-get';
import { opaBundle } from './opa-bundle';
import { servedPolicies } from './policies-service';
import { activeRoutes } from './routes-service';
import { requireTenant } from './tenant';

/** The artifacts are files: sent as bytes, past the JSON serializer. */
const fileBody = z.custom<Buffer>((value) => Buffer.isBuffer(value));

/** A file name part: the tenant id without anything a Content-Disposition header would need quoted. */
const fileSafe = (value: string): string => value.replace(/[^A-Za-z0-9._-]+/g, '_');

/** Kong's file of a tenant's environment: its active routes, split where their capability's slots are. */
async function declarativeOf(db: Database, tenantId: string, environment: Environment, target: KongTarget) {
  const tenant = await requireTenant(db, tenantId);
  const routes = await activeRoutes(db, tenantId, environment);
  const splits = await capabilitySplits(
    db,
    routes.map((route) => route.capabilityId),
    environment,
  );
  const hosts = storedGatewayHosts(tenant.apiGatewayConfiguration);
  return kongDeclarative({ ...tenant, hosts }, environment, routes, target, splits);
}

type ArtifactParams = typeof tenantEnvironmentParamsSchema;

/** Kong's declarative configuration, as YAML or (when Accept prefers it) JSON, sent as a file. */
function kongDeclarativeRoute(
  app: ZodApp,
  db: Database,
  permission: Permission,
  params: ArtifactParams,
): void {
  app.get(
    gatewayPaths.declarative(':tenantId', ':environment'),
    {
      config: { permission },
      schema: {
        tags: ['gateway routes'],
        summary:
          'Kong declarative configuration (_format_version 3.0) of the active routes, for decK (target=deck, the default: with _info.select_tags) or DB-less Kong (target=dbless: without _info); a capability whose two slots share the traffic gets an upstream of weighted targets (docs/traffic-splitting.md); YAML, or JSON when Accept prefers application/json',
        params,
        querystring: declarativeQuerySchema,
        response: { 200: fileBody.describe('YAML or JSON text'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { tenantId, environment }: z.infer<typeof params> = request.params;
      const { target } = request.query;
      const config = await declarativeOf(db, tenantId, environment, target);
      const json = prefersJson(request.headers.accept);
      const base = `kong-${target}-${fileSafe(tenantId)}-${environment}`;
      void reply
        .header('vary', 'Accept')
        .header('cache-control', 'no-cache')
        .header('content-disposition', `attachment; filename="${base}.${json ? 'json' : 'yaml'}"`);
      const text = json
        ? `${JSON.stringify(config, null, 2)}\n`
        : stringify(config, { lineWidth: 0, aliasDuplicateObjects: false });
      return reply
        .type(json ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8')
        .send(Buffer.from(text));
    },
  );
}

/** The OPA bundle, with a strong ETag so a polling OPA gets 304 while nothing changed. */
function opaBundleRoute(app: ZodApp, db: Database, permission: Permission, params: ArtifactParams): void {
  app.get(
    gatewayPaths.bundle(':tenantId', ':environment'),
    {
      config: { permission },
      schema: {
        tags: ['opa policies'],
        summary:
          'OPA bundle (tar.gz) of the active, enabled policies, with a strong ETag: If-None-Match with it answers 304',
        params,
        response: {
          200: fileBody.describe('The bundle (application/gzip)'),
          304: z.undefined().describe('Unchanged since the ETag sent in If-None-Match'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { tenantId, environment }: z.infer<typeof params> = request.params;
      const tenant = await requireTenant(db, tenantId);
      const bundle = opaBundle(tenant, environment, await servedPolicies(db, tenantId, environment));
      void reply.header('etag', bundle.etag).header('cache-control', 'no-cache');
      if (noneMatchHits(request.headers['if-none-match'], bundle.etag))
        return reply.status(304).send(undefined);
      return reply
        .type('application/gzip')
        .header(
          'content-disposition',
          `attachment; filename="opa-bundle-${fileSafe(tenantId)}-${environment}.tar.gz"`,
        )
        .send(bundle.archive);
    },
  );
}

/**
 * The hand-off artifacts: Kong's declarative configuration and the OPA bundle of one tenant and
 * environment. Read permission on the tenant, with the normal session (docs/gateway.md).
 */
export function gatewayArtifactRoutes(
  app: ZodApp,
  db: Database,
  permission: Permission,
  params: ArtifactParams,
): void {
  kongDeclarativeRoute(app, db, permission, params);
  opaBundleRoute(app, db, permission, params);
}
