import { and, eq } from 'drizzle-orm';
import type { Environment, Slot } from '../../contract/common';
import type { SlotOwnerKind } from '../../contract/rollouts';
import type { Database } from '../db/client';
import { slotKindOf, slotTable } from '../delivery/deployments/slots';

/** What else a test may set with the status: a configured check, and when it last ran. */
export interface SlotHealthExtras {
  healthCheckUrl?: string | null;
  healthCheckIntervalSeconds?: number | null;
  /** Default: now, or never for `unknown`. */
  lastHealthCheck?: Date | null;
}

/**
 * Writes a slot's health as the prober would (src/server/delivery/probes owns that in the running server): the
 * tests of the health gate and of rollbacks set it directly.
 */
export async function setSlotHealth(
  db: Database,
  target: { resourceType: SlotOwnerKind; resourceId: string; environment: Environment; slot: Slot },
  healthStatus: 'healthy' | 'unhealthy' | 'unknown',
  healthReason: string | null = healthStatus === 'unhealthy' ? 'HTTP 503' : null,
  extras: SlotHealthExtras = {},
): Promise<void> {
  const kind = slotKindOf(target.resourceType);
  const table = slotTable(kind);
  const { lastHealthCheck = healthStatus === 'unknown' ? null : new Date(), ...check } = extras;
  const updated = await db
    .update(table)
    .set({
      healthStatus,
      healthReason,
      lastHealthCheck: lastHealthCheck?.toISOString() ?? null,
      ...check,
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
