import { asc, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import { environments, type Environment } from '../../../contract/common';
import type { SubscriptionKey } from '../../../contract/capability-subscriptions';
import type { Transaction } from '../../db/client';
import { capabilities, capabilitySubscriptionVersions as versions, tenants } from '../../db/schema';
import { notFound } from '../../errors';
import {
  createSubscription,
  deleteSubscription,
  findSubscription,
  type CapabilitySubscription,
} from '../../capabilities/subscriptions-service';
import { inverseChanges } from './inverse';
import { irreversible, type ChangeHandler } from './types';

type CreateChange = Extract<Change, { kind: 'capability_subscription.create' }>;
type DeleteChange = Extract<Change, { kind: 'capability_subscription.delete' }>;

/** The tenant's and the capability's names; 404 when either is gone. */
async function names(tx: Transaction, key: SubscriptionKey) {
  const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, key.tenantId));
  if (!tenant) throw notFound('Tenant');
  const [capability] = await tx
    .select({ name: capabilities.name })
    .from(capabilities)
    .where(eq(capabilities.id, key.capabilityId));
  if (!capability) throw notFound('Capability');
  return { tenant: tenant.name, capability: capability.name };
}

async function existing(tx: Transaction, key: SubscriptionKey): Promise<CapabilitySubscription> {
  const row = await findSubscription(tx, key);
  if (!row) throw notFound('Capability subscription');
  return row;
}

/** A subscription's configuration versions, as reviewers and the fingerprint see them. */
async function versionsOf(tx: Transaction, subscriptionId: string) {
  return tx
    .select({
      environment: versions.environment,
      region: versions.region,
      version: versions.version,
      isActive: versions.isActive,
    })
    .from(versions)
    .where(eq(versions.subscriptionId, subscriptionId))
    .orderBy(asc(versions.environment), asc(versions.region), asc(versions.version));
}

/** A tenant subscribing to a shared capability, filed in the environment it is made in. */
export const subscriptionCreate: ChangeHandler<CreateChange, CapabilitySubscription> = {
  async target(tx, { body }) {
    const named = await names(tx, body);
    return {
      scope: body.tenantId,
      environment: body.environment,
      action: 'subscribe',
      title: `Subscribe ${named.tenant} to ${named.capability} in ${body.environment} · ${body.region}`,
    };
  },
  // Its key is the tenant and capability: a subscription made meanwhile (by a first configuration
  // version, say) makes the request stale.
  async snapshot(tx, { body }) {
    const named = await names(tx, body);
    const now = await findSubscription(tx, body);
    const shown = (row: { environment: string; region: string }) => ({
      environment: row.environment,
      region: row.region,
    });
    return {
      fingerprint: now ? `${now.environment}:${now.region}` : 'none',
      diff: [{ label: named.capability, before: now ? shown(now) : null, after: shown(body) }],
    };
  },
  apply: (tx, { body }, actor) => createSubscription(tx, body, actor),
  undo: async (_tx, { body }) => ({
    inverse: () =>
      inverseChanges([
        {
          kind: 'capability_subscription.delete',
          tenantId: body.tenantId,
          capabilityId: body.capabilityId,
        },
      ]),
  }),
};

/**
 * A tenant unsubscribing: the subscription goes with its configuration versions in every environment, so
 * it is filed under the strictest environment it has a version in (or was made in). The fingerprint is
 * every version of it, so a configuration saved meanwhile makes the request stale.
 */
export const subscriptionDelete: ChangeHandler<DeleteChange, void> = {
  async target(tx, change) {
    const named = await names(tx, change);
    const row = await existing(tx, change);
    const held = new Set<Environment>([
      row.environment,
      ...(await versionsOf(tx, row.id)).map((v) => v.environment),
    ]);
    const environment = [...environments].reverse().find((e) => held.has(e)) ?? row.environment;
    return {
      scope: change.tenantId,
      environment,
      action: 'subscribe',
      title: `Unsubscribe ${named.tenant} from ${named.capability}`,
    };
  },
  async snapshot(tx, change) {
    const named = await names(tx, change);
    const row = await existing(tx, change);
    const held = await versionsOf(tx, row.id);
    const active = held.filter((v) => v.isActive).map((v) => `${v.environment} · ${v.region}: v${v.version}`);
    return {
      fingerprint: JSON.stringify(held),
      diff: [
        {
          label: named.capability,
          before: { environment: row.environment, region: row.region, active, versions: held.length },
          after: null,
        },
      ],
    };
  },
  apply: (tx, change, actor) => deleteSubscription(tx, change, actor),
  undo: async () => irreversible('Its configuration versions are deleted with it and cannot be restored'),
};
