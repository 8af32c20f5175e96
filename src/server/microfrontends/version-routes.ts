import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import {
  microfrontendVersionListQuerySchema,
  microfrontendVersionOptionsQuerySchema,
  optionSchema,
} from '../../contract/lists';
import {
  microfrontendVersionInputSchema,
  microfrontendVersionPatchSchema,
  microfrontendVersionSchema,
} from '../../contract/microfrontends';
import { requestActor } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { updatedResponses } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import {
  changeVersionStatus,
  createMicrofrontendVersion,
  getMicrofrontendVersion,
  listMicrofrontendVersions,
  microfrontendVersionOptions,
  updateMicrofrontendVersion,
} from './service';

const tags = ['microfrontends'];
const BY_MICROFRONTEND = '/api/microfrontend-versions/microfrontend/:microfrontendId';
const microfrontendParams = z.object({ microfrontendId: idParamSchema });
const versionParams = z.object({ versionId: idParamSchema });

/** A microfrontend's versions: the list, the picker, the published ones, and one version. */
function versionReadRoutes(app: ZodApp, db: Database): void {
  app.get(
    BY_MICROFRONTEND,
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: "A microfrontend's versions, newest first: search by version, filter by status, sort, page",
        params: microfrontendParams,
        querystring: microfrontendVersionListQuerySchema,
        response: { 200: z.array(microfrontendVersionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listMicrofrontendVersions(db, request.params.microfrontendId, request.query)),
  );

  app.get(
    `${BY_MICROFRONTEND}/options`,
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: "Version picker: a microfrontend's versions as {id, label: version, detail: status}",
        params: microfrontendParams,
        querystring: microfrontendVersionOptionsQuerySchema,
        response: { 200: z.array(optionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await microfrontendVersionOptions(db, request.params.microfrontendId, request.query)),
  );

  app.get(
    `${BY_MICROFRONTEND}/published`,
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary:
          "A microfrontend's published versions, newest first (search, sort and page as the full list)",
        params: microfrontendParams,
        querystring: microfrontendVersionListQuerySchema.omit({ status: true }),
        response: { 200: z.array(microfrontendVersionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const query = { ...request.query, status: 'published' as const };
      return sendPage(reply, await listMicrofrontendVersions(db, request.params.microfrontendId, query));
    },
  );

  app.get(
    '/api/microfrontend-versions/:versionId',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'One microfrontend version',
        params: versionParams,
        response: { 200: microfrontendVersionSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await getMicrofrontendVersion(db, request.params.versionId)),
  );
}

/** Adding and editing versions, for administrators. */
function versionEditRoutes(app: ZodApp, db: Database): void {
  app.post(
    '/api/microfrontend-versions',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Add a draft version',
        body: microfrontendVersionInputSchema,
        response: { 201: microfrontendVersionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMicrofrontendVersion(db, request.body, requestActor(request))),
  );

  app.patch(
    '/api/microfrontend-versions/:versionId',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary:
          "Edit a version (a published version's entryUrl, exposedModules and integrityHash never change)",
        params: versionParams,
        body: microfrontendVersionPatchSchema,
        response: updatedResponses(microfrontendVersionSchema, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const { versionId } = request.params;
      const actor = requestActor(request);
      return withEtag(
        reply,
        await updateMicrofrontendVersion(db, versionId, request.body, actor, expectedRevision),
      );
    },
  );
}

/** Publishing and deprecating a version, for administrators: one endpoint per status it moves to. */
function versionStatusRoutes(app: ZodApp, db: Database): void {
  for (const [path, to] of [
    ['publish', 'published'],
    ['deprecate', 'deprecated'],
  ] as const) {
    app.post(
      `/api/microfrontend-versions/:versionId/${path}`,
      {
        config: { permission: adminOnly },
        schema: {
          tags,
          summary: `Mark a version ${to}`,
          params: versionParams,
          response: updatedResponses(microfrontendVersionSchema, 400, 401, 403, 404, 409),
        },
      },
      async (request, reply) => {
        const expectedRevision = ifMatchRevision(request);
        const { versionId } = request.params;
        return withEtag(
          reply,
          await changeVersionStatus(db, versionId, to, requestActor(request), expectedRevision),
        );
      },
    );
  }
}

/** Microfrontend versions (docs/product.md): reads for everyone signed in, writes for administrators. */
export function microfrontendVersionRoutes(app: ZodApp, { db }: { db: Database }): void {
  versionReadRoutes(app, db);
  versionEditRoutes(app, db);
  versionStatusRoutes(app, db);
}
