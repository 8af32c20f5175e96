import { z } from 'zod';
import {
  capabilityInputSchema,
  capabilityPatchSchema,
  capabilitySchema,
  configurationCheckBodySchema,
  configurationCheckSchema,
} from '../../contract/capabilities';
import { idParamSchema } from '../../contract/common';
import { capabilityListQuerySchema, optionSchema, optionsQuerySchema } from '../../contract/lists';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { listRoute, readOneRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import { conditionalWriteRoutes, createdResourceRoute } from '../auth/conditional-writes';
import {
  checkConfiguration,
  createCapability,
  deleteCapability,
  getCapability,
  capabilityOptions,
  listCapabilities,
  updateCapability,
} from './service';
import { adminOnly, signedIn } from '../auth/permissions';

const tags = ['capabilities'];
const capabilityParams = z.object({ capabilityId: idParamSchema });
const resource = capabilitySchema;

/** The catalogue's reads, and the configuration check, for everyone signed in. */
function capabilityReadRoutes(app: ZodApp, db: Database): void {
  const config = { permission: signedIn };
  app.get(
    '/api/capabilities',
    listRoute({
      config,
      tags,
      summary:
        'List capabilities: search by name, description or category, filter by status or category, sort, page',
      querystring: capabilityListQuerySchema,
      item: resource,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await listCapabilities(db, request.query)),
  );

  app.get(
    '/api/capabilities/options',
    listRoute({
      config,
      tags,
      summary: 'Capability picker: {id, label: name, detail: category} by name',
      querystring: optionsQuerySchema,
      item: optionSchema,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await capabilityOptions(db, request.query)),
  );

  app.get(
    '/api/capabilities/:capabilityId',
    readOneRoute({ config, tags, summary: 'One capability', params: capabilityParams, resource }),
    async (request, reply) => withEtag(reply, await getCapability(db, request.params.capabilityId)),
  );

  app.post(
    '/api/capabilities/:capabilityId/configuration-check',
    {
      config,
      schema: {
        tags,
        summary:
          "Check configuration text against the capability's JSON Schema without saving (200 with the problems in plain words)",
        params: capabilityParams,
        body: configurationCheckBodySchema,
        response: { 200: configurationCheckSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => checkConfiguration(db, request.params.capabilityId, request.body.configuration),
  );
}

/** The catalogue's writes, for administrators: register, edit, delete. */
function capabilityWriteRoutes(app: ZodApp, db: Database): void {
  const config = { permission: adminOnly };
  createdResourceRoute(app, {
    path: '/api/capabilities',
    config,
    tags,
    summary: 'Register a capability (the server assigns the next api-NNN id)',
    body: capabilityInputSchema,
    resource,
    errors: [400, 401, 403],
    run: ({ body }, actor) => createCapability(db, body, actor),
  });

  conditionalWriteRoutes(app, {
    path: '/api/capabilities/:capabilityId',
    config,
    tags,
    params: capabilityParams,
    resource,
    edit: {
      summary: 'Edit a capability',
      body: capabilityPatchSchema,
      errors: [400, 401, 403, 404],
      run: ({ params, body }, actor, expected) =>
        updateCapability(db, params.capabilityId, body, actor, expected),
    },
    remove: {
      summary: 'Delete a capability (409 while a tenant subscribes to it)',
      errors: [400, 401, 403, 404, 409],
      run: ({ params }, actor, expected) => deleteCapability(db, params.capabilityId, actor, expected),
    },
  });
}

/** The capability catalogue (docs/product.md); its blue-green endpoints are the delivery context's. */
export function capabilityRoutes(app: ZodApp, { db }: { db: Database }): void {
  capabilityReadRoutes(app, db);
  capabilityWriteRoutes(app, db);
}
