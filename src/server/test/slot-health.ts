import { and, eq } from 'drizzle-orm';
import type { Environment, Slot } from '../../contract/common';
import type { SlotOwnerKind } from '../../contract/rollouts';
import type { Database } from '../db/client';
import { slotKindOf, slotTable } from '../deployments/slots';

/**
 * Writes a slot's health as the prober would (src/server/probes owns that in the running server): the
 * tests of the health gate and of rollbacks set it directly.
 */
export async function setSlotHealth(
  db: Database,
  target: { resourceType: SlotOwnerKind; resourceId: string; environment: Environment; slot: Slot },
  healthStatus: 'healthy' | 'unhealthy' | 'unknown',
  healthReason: string | null = healthStatus === 'unhealthy' ? 'HTTP 503' : null,
): Promise<void> {
  const kind = slotKindOf(target.resourceType);
  const table = slotTable(kind);
  const updated = await db
    .update(table)
    .set({
      healthStatus,
      healthReason,
      lastHealthCheck: healthStatus === 'unknown' ? null : new Date().toISOString(),
    })
    .where(
      and(
        eq(table[kind.resourceColumn as 'microfrontendId'], target.resourceId),
        eq(table.environment, target.environment),
        eq(table.slot, target.slot),
      ),
    )
    .returning({ id: table.id });
  if (updated.length !== 1) throw new Error(`No ${target.slot} slot for ${target.resourceId}`);
}
