import { microfrontendListQuerySchema, optionSchema, optionsQuerySchema } from '../../contract/lists';
import {
  microfrontendInputSchema,
  microfrontendListItemSchema,
  microfrontendPatchSchema,
  microfrontendSchema,
} from '../../contract/microfrontends';
import { adminOnly, signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { idParams } from '../http/responses';
import { listRoute, readOneRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import { conditionalWriteRoutes, createdResourceRoute } from '../auth/conditional-writes';
import {
  createMicrofrontend,
  deleteMicrofrontend,
  getMicrofrontend,
  listMicrofrontendCards,
  microfrontendOptions,
  updateMicrofrontend,
} from './service';

const tags = ['microfrontends'];
const resource = microfrontendSchema;

/** The registry's reads: the list, the picker and one microfrontend. */
function microfrontendReadRoutes(app: ZodApp, db: Database): void {
  const config = { permission: signedIn };
  app.get(
    '/api/microfrontends',
    listRoute({
      config,
      tags,
      summary:
        'List microfrontends: search by name, slug or description, sort, page (total in X-Total-Count); each with its newest versions and their count, as its card shows them',
      querystring: microfrontendListQuerySchema,
      item: microfrontendListItemSchema,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await listMicrofrontendCards(db, request.query)),
  );

  app.get(
    '/api/microfrontends/options',
    listRoute({
      config,
      tags,
      summary: 'Microfrontend picker: {id, label: name, detail: slug} by name',
      querystring: optionsQuerySchema,
      item: optionSchema,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await microfrontendOptions(db, request.query)),
  );

  app.get(
    '/api/microfrontends/:id',
    readOneRoute({ config, tags, summary: 'One microfrontend', params: idParams, resource }),
    async (request, reply) => withEtag(reply, await getMicrofrontend(db, request.params.id)),
  );
}

/** The registry's writes, for administrators: register, edit, delete. */
function microfrontendWriteRoutes(app: ZodApp, db: Database): void {
  const config = { permission: adminOnly };
  createdResourceRoute(app, {
    path: '/api/microfrontends',
    config,
    tags,
    summary: 'Register a microfrontend (slug unique)',
    body: microfrontendInputSchema,
    resource,
    errors: [400, 401, 403, 409],
    run: ({ body }, actor) => createMicrofrontend(db, body, actor),
  });

  conditionalWriteRoutes(app, {
    path: '/api/microfrontends/:id',
    config,
    tags,
    params: idParams,
    resource,
    edit: {
      summary: 'Edit a microfrontend',
      body: microfrontendPatchSchema,
      errors: [400, 401, 403, 404, 409],
      run: ({ params, body }, actor, expected) => updateMicrofrontend(db, params.id, body, actor, expected),
    },
    remove: {
      summary: 'Delete a microfrontend (409 while live or used by a mesh)',
      errors: [400, 401, 403, 404, 409],
      run: ({ params }, actor, expected) => deleteMicrofrontend(db, params.id, actor, expected),
    },
  });
}

/** The microfrontend registry (docs/product.md): reads for everyone signed in, writes for administrators. */
export function microfrontendRegistryRoutes(app: ZodApp, { db }: { db: Database }): void {
  microfrontendReadRoutes(app, db);
  microfrontendWriteRoutes(app, db);
}
