import { eq } from 'drizzle-orm';
import { isGlobalAdmin } from '../../../contract/auth';
import type { Actor } from '../../auth/viewer';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { SlotRow } from '../deployments/slots';
import { badRequest, conflict, forbidden } from '../../errors';
import { freshForSeconds, isHealthStale } from '../probes/freshness';
import { areProductionHealthChecksRequired } from '../../settings/service';

/** What a switch body adds to pass the health gate. */
export interface ForceFields {
  force?: boolean;
  forceReason?: string;
}

/** A slot's health as the gate reads it; the audit events record it. */
export type GateHealth = 'healthy' | 'not checked' | 'unhealthy' | 'unknown';

/** Whether a slot may take traffic, as read now: if not, why. */
export type HealthVerdict = { health: GateHealth; refusal: string | null };

export type GateSlot = Pick<
  SlotRow,
  | 'slot'
  | 'healthStatus'
  | 'healthReason'
  | 'healthCheckUrl'
  | 'healthCheckIntervalSeconds'
  | 'lastHealthCheck'
>;

const slotName = (slot: string) => `${slot.charAt(0).toUpperCase()}${slot.slice(1)} slot`;

/**
 * The health gate's rule (docs/health-checks.md): a slot that failed is refused; a slot with no health
 * check is "not checked" and may take traffic unless `checkRequired`; a slot with a check must have
 * passed it, and a result older than three intervals counts as unknown.
 */
export function judgeHealth(row: GateSlot, now: Date, checkRequired = false): HealthVerdict {
  const name = slotName(row.slot);
  if (row.healthStatus === 'unhealthy') {
    const why = row.healthReason ? ` (${row.healthReason})` : '';
    return { health: 'unhealthy', refusal: `${name} is unhealthy${why}` };
  }
  if (!row.healthCheckUrl) {
    const refusal = checkRequired ? `${name} has no health check, and production requires one` : null;
    return { health: 'not checked', refusal };
  }
  if (row.healthStatus !== 'healthy' || !row.lastHealthCheck) {
    return { health: 'unknown', refusal: `${name} has not passed a health check yet` };
  }
  if (isHealthStale(row, now)) {
    const refusal = `${name}'s health is unknown: its last check is older than three intervals (${freshForSeconds(row)} s)`;
    return { health: 'unknown', refusal };
  }
  return { health: 'healthy', refusal: null };
}

/**
 * The health gate of a switch (docs/rollouts.md): traffic goes only to a slot judgeHealth lets through,
 * production reading the platform setting "require health checks in production". A global administrator
 * may force it with a reason, which the switch's audit event records. Answers whether the switch was
 * forced, and the target's health for the audit event.
 */
export async function assertSwitchGate(
  db: Executor,
  target: SlotRow,
  fields: ForceFields,
  actor: Actor,
): Promise<{ forced: boolean; health: GateHealth }> {
  const checkRequired = target.environment === 'production' && (await areProductionHealthChecksRequired(db));
  const { health, refusal } = judgeHealth(target, new Date(), checkRequired);
  if (fields.force) {
    await assertMayForce(db, fields, actor);
    return { forced: true, health };
  }
  if (refusal) throw conflict(`${refusal}: switch refused`);
  return { forced: false, health };
}

/** Forcing is a global administrator's call, read fresh (a request applies as its requester), with a reason. */
async function assertMayForce(db: Executor, fields: ForceFields, actor: Actor): Promise<void> {
  const [user] = actor.id
    ? await db.select({ globalRole: users.globalRole }).from(users).where(eq(users.id, actor.id))
    : [];
  if (!user || !isGlobalAdmin(user)) {
    throw forbidden('Only a global administrator may force a switch past the health gate');
  }
  if (!fields.forceReason?.trim()) {
    const message = 'A reason is required to force a switch';
    throw badRequest(`Invalid body.forceReason: ${message}`, [{ path: 'body.forceReason', message }]);
  }
}
