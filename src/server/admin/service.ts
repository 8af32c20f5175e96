import { sql } from 'drizzle-orm';
import type { DeleteAllResourcesResult } from '../../contract/settings';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database } from '../db/client';
import {
  capabilityDeployments,
  capabilitySubscriptions,
  capabilitySubscriptionVersions,
  gatewayRoutes,
  microfrontendDeployments,
  opaPolicies,
  tenants,
  userProfiles,
  webAppMeshes,
  webApps,
} from '../db/schema';

/**
 * Danger Zone: removes every tenant with everything that belongs to one (web apps, profiles,
 * subscriptions and their versions, meshes, gateway routes, OPA policies) and every microfrontend and
 * capability deployment, in one transaction. Users, the capability catalogue, the microfrontend
 * registry, templates and settings stay. Answers what was removed.
 */
export async function deleteAllResources(db: Database, actor: Actor): Promise<DeleteAllResourcesResult> {
  return db.transaction(async (tx) => {
    // Locking every tenant first keeps new children (which take a key-share lock on their tenant) out
    // until commit, so the counts below are exactly what goes.
    // In id order, so two of these (or one and a tenant delete) take the rows in one order.
    await tx.execute(sql`select id from ${tenants} order by id for update`);
    const removed = async (rows: Promise<{ id: string }[]>) => (await rows).length;
    const result: DeleteAllResourcesResult = {
      // Children first, so each count is explicit rather than hidden in a cascade.
      webApps: await removed(tx.delete(webApps).returning({ id: webApps.id })),
      userProfiles: await removed(tx.delete(userProfiles).returning({ id: userProfiles.id })),
      configurationVersions: await removed(
        tx.delete(capabilitySubscriptionVersions).returning({ id: capabilitySubscriptionVersions.id }),
      ),
      subscriptions: await removed(
        tx.delete(capabilitySubscriptions).returning({ id: capabilitySubscriptions.id }),
      ),
      meshes: await removed(tx.delete(webAppMeshes).returning({ id: webAppMeshes.id })),
      gatewayRoutes: await removed(tx.delete(gatewayRoutes).returning({ id: gatewayRoutes.id })),
      opaPolicies: await removed(tx.delete(opaPolicies).returning({ id: opaPolicies.id })),
      tenants: await removed(tx.delete(tenants).returning({ id: tenants.id })),
      microfrontendDeployments: await removed(
        tx.delete(microfrontendDeployments).returning({ id: microfrontendDeployments.id }),
      ),
      capabilityDeployments: await removed(
        tx.delete(capabilityDeployments).returning({ id: capabilityDeployments.id }),
      ),
    };
    await recordAudit(tx, actor, {
      action: 'admin.delete_all_resources',
      resourceType: 'system',
      changes: { removed: result },
    });
    return result;
  });
}
