import { z } from 'zod';
import { microfrontendListQuerySchema, optionSchema, optionsQuerySchema } from '../../contract/lists';
import {
  microfrontendInputSchema,
  microfrontendPatchSchema,
  microfrontendSchema,
} from '../../contract/microfrontends';
import { requestActor } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { deletedResponses, idParams, updatedResponses } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import {
  createMicrofrontend,
  deleteMicrofrontend,
  getMicrofrontend,
  listMicrofrontends,
  microfrontendOptions,
  updateMicrofrontend,
} from './service';

const tags = ['microfrontends'];

/** The registry's reads: the list, the picker and one microfrontend. */
function microfrontendReadRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/api/microfrontends',
    {
      config: { permission: signedIn },
      schema: {
        tags,
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
        tags,
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
        tags,
        summary: 'One microfrontend',
        params: idParams,
        response: { 200: microfrontendSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await getMicrofrontend(db, request.params.id)),
  );
}

/** The registry's writes, for administrators: register, edit, delete. */
function microfrontendWriteRoutes(app: ZodApp, db: Database): void {
  app.post(
    '/api/microfrontends',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Register a microfrontend (slug unique)',
        body: microfrontendInputSchema,
        response: { 201: microfrontendSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMicrofrontend(db, request.body, requestActor(request))),
  );

  app.patch(
    '/api/microfrontends/:id',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Edit a microfrontend',
        params: idParams,
        body: microfrontendPatchSchema,
        response: updatedResponses(microfrontendSchema, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = requestActor(request);
      return withEtag(
        reply,
        await updateMicrofrontend(db, request.params.id, request.body, actor, expectedRevision),
      );
    },
  );

  app.delete(
    '/api/microfrontends/:id',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Delete a microfrontend (409 while live or used by a mesh)',
        params: idParams,
        response: deletedResponses(microfrontendSchema, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await deleteMicrofrontend(db, request.params.id, requestActor(request), ifMatchRevision(request));
      return reply.status(204).send(null);
    },
  );
}

/** The microfrontend registry (docs/product.md): reads for everyone signed in, writes for administrators. */
export function microfrontendRegistryRoutes(app: ZodApp, { db }: { db: Database }): void {
  microfrontendReadRoutes(app, db);
  microfrontendWriteRoutes(app, db);
}
