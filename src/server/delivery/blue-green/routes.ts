import { z } from 'zod';
import {
  blueGreenReplySchema,
  rollbackBodySchema,
  slotVersionBodySchema,
  switchSlotBodySchema,
  toggleBlueGreenBodySchema,
} from '../../../contract/blue-green';
import type { Change } from '../../../contract/changes';
import { idParamSchema } from '../../../contract/common';
import { requestActor } from '../../auth/guard';
import { adminOnly, onTenant, tenantFromParam, type Permission } from '../../auth/permissions';
import type { Database } from '../../db/client';
import { errorResponses } from '../../http/error-responses';
import type { ZodApp } from '../../http/zod-app';
import { capabilityBlueGreen, changeBlueGreen, tenantBlueGreen, type BlueGreenOwner } from './service';
import { applyDirect } from '../../changes/apply-direct';
import { toggle } from './transitions';

type SwitchSlotBody = z.infer<typeof switchSlotBodySchema>;
type RollbackBody = z.infer<typeof rollbackBodySchema>;
type SlotVersionBody = z.infer<typeof slotVersionBodySchema>;
type BlueGreenChange = Extract<Change, { kind: `${'tenant' | 'capability'}_blue_green.${string}` }>;

/**
 * The change a blue-green write is, as the client would request it: the tenant's or the shared
 * capability's kind (whose target names the tenant's policy or the platform's).
 */
function changesOf(owner: 'tenant' | 'capability') {
  const tenant = owner === 'tenant';
  return {
    switch: (id: string, body: SwitchSlotBody): BlueGreenChange =>
      tenant
        ? { kind: 'tenant_blue_green.switch', tenantId: id, body }
        : { kind: 'capability_blue_green.switch', capabilityId: id, body },
    rollback: (id: string, body: RollbackBody): BlueGreenChange =>
      tenant
        ? { kind: 'tenant_blue_green.rollback', tenantId: id, body }
        : { kind: 'capability_blue_green.rollback', capabilityId: id, body },
    slotVersion: (id: string, body: SlotVersionBody): BlueGreenChange =>
      tenant
        ? { kind: 'tenant_blue_green.slot_version', tenantId: id, body }
        : { kind: 'capability_blue_green.slot_version', capabilityId: id, body },
  };
}

/** The four blue-green endpoints (docs/product.md, API calls), for one owner kind (tenant or capability). */
function blueGreenRoutes(
  app: ZodApp,
  options: {
    db: Database;
    owner: BlueGreenOwner;
    base: string;
    param: string;
    permission: Permission;
    tag: string;
    /** Whose change kinds its writes are (their targets name the policy; docs/changes.md). */
    changes: 'tenant' | 'capability';
  },
): void {
  const { db, owner, base, param, permission, tag } = options;
  const changes = changesOf(options.changes);
  const params = z.object({ [param]: idParamSchema });
  const idOf = (request: { params: Record<string, string> }) => request.params[param] ?? '';
  const reply = { 200: blueGreenReplySchema, ...errorResponses(400, 401, 403, 404, 409) };
  const route = <B extends z.ZodType>(summary: string, body: B) => ({
    config: { permission },
    schema: { tags: [tag], summary, params, body, response: reply },
  });

  app.post(
    `${base}/:${param}/toggle-environment-blue-green`,
    route('Enable or disable blue-green for one environment', toggleBlueGreenBodySchema),
    async (request) =>
      changeBlueGreen(
        db,
        owner,
        idOf(request),
        'toggle',
        request.body.environment,
        (config) => toggle(config, request.body.environment, request.body.enabled),
        requestActor(request),
      ),
  );

  app.post(
    `${base}/:${param}/update-environment-slot-version`,
    route("Set one slot's version", slotVersionBodySchema),
    // Judged on the locked row (the kind's gate): the idle slot may be prepared freely, but a new
    // version for the live slot (or the first one, which goes live) is a change under the policy.
    async (request) =>
      applyDirect(db, changes.slotVersion(idOf(request), request.body), requestActor(request)),
  );

  app.post(
    `${base}/:${param}/switch`,
    route('Switch to the other slot with a new version', switchSlotBodySchema),
    async (request) => applyDirect(db, changes.switch(idOf(request), request.body), requestActor(request)),
  );

  app.post(
    `${base}/:${param}/rollback`,
    route('Return to the previous slot', rollbackBodySchema),
    async (request) => applyDirect(db, changes.rollback(idOf(request), request.body), requestActor(request)),
  );
}

/**
 * The blue-green endpoints of both owners: a tenant's (its admins and owners, docs/product.md) under
 * /api/tenants, and a shared capability's (administrators) under /api/capabilities.
 */
export function blueGreenOwnerRoutes(app: ZodApp, { db }: { db: Database }): void {
  blueGreenRoutes(app, {
    db,
    owner: tenantBlueGreen,
    base: '/api/tenants',
    param: 'tenantId',
    permission: onTenant('blueGreen', tenantFromParam('tenantId'), 'Tenant'),
    tag: 'tenants',
    changes: 'tenant',
  });
  blueGreenRoutes(app, {
    db,
    owner: capabilityBlueGreen,
    base: '/api/capabilities',
    param: 'id',
    permission: adminOnly,
    tag: 'capabilities',
    changes: 'capability',
  });
}
