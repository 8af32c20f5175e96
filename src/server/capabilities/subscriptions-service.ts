import { and, count, eq } from 'drizzle-orm';
import {
  subscriptionIdFor,
  type SubscriptionBody,
  type SubscriptionKey,
} from '../../contract/capability-subscriptions';
import { recordAudit, recordCreated } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import {
  capabilitySubscriptions,
  capabilitySubscriptionVersions,
  gatewayRoutes,
  opaPolicies,
} from '../db/schema';
import { conflict, notFound } from '../errors';
import { lockCapability, lockSubscription, lockTenant } from '../locks';
import { assertRegionAllowed } from '../tenants/governance';

/*
 * A tenant's subscription to a shared capability on its own (docs/changes.md): made and removed by the
 * change kinds capability_subscription.*, which a plan files. Day to day a subscription is made by its
 * first configuration version (versions-service.ts), and that stays so.
 */

export type CapabilitySubscription = typeof capabilitySubscriptions.$inferSelect;

/** The tenant and capability, locked in the order every subscription writer takes them (locks.ts). */
async function lockParents(tx: Transaction, key: SubscriptionKey, tenantMode: 'share' | 'key share') {
  const tenant = await lockTenant(tx, key.tenantId, tenantMode);
  if (!tenant) throw notFound('Tenant');
  const capability = await lockCapability(tx, key.capabilityId, 'key share');
  if (!capability) throw notFound('Capability');
  return { tenant, capability };
}

/** Subscribes a tenant to a capability in an environment and region its governance allows; 409 if it is. */
export async function createSubscription(
  db: Database,
  body: SubscriptionBody,
  actor: Actor,
): Promise<CapabilitySubscription> {
  return db.transaction(async (tx) => {
    // Share: the tenant's governance cannot change while it is checked.
    const { tenant, capability } = await lockParents(tx, body, 'share');
    assertRegionAllowed(tenant, body.environment, body.region);
    const inserted = await tx
      .insert(capabilitySubscriptions)
      .values({ ...body, id: subscriptionIdFor(body.tenantId, body.capabilityId) })
      .onConflictDoNothing({ target: capabilitySubscriptions.id })
      .returning();
    if (inserted.length === 0) throw conflict(`${tenant.name} already subscribes to ${capability.name}`);
    return recordCreated(tx, actor, inserted, {
      action: 'capability_subscription.create',
      resourceType: 'configuration-version',
      tenantId: body.tenantId,
    });
  });
}

/** The subscription of a tenant to a capability, or undefined. */
export async function findSubscription(
  tx: Transaction,
  key: SubscriptionKey,
): Promise<CapabilitySubscription | undefined> {
  const [row] = await tx
    .select()
    .from(capabilitySubscriptions)
    .where(eq(capabilitySubscriptions.id, subscriptionIdFor(key.tenantId, key.capabilityId)));
  return row;
}

/** How many active gateway routes and OPA policies of the tenant name the capability. */
async function gatewayUses(tx: Transaction, key: SubscriptionKey): Promise<number> {
  let uses = 0;
  for (const table of [gatewayRoutes, opaPolicies]) {
    const [row] = await tx
      .select({ n: count() })
      .from(table)
      .where(
        and(
          eq(table.tenantId, key.tenantId),
          eq(table.capabilityId, key.capabilityId),
          eq(table.isActive, true),
        ),
      );
    uses += row?.n ?? 0;
  }
  return uses;
}

/**
 * Unsubscribes a tenant: the subscription goes with every configuration version of it. Refused (409)
 * while an active gateway route or OPA policy of the tenant names the capability: remove those first.
 */
export async function deleteSubscription(db: Database, key: SubscriptionKey, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const { capability } = await lockParents(tx, key, 'key share');
    const before = await findSubscription(tx, key);
    if (!before) throw notFound('Capability subscription');
    await lockSubscription(tx, before.id);
    const uses = await gatewayUses(tx, key);
    if (uses > 0) {
      throw conflict(
        `${capability.name} is used by ${uses} active gateway route${uses === 1 ? '' : 's'} or OPA polic${uses === 1 ? 'y' : 'ies'} of this tenant`,
      );
    }
    const versions = await tx
      .delete(capabilitySubscriptionVersions)
      .where(eq(capabilitySubscriptionVersions.subscriptionId, before.id))
      .returning({ id: capabilitySubscriptionVersions.id });
    await tx.delete(capabilitySubscriptions).where(eq(capabilitySubscriptions.id, before.id));
    await recordAudit(tx, actor, {
      action: 'capability_subscription.delete',
      resourceType: 'configuration-version',
      resourceId: before.id,
      tenantId: key.tenantId,
      changes: { before, versions: versions.length },
    });
  });
}
