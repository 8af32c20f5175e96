import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import { microfrontendSchema, microfrontendVersionSchema } from '../../contract/microfrontends';
import { webAppMeshSchema } from '../../contract/web-app-meshes';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { requireViewer } from '../auth/guard';
import { onTenant, signedIn, tenantFromRow } from '../auth/permissions';
import { tenantScope } from '../auth/viewer';
import { webAppMeshes } from '../db/schema';
import {
  getMesh,
  getMicrofrontend,
  getMicrofrontendVersion,
  listMeshes,
  listMicrofrontends,
  listMicrofrontendVersions,
} from './service';

export function microfrontendRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/microfrontends',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: 'List microfrontends',
        response: { 200: z.array(microfrontendSchema) },
      },
    },
    async () => listMicrofrontends(db),
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
    async (request) => getMicrofrontend(db, request.params.id),
  );

  app.get(
    '/api/microfrontend-versions/microfrontend/:microfrontendId',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: "A microfrontend's versions, newest first",
        params: z.object({ microfrontendId: idParamSchema }),
        response: { 200: z.array(microfrontendVersionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => listMicrofrontendVersions(db, request.params.microfrontendId),
  );

  app.get(
    '/api/microfrontend-versions/microfrontend/:microfrontendId/published',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['microfrontends'],
        summary: "A microfrontend's published versions, newest first",
        params: z.object({ microfrontendId: idParamSchema }),
        response: { 200: z.array(microfrontendVersionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => listMicrofrontendVersions(db, request.params.microfrontendId, 'published'),
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
    async (request) => getMicrofrontendVersion(db, request.params.versionId),
  );

  app.get(
    '/api/web-app-meshes',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['web app meshes'],
        summary: 'List web app meshes',
        querystring: z.object({ tenantId: idParamSchema.optional() }),
        response: { 200: z.array(webAppMeshSchema), ...errorResponses(400) },
      },
    },
    async (request) => listMeshes(db, tenantScope(requireViewer(request)), request.query),
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
    async (request) => getMesh(db, request.params.id),
  );
}
