import { z } from 'zod';
import { webAppMeshListQuerySchema } from '../../contract/lists';
import {
  createMeshBodySchema,
  meshManifestQuerySchema,
  meshManifestSchema,
  webAppMeshSchema,
} from '../../contract/web-app-meshes';
import { requestScope } from '../auth/guard';
import { onTenant, signedIn, tenantFromBody, tenantFromRow } from '../auth/permissions';
import type { Database } from '../db/client';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the permission guard reads the row's tenant from this table (tenantFromRow); no query here
import { webAppMeshes } from '../db/schema';
import { noneMatchHits, strongEtag } from '../http/conditional-get';
import { errorResponses } from '../http/error-responses';
import { withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { idParams } from '../http/responses';
import { listRoute, readOneRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import { conditionalWriteRoutes, createdResourceRoute } from '../auth/conditional-writes';
import { getMeshManifest } from './mesh-manifest';
import { createMesh, deleteMesh } from './mesh-service';
import { getMesh, listMeshes } from './service';

const tags = ['web app meshes'];
const meshTenant = tenantFromRow(webAppMeshes, 'id');
const resource = webAppMeshSchema;

/** Web app meshes (docs/product.md): reads on the mesh's tenant, writes for its mesh managers. */
export function meshRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/web-app-meshes',
    listRoute({
      config: { permission: signedIn },
      tags,
      summary: 'List web app meshes: search by name, filter by tenantId, sort, page (total in X-Total-Count)',
      querystring: webAppMeshListQuerySchema,
      item: resource,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await listMeshes(db, requestScope(request), request.query)),
  );

  app.get(
    '/api/web-app-meshes/:id',
    readOneRoute({
      config: { permission: onTenant('read', meshTenant, 'Web app mesh') },
      tags,
      summary: 'One web app mesh; menuItems is JSON text',
      params: idParams,
      resource,
    }),
    async (request, reply) => withEtag(reply, await getMesh(db, request.params.id)),
  );

  createdResourceRoute(app, {
    path: '/api/web-app-meshes',
    config: { permission: onTenant('meshes', tenantFromBody, 'Tenant') },
    tags,
    summary: 'Create a mesh: every item needs a label and a published version; orders 0..n-1',
    body: createMeshBodySchema,
    resource,
    errors: [400, 401, 403, 404],
    run: ({ body }, actor) => createMesh(db, body, actor),
  });

  conditionalWriteRoutes(app, {
    path: '/api/web-app-meshes/:id',
    config: { permission: onTenant('meshes', meshTenant, 'Web app mesh') },
    tags,
    params: idParams,
    resource,
    remove: {
      summary: 'Delete a mesh',
      errors: [400, 401, 403, 404],
      run: ({ params }, actor, expected) => deleteMesh(db, params.id, actor, expected),
    },
  });

  meshManifestRoute(app, db);
}

/** The manifest host shells poll (with a session, or a token scoped to the mesh: docs/automation.md). */
function meshManifestRoute(app: ZodApp, db: Database): void {
  app.get(
    '/api/web-app-meshes/:id/manifest',
    {
      config: { permission: onTenant('read', meshTenant, 'Web app mesh') },
      schema: {
        tags,
        summary:
          "What a host shell needs to load the mesh: menu in order, entry URLs, modules, hashes, merged config, and each microfrontend's active slots in the environment (default production) with their traffic weights (docs/traffic-splitting.md); a strong ETag answers If-None-Match with 304",
        params: idParams,
        querystring: meshManifestQuerySchema,
        response: {
          200: meshManifestSchema,
          304: z.undefined().describe('Unchanged since the ETag sent in If-None-Match'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const manifest = await getMeshManifest(db, request.params.id, request.query.environment);
      // Host shells poll it: a strong tag and no-cache (store, but ask each time) make most polls a 304.
      const etag = strongEtag(JSON.stringify(manifest));
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.status(304).send(undefined);
      return manifest;
    },
  );
}
