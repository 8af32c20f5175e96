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
import { adminOnly, signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { updatedResponses } from '../http/responses';
import { childListRoute, editRoute, readOneRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import { createdResourceRoute, sendEdited } from '../auth/conditional-writes';
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
const resource = microfrontendVersionSchema;

/** A microfrontend's versions: the list, the picker, the published ones, and one version. */
function versionReadRoutes(app: ZodApp, db: Database): void {
  const config = { permission: signedIn };
  app.get(
    BY_MICROFRONTEND,
    childListRoute({
      config,
      tags,
      summary: "A microfrontend's versions, newest first: search by version, filter by status, sort, page",
      params: microfrontendParams,
      querystring: microfrontendVersionListQuerySchema,
      item: resource,
      errors: [400, 404],
    }),
    async (request, reply) =>
      sendPage(reply, await listMicrofrontendVersions(db, request.params.microfrontendId, request.query)),
  );

  app.get(
    `${BY_MICROFRONTEND}/options`,
    childListRoute({
      config,
      tags,
      summary: "Version picker: a microfrontend's versions as {id, label: version, detail: status}",
      params: microfrontendParams,
      querystring: microfrontendVersionOptionsQuerySchema,
      item: optionSchema,
      errors: [400, 404],
    }),
    async (request, reply) =>
      sendPage(reply, await microfrontendVersionOptions(db, request.params.microfrontendId, request.query)),
  );

  app.get(
    `${BY_MICROFRONTEND}/published`,
    childListRoute({
      config,
      tags,
      summary: "A microfrontend's published versions, newest first (search, sort and page as the full list)",
      params: microfrontendParams,
      querystring: microfrontendVersionListQuerySchema.omit({ status: true }),
      item: resource,
      errors: [400, 404],
    }),
    async (request, reply) => {
      const query = { ...request.query, status: 'published' as const };
      return sendPage(reply, await listMicrofrontendVersions(db, request.params.microfrontendId, query));
    },
  );

  app.get(
    '/api/microfrontend-versions/:versionId',
    readOneRoute({ config, tags, summary: 'One microfrontend version', params: versionParams, resource }),
    async (request, reply) => withEtag(reply, await getMicrofrontendVersion(db, request.params.versionId)),
  );
}

/** Adding and editing versions, for administrators. */
function versionEditRoutes(app: ZodApp, db: Database): void {
  const config = { permission: adminOnly };
  createdResourceRoute(app, {
    path: '/api/microfrontend-versions',
    config,
    tags,
    summary: 'Add a draft version',
    body: microfrontendVersionInputSchema,
    resource,
    errors: [400, 401, 403, 404, 409],
    run: ({ body }, actor) => createMicrofrontendVersion(db, body, actor),
  });

  app.patch(
    '/api/microfrontend-versions/:versionId',
    editRoute({
      config,
      tags,
      summary:
        "Edit a version (a published version's entryUrl, exposedModules and integrityHash never change)",
      params: versionParams,
      body: microfrontendVersionPatchSchema,
      resource,
      errors: [400, 401, 403, 404, 409],
    }),
    async (request, reply) =>
      sendEdited(request, reply, (actor, expected) =>
        updateMicrofrontendVersion(db, request.params.versionId, request.body, actor, expected),
      ),
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
          response: updatedResponses(resource, 400, 401, 403, 404, 409),
        },
      },
      async (request, reply) =>
        sendEdited(request, reply, (actor, expected) =>
          changeVersionStatus(db, request.params.versionId, to, actor, expected),
        ),
    );
  }
}

/** Microfrontend versions (docs/product.md): reads for everyone signed in, writes for administrators. */
export function microfrontendVersionRoutes(app: ZodApp, { db }: { db: Database }): void {
  versionReadRoutes(app, db);
  versionEditRoutes(app, db);
  versionStatusRoutes(app, db);
}
