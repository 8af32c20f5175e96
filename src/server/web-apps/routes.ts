import { webAppListQuerySchema } from '../../contract/lists';
import { webAppInputSchema, webAppPatchSchema, webAppSchema } from '../../contract/web-apps';
import type { Database } from '../db/client';
import { withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { idParams } from '../http/responses';
import { listRoute, readOneRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import { conditionalWriteRoutes, createdResourceRoute } from '../auth/conditional-writes';
import { requestScope } from '../auth/guard';
import { onTenant, signedIn, tenantFromBody, tenantFromRow } from '../auth/permissions';
import { applyDirect } from '../changes/apply-direct';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the permission guard reads the row's tenant from this table (tenantFromRow); no query here
import { webApps } from '../db/schema';
import { getWebApp, listWebApps } from './service';

const tags = ['web apps'];
const webAppTenant = tenantFromRow(webApps, 'id');
const resource = webAppSchema;

/** Web apps of the viewer's tenants: the list and one app. */
function webAppReadRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/api/web-apps',
    listRoute({
      config: { permission: signedIn },
      tags,
      summary:
        'List web apps: search by name, description or technology, filter by status, tenantId, environment or technology, sort, page',
      querystring: webAppListQuerySchema,
      item: resource,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await listWebApps(db, requestScope(request), request.query)),
  );

  app.get(
    '/api/web-apps/:id',
    readOneRoute({
      config: { permission: onTenant('read', webAppTenant, 'Web app') },
      tags,
      summary: 'One web app',
      params: idParams,
      resource,
    }),
    async (request, reply) => withEtag(reply, await getWebApp(db, request.params.id)),
  );
}

/** Creating, editing and deleting web apps, for the tenant's web app managers. */
function webAppWriteRoutes(app: ZodApp, db: Database): void {
  createdResourceRoute(app, {
    path: '/api/web-apps',
    config: { permission: onTenant('webApps', tenantFromBody, 'Tenant') },
    tags,
    summary: 'Create a web app in a tenant (starts as provisioning)',
    body: webAppInputSchema,
    resource,
    errors: [400, 401, 403, 404, 409],
    // A production app is what production serves: the policy of the app's environment decides (409
    // APPROVAL_REQUIRED: file a web_app.create request instead), as for an edit of its URL.
    run: async ({ body }, actor, reply) =>
      withEtag(reply, await applyDirect(db, { kind: 'web_app.create', body }, actor)),
  });

  conditionalWriteRoutes(app, {
    path: '/api/web-apps/:id',
    config: { permission: onTenant('webApps', webAppTenant, 'Web app') },
    tags,
    params: idParams,
    resource,
    edit: {
      summary: 'Edit a web app or change its status (it stays in its tenant)',
      body: webAppPatchSchema,
      errors: [400, 401, 403, 404],
      run: ({ params, body }, actor, expected) => {
        // A production app's URL is what production serves: the kind's gate asks the policy then.
        const change = { kind: 'web_app.update', webAppId: params.id, body } as const;
        return applyDirect(db, change, actor, { expected });
      },
    },
    remove: {
      summary: 'Delete a web app',
      errors: [400, 401, 403, 404, 409],
      run: ({ params }, actor, expected) =>
        applyDirect(db, { kind: 'web_app.delete', webAppId: params.id }, actor, { expected }),
    },
  });
}

/** Tenants' web apps (docs/product.md). */
export function webAppRoutes(app: ZodApp, { db }: { db: Database }): void {
  webAppReadRoutes(app, db);
  webAppWriteRoutes(app, db);
}
