import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import { optionSchema, optionsQuerySchema, tenantListQuerySchema } from '../../contract/lists';
import {
  tenantDeletionSchema,
  tenantInputSchema,
  tenantPatchSchema,
  tenantSchema,
} from '../../contract/tenants';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { editRoute, listRoute, readOneRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import type { TenantAction } from '../../contract/auth';
import { createdResourceRoute, sendEdited } from '../auth/conditional-writes';
import type { Database } from '../db/client';
import { createTenant, deleteTenant, getTenant, listTenants, tenantOptions, updateTenant } from './service';
import { requestActor, requestScope, requireViewer } from '../auth/guard';
import { tenantScope } from '../auth/viewer';
import { adminOnly, onTenant, signedIn, tenantFromParam } from '../auth/permissions';
import { tenantSettingsGuard } from '../changes/production-guards';
import { asSeenBy, CHANGED_BY } from '../auth/secret-readers';

const tags = ['tenants'];
const resource = tenantSchema;
const tenantParams = z.object({ tenantId: idParamSchema });
const onThisTenant = (action: TenantAction) => onTenant(action, tenantFromParam('tenantId'), 'Tenant');

/** Tenants the viewer can read: the list, the picker, one tenant. */
function tenantReadRoutes(app: ZodApp, db: Database): void {
  const config = { permission: signedIn };
  app.get(
    '/api/tenants',
    listRoute({
      config,
      tags,
      summary: 'List tenants: search by name or owner, filter by status, sort, page (total in X-Total-Count)',
      querystring: tenantListQuerySchema,
      item: resource,
      errors: [400],
    }),
    async (request, reply) => {
      const viewer = requireViewer(request);
      const page = sendPage(reply, await listTenants(db, tenantScope(viewer), request.query));
      return page.map((tenant) => asSeenBy(viewer, 'tenant', tenant.id, tenant));
    },
  );

  app.get(
    '/api/tenants/options',
    listRoute({
      config,
      tags,
      summary: 'Tenant picker: {id, label: name, detail: status} by name, the tenants the viewer can read',
      querystring: optionsQuerySchema,
      item: optionSchema,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await tenantOptions(db, requestScope(request), request.query)),
  );

  app.get(
    '/api/tenants/:tenantId',
    readOneRoute({
      config: { permission: onThisTenant('read') },
      tags,
      summary: 'One tenant; environmentRegionPolicies and blueGreenConfig are JSON text',
      params: tenantParams,
      resource,
    }),
    async (request, reply) => {
      const tenant = withEtag(reply, await getTenant(db, request.params.tenantId));
      return asSeenBy(requireViewer(request), 'tenant', tenant.id, tenant);
    },
  );
}

/** Creating (administrators), editing and deleting a tenant (its configurers and deleters). */
function tenantWriteRoutes(app: ZodApp, db: Database): void {
  createdResourceRoute(app, {
    path: '/api/tenants',
    config: { permission: adminOnly },
    tags,
    summary: 'Create a tenant (administrators)',
    body: tenantInputSchema,
    resource,
    errors: [400, 401, 403],
    run: async ({ body }, actor, reply) => withEtag(reply, await createTenant(db, body, actor)),
  });

  app.patch(
    '/api/tenants/:tenantId',
    editRoute({
      config: { permission: onThisTenant(CHANGED_BY.tenant) },
      tags,
      summary: 'Edit a tenant: details, infrastructure, metadata, allowed regions, environment overrides',
      params: tenantParams,
      body: tenantPatchSchema,
      resource,
      errors: [400, 401, 403, 404, 409],
    }),
    async (request, reply) =>
      sendEdited(request, reply, async (actor, expected) => {
        const { tenantId } = request.params;
        // Its gateway and policy server settings are production's: a change of them may need approval.
        const guard = await tenantSettingsGuard(db, tenantId);
        return updateTenant(db, tenantId, request.body, actor, expected, guard);
      }),
  );

  app.delete(
    '/api/tenants/:tenantId',
    {
      config: { permission: onThisTenant('delete') },
      schema: {
        tags,
        summary: 'Delete a tenant with its web apps, profiles, subscriptions and meshes; answers what went',
        params: tenantParams,
        response: {
          200: tenantDeletionSchema,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(tenantSchema),
        },
      },
    },
    async (request) => {
      const expectedRevision = ifMatchRevision(request);
      const actor = requestActor(request);
      return deleteTenant(db, request.params.tenantId, actor, expectedRevision);
    },
  );
}

/** Tenants (docs/product.md); their blue-green endpoints are the delivery context's. */
export function tenantRoutes(app: ZodApp, { db }: { db: Database }): void {
  tenantReadRoutes(app, db);
  tenantWriteRoutes(app, db);
}
