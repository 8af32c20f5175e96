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
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { deletedResponses, updatedResponses } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import {
  checkConfiguration,
  createCapability,
  deleteCapability,
  getCapability,
  capabilityOptions,
  listCapabilities,
  updateCapability,
} from './service';
import { requestActor } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';

const tags = ['capabilities'];
const capabilityParams = z.object({ capabilityId: idParamSchema });

/** The catalogue's reads, and the configuration check, for everyone signed in. */
function capabilityReadRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/api/capabilities',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary:
          'List capabilities: search by name, description or category, filter by status or category, sort, page',
        querystring: capabilityListQuerySchema,
        response: { 200: z.array(capabilitySchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await listCapabilities(db, request.query)),
  );

  app.get(
    '/api/capabilities/options',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'Capability picker: {id, label: name, detail: category} by name',
        querystring: optionsQuerySchema,
        response: { 200: z.array(optionSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPage(reply, await capabilityOptions(db, request.query)),
  );

  app.get(
    '/api/capabilities/:capabilityId',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'One capability',
        params: capabilityParams,
        response: { 200: capabilitySchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await getCapability(db, request.params.capabilityId)),
  );

  app.post(
    '/api/capabilities/:capabilityId/configuration-check',
    {
      config: { permission: signedIn },
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
  app.post(
    '/api/capabilities',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Register a capability (the server assigns the next api-NNN id)',
        body: capabilityInputSchema,
        response: { 201: capabilitySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCapability(db, request.body, requestActor(request))),
  );

  app.patch(
    '/api/capabilities/:capabilityId',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Edit a capability',
        params: capabilityParams,
        body: capabilityPatchSchema,
        response: updatedResponses(capabilitySchema, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = requestActor(request);
      const { capabilityId } = request.params;
      return withEtag(reply, await updateCapability(db, capabilityId, request.body, actor, expectedRevision));
    },
  );

  app.delete(
    '/api/capabilities/:capabilityId',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Delete a capability (409 while a tenant subscribes to it)',
        params: capabilityParams,
        response: deletedResponses(capabilitySchema, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = requestActor(request);
      await deleteCapability(db, request.params.capabilityId, actor, expectedRevision);
      return reply.status(204).send(null);
    },
  );
}

/** The capability catalogue (docs/product.md); its blue-green endpoints are the delivery context's. */
export function capabilityRoutes(app: ZodApp, { db }: { db: Database }): void {
  capabilityReadRoutes(app, db);
  capabilityWriteRoutes(app, db);
}
