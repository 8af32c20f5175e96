import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import {
  microfrontendInputSchema,
  microfrontendPatchSchema,
  microfrontendSchema,
  microfrontendVersionInputSchema,
  microfrontendVersionPatchSchema,
  microfrontendVersionSchema,
} from '../../contract/microfrontends';
import { createMeshBodySchema, meshManifestSchema, webAppMeshSchema } from '../../contract/web-app-meshes';
import type { Database } from '../db/client';
import {
  microfrontendListQuerySchema,
  microfrontendVersionListQuerySchema,
  microfrontendVersionOptionsQuerySchema,
  optionSchema,
  optionsQuerySchema,
  webAppMeshListQuerySchema,
} from '../../contract/lists';
import { sendPage } from '../http/list-reply';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import type { ZodApp } from '../http/zod-app';
import { requireViewer } from '../auth/guard';
import { adminOnly, onTenant, signedIn, tenantFromBody, tenantFromRow } from '../auth/permissions';
import { actorOf, tenantScope } from '../auth/viewer';
import { createMesh, deleteMesh, getMeshManifest } from './mesh-service';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the permission guard reads the row's tenant from this table (tenantFromRow); no query here
import { webAppMeshes } from '../db/schema';
import {
  changeVersionStatus,
  createMicrofrontend,
  createMicrofrontendVersion,
  deleteMicrofrontend,
  updateMicrofrontend,
  updateMicrofrontendVersion,
  getMesh,
  getMicrofrontend,
  getMicrofrontendVersion,
  listMeshes,
  listMicrofrontends,
  listMicrofrontendVersions,
  microfrontendOptions,
  microfrontendVersionOptions,
} from './service';

