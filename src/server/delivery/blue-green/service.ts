import { eq } from 'drizzle-orm';
import { parseBlueGreenConfig, type BlueGreenConfig } from '../../../contract/blue-green';
import { recordAudit } from '../../audit/service';
import type { Actor } from '../../auth/viewer';
import type { Database, Transaction } from '../../db/client';
import { capabilities, tenants } from '../../db/schema';
import type { Environment } from '../../../contract/common';
import { conflict, notFound } from '../../errors';
import { lockCapability, lockTenant } from '../../locks';
import { nextRevision } from '../../revisions';
import { environmentEnabled } from '../../tenants/governance';

/** What both owners' rows share here. */
type OwnerRow = { blueGreenConfig: string | null };

/** A row that carries a blueGreenConfig: a tenant or a capability. */
export interface BlueGreenOwner {
  resourceType: 'tenant' | 'capability';
  /** Noun for the 404 message. */
  label: string;
  /**
   * Locks the row in the lock order (locks.ts) and refuses an environment the owner does not run;
   * undefined when the row is gone.
   */
  lock(tx: Transaction, id: string, environment: Environment): Promise<OwnerRow | undefined>;
  /**
   * Writes the new config with the revision recipe (docs/decisions/007): the tenant or capability a
   * read answers has changed, so its revision, and with it its ETag, moves on. Answers the new revision.
   */
  write(tx: Transaction, id: string, blueGreenConfig: string): Promise<number>;
}

/** The written revision, or a loud failure: the row is locked, so it cannot have gone. */
function revisionOf(rows: { revision: number }[], label: string): number {
  const [row] = rows;
  if (!row) throw new Error(`${label} vanished while locked`);
  return row.revision;
}

export const tenantBlueGreen: BlueGreenOwner = {
  resourceType: 'tenant',
  label: 'Tenant',
  lock: async (tx, id, environment) => {
    const tenant = await lockTenant(tx, id, 'update');
    if (tenant && !environmentEnabled(tenant, environment))
      throw conflict(`The ${environment} environment is not enabled for this tenant`);
    return tenant;
  },
  write: async (tx, id, blueGreenConfig) =>
    revisionOf(
      await tx
        .update(tenants)
        .set({ blueGreenConfig, revision: nextRevision(tenants.revision) })
        .where(eq(tenants.id, id))
        .returning({ revision: tenants.revision }),
      'Tenant',
    ),
};
export const capabilityBlueGreen: BlueGreenOwner = {
  resourceType: 'capability',
  label: 'Capability',
  lock: (tx, id) => lockCapability(tx, id, 'update'),
  write: async (tx, id, blueGreenConfig) =>
    revisionOf(
      await tx
        .update(capabilities)
        .set({ blueGreenConfig, revision: nextRevision(capabilities.revision) })
        .where(eq(capabilities.id, id))
        .returning({ revision: capabilities.revision }),
      'Capability',
    ),
};

/**
 * Applies one blue-green change under a lock on the owner's row (stable, never deleted by the change), so
 * concurrent switches each append exactly one event and leave one consistent active slot.
 */
export async function changeBlueGreen(
  db: Database,
  owner: BlueGreenOwner,
  id: string,
  action: string,
  environment: Environment,
  change: (config: BlueGreenConfig, at: string) => BlueGreenConfig,
  actor: Actor,
): Promise<{ blueGreenConfig: string }> {
  return db.transaction(async (tx) => {
    const row = await owner.lock(tx, id, environment);
    if (!row) throw notFound(owner.label);
    const before = parseBlueGreenConfig(row.blueGreenConfig);
    const after = change(before, new Date().toISOString());
    const blueGreenConfig = JSON.stringify(after);
    const revision = await owner.write(tx, id, blueGreenConfig);
    await recordAudit(tx, actor, {
      action: `${owner.resourceType}.blue_green.${action}`,
      resourceType: owner.resourceType,
      resourceId: id,
      revision,
      tenantId: owner.resourceType === 'tenant' ? id : null,
      changes: { environment, before: before[environment] ?? null, after: after[environment] ?? null },
    });
    return { blueGreenConfig };
  });
}
