import { eq } from 'drizzle-orm';
import { isGlobalAdmin } from '../../contract/auth';
import type { Actor } from '../auth/viewer';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import type { SlotRow } from '../deployments/slots';
import { badRequest, conflict, forbidden } from '../errors';

/** What a switch body adds to pass the health gate. */
export interface ForceFields {
  force?: boolean;
  forceReason?: string;
}

const slotName = (slot: string) => `${slot.charAt(0).toUpperCase()}${slot.slice(1)} slot`;

/** Why a slot may not take traffic: it failed its health check, or never passed one. Null when healthy. */
export function healthRefusal(row: Pick<SlotRow, 'slot' | 'healthStatus' | 'healthReason'>): string | null {
  if (row.healthStatus === 'healthy') return null;
  if (row.healthStatus === 'unhealthy') {
    return `${slotName(row.slot)} is unhealthy${row.healthReason ? ` (${row.healthReason})` : ''}`;
  }
  return `${slotName(row.slot)} has not passed a health check yet`;
}

/**
 * The health gate of a switch (docs/rollouts.md): traffic goes only to a slot whose last health check
 * passed. A global administrator may force it with a reason, which the switch's audit event records.
 * Answers whether the switch was forced.
 */
export async function assertSwitchGate(
  db: Executor,
  target: SlotRow,
  fields: ForceFields,
  actor: Actor,
): Promise<{ forced: boolean }> {
  if (fields.force) {
    await assertMayForce(db, fields, actor);
    return { forced: true };
  }
  const refusal = healthRefusal(target);
  if (refusal) throw conflict(`${refusal}: switch refused`);
  return { forced: false };
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