export function microfrontendRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/microfrontends',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary:
          'List microfrontends: search by name, slug or description, sort, page (total in X-Total-Count)',
        querystring: microfrontendListQuerySchema,
        response: { 200: z.array(microfrontendSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await listMicrofrontends(db, request.query)),
  );

  app.get(
    '/api/microfrontends/options',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: 'Microfrontend picker: {id, label: name, detail: slug} by name',
        querystring: optionsQuerySchema,
        response: { 200: z.array(optionSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await microfrontendOptions(db, request.query)),
  );

  app.get(
    '/api/microfrontends/:id',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: 'One microfrontend',
        params: z.object({ id: idParamSchema }),
        response: { 200: microfrontendSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await getMicrofrontend(db, request.params.id)),
  );

  app.get(
    '/api/microfrontend-versions/microfrontend/:microfrontendId',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: "A microfrontend's versions, newest first: search by version, filter by status, sort, page",
        params: z.object({ microfrontendId: idParamSchema }),
        querystring: microfrontendVersionListQuerySchema,
        response: { 200: z.array(microfrontendVersionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listMicrofrontendVersions(db, request.params.microfrontendId, request.query)),
  );

  app.get(
    '/api/microfrontend-versions/microfrontend/:microfrontendId/options',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: "Version picker: a microfrontend's versions as {id, label: version, detail: status}",
        params: z.object({ microfrontendId: idParamSchema }),
        querystring: microfrontendVersionOptionsQuerySchema,
        response: { 200: z.array(optionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await microfrontendVersionOptions(db, request.params.microfrontendId, request.query)),
  );

  app.get(
    '/api/microfrontend-versions/microfrontend/:microfrontendId/published',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary:
          "A microfrontend's published versions, newest first (search, sort and page as the full list)",
        params: z.object({ microfrontendId: idParamSchema }),
        querystring: microfrontendVersionListQuerySchema.omit({ status: true }),
        response: { 200: z.array(microfrontendVersionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listMicrofrontendVersions(db, request.params.microfrontendId, {
          ...request.query,
          status: 'published',
        }),
      ),
  );

  app.get(
    '/api/microfrontend-versions/:versionId',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: 'One microfrontend version',
        params: z.object({ versionId: idParamSchema }),
        response: { 200: microfrontendVersionSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await getMicrofrontendVersion(db, request.params.versionId)),
  );

  app.get(
    '/api/web-app-meshes',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['web app meshes'],
        summary:
          'List web app meshes: search by name, filter by tenantId, sort, page (total in X-Total-Count)',
        querystring: webAppMeshListQuerySchema,
        response: { 200: z.array(webAppMeshSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listMeshes(db, tenantScope(requireViewer(request)), request.query)),
  );

  app.get(
    '/api/web-app-meshes/:id',
    {
      config: { permission: onTenant('read', tenantFromRow(webAppMeshes, 'id'), 'Web app mesh') },
      schema: {
        tags: ['web app meshes'],
        summary: 'One web app mesh; menuItems is JSON text',
        params: z.object({ id: idParamSchema }),
        response: { 200: webAppMeshSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await getMesh(db, request.params.id)),
  );

  const actor = (request: Parameters<typeof requireViewer>[0]) => actorOf(requireViewer(request), request.ip);
  const idParams = z.object({ id: idParamSchema });
  const versionParams = z.object({ versionId: idParamSchema });

  app.post(
    '/api/microfrontends',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['microfrontends'],
        summary: 'Register a microfrontend (slug unique)',
        body: microfrontendInputSchema,
        response: { 201: microfrontendSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMicrofrontend(db, request.body, actor(request))),
  );

  app.patch(
    '/api/microfrontends/:id',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['microfrontends'],
        summary: 'Edit a microfrontend',
        params: idParams,
        body: microfrontendPatchSchema,
        response: {
          200: microfrontendSchema,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(microfrontendSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const updated = await updateMicrofrontend(
        db,
        request.params.id,
        request.body,
        actor(request),
        expectedRevision,
      );
      return withEtag(reply, updated);
    },
  );

  app.delete(
    '/api/microfrontends/:id',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['microfrontends'],
        summary: 'Delete a microfrontend (409 while live or used by a mesh)',
        params: idParams,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(microfrontendSchema),
        },
      },
    },
    async (request, reply) => {
      await deleteMicrofrontend(db, request.params.id, actor(request), ifMatchRevision(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/microfrontend-versions',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['microfrontends'],
        summary: 'Add a draft version',
        body: microfrontendVersionInputSchema,
        response: { 201: microfrontendVersionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMicrofrontendVersion(db, request.body, actor(request))),
  );

  app.patch(
    '/api/microfrontend-versions/:versionId',
    {
      config: { permission: adminOnly },
      schema: {
        tags: ['microfrontends'],
        summary:
          "Edit a version (a published version's entryUrl, exposedModules and integrityHash never change)",
        params: versionParams,
        body: microfrontendVersionPatchSchema,
        response: {
          200: microfrontendVersionSchema,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(microfrontendVersionSchema),
        },
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const { versionId } = request.params;
      const updated = await updateMicrofrontendVersion(
        db,
        versionId,
        request.body,
        actor(request),
        expectedRevision,
      );
      return withEtag(reply, updated);
    },
  );

  for (const [path, to] of [
    ['publish', 'published'],
    ['deprecate', 'deprecated'],
  ] as const) {
    app.post(
      `/api/microfrontend-versions/:versionId/${path}`,
      {
        config: { permission: adminOnly },
        schema: {
          tags: ['microfrontends'],
          summary: `Mark a version ${to}`,
          params: versionParams,
          response: {
            200: microfrontendVersionSchema,
            ...errorResponses(400, 401, 403, 404, 409),
            ...preconditionFailed(microfrontendVersionSchema),
          },
        },
      },
      async (request, reply) => {
        const expectedRevision = ifMatchRevision(request);
        const { versionId } = request.params;
        return withEtag(
          reply,
          await changeVersionStatus(db, versionId, to, actor(request), expectedRevision),
        );
      },
    );
  }

  app.post(
    '/api/web-app-meshes',
    {
      config: { permission: onTenant('meshes', tenantFromBody, 'Tenant') },
      schema: {
        tags: ['web app meshes'],
        summary: 'Create a mesh: every item needs a label and a published version; orders 0..n-1',
        body: createMeshBodySchema,
        response: { 201: webAppMeshSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await createMesh(db, request.body, actor(request))),
  );

  app.delete(
    '/api/web-app-meshes/:id',
    {
      config: { permission: onTenant('meshes', tenantFromRow(webAppMeshes, 'id'), 'Web app mesh') },
      schema: {
        tags: ['web app meshes'],
        summary: 'Delete a mesh',
        params: idParams,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(webAppMeshSchema),
        },
      },
    },
    async (request, reply) => {
      await deleteMesh(db, request.params.id, actor(request), ifMatchRevision(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/web-app-meshes/:id/manifest',
    {
      config: { permission: onTenant('read', tenantFromRow(webAppMeshes, 'id'), 'Web app mesh') },
      schema: {
        tags: ['web app meshes'],
        summary:
          'What a host shell needs to load the mesh: menu in order, entry URLs, modules, hashes, merged config',
        params: idParams,
        response: { 200: meshManifestSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getMeshManifest(db, request.params.id),
  );
}
