import { eq } from 'drizzle-orm';
import { parseBlueGreenConfig, type BlueGreenConfig } from '../../contract/blue-green';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database } from '../db/client';
import { capabilities, tenants } from '../db/schema';
import type { Environment } from '../../contract/common';
import { conflict, notFound } from '../errors';

/** A row that carries a blueGreenConfig: a tenant or a capability. */
export interface BlueGreenOwner {
  table: typeof tenants | typeof capabilities;
  resourceType: 'tenant' | 'capability';
  /** Noun for the 404 message. */
  label: string;
  /** Refuses environments the owner does not run (checked under the row lock). */
  assertEnvironment?: (row: typeof tenants.$inferSelect, environment: Environment) => void;
}

const ENVIRONMENT_FLAG = {
  development: 'developmentEnabled',
  uat: 'uatEnabled',
  production: 'productionEnabled',
} as const;

export const tenantBlueGreen: BlueGreenOwner = {
  table: tenants,
  resourceType: 'tenant',
  label: 'Tenant',
  assertEnvironment: (tenant, environment) => {
    if (!tenant[ENVIRONMENT_FLAG[environment]])
      throw conflict(`The ${environment} environment is not enabled for this tenant`);
  },
};
export const capabilityBlueGreen: BlueGreenOwner = {
  table: capabilities,
  resourceType: 'capability',
  label: 'Capability',
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
  // The two tables share the columns used here; drizzle cannot type a query over a union of tables.
  const table = owner.table as typeof tenants;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!row) throw notFound(owner.label);
    owner.assertEnvironment?.(row, environment);
    const before = parseBlueGreenConfig(row.blueGreenConfig);
    const after = change(before, new Date().toISOString());
    const blueGreenConfig = JSON.stringify(after);
    await tx.update(table).set({ blueGreenConfig }).where(eq(table.id, id));
    await recordAudit(tx, actor, {
      action: `${owner.resourceType}.blue_green.${action}`,
      resourceType: owner.resourceType,
      resourceId: id,
      tenantId: owner.resourceType === 'tenant' ? id : null,
      changes: { environment, before: before[environment] ?? null, after: after[environment] ?? null },
    });
    return { blueGreenConfig };
  });
}
