import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Environment, Slot } from '../../contract/common';
import { activeRolloutStates } from '../../contract/rollouts';
import type { MeshSlot } from '../../contract/web-app-meshes';
import type { Executor } from '../db/client';
import { microfrontendDeployments, microfrontendVersions, rollouts } from '../db/schema';

/*
 * The deployment slots a mesh manifest carries per microfrontend (docs/traffic-splitting.md): the
 * active ones in the manifest's environment, with their weights, so a host shell can split its users
 * the way the rollout splits the traffic.
 */

type SlotRow = Omit<MeshSlot, 'stable'> & { activatedAt: string | null };

/**
 * Which active slot is the stable one: the rollout's `fromSlot` while a rollout runs; without one, the
 * slot that went live first, then the heavier, then blue (a fixed answer, whatever the row order).
 */
export function stableSlotOf(rows: readonly SlotRow[], rolloutFrom: Slot | undefined): Slot | undefined {
  if (rolloutFrom && rows.some((row) => row.slot === rolloutFrom)) return rolloutFrom;
  const [first] = [...rows].sort(
    (a, b) =>
      (a.activatedAt ?? '\uffff').localeCompare(b.activatedAt ?? '\uffff') ||
      b.weight - a.weight ||
      a.slot.localeCompare(b.slot),
  );
  return first?.slot;
}

/** Microfrontend id → its active slots in `environment`, blue first. */
export async function activeSlotsOf(
  db: Executor,
  microfrontendIds: readonly string[],
  environment: Environment,
): Promise<Map<string, MeshSlot[]>> {
  const ids = [...new Set(microfrontendIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      microfrontendId: microfrontendDeployments.microfrontendId,
      slot: microfrontendDeployments.slot,
      weight: microfrontendDeployments.trafficPercentage,
      activatedAt: microfrontendDeployments.activatedAt,
      deployedUrl: microfrontendDeployments.deployedUrl,
      versionId: microfrontendVersions.id,
      version: microfrontendVersions.version,
      entryUrl: microfrontendVersions.entryUrl,
      integrityHash: microfrontendVersions.integrityHash,
    })
    .from(microfrontendDeployments)
    .innerJoin(microfrontendVersions, eq(microfrontendVersions.id, microfrontendDeployments.versionId))
    .where(
      and(
        inArray(microfrontendDeployments.microfrontendId, ids),
        eq(microfrontendDeployments.environment, environment),
        eq(microfrontendDeployments.status, 'active'),
      ),
    )
    .orderBy(asc(microfrontendDeployments.slot));
  const running = await db
    .select({ resourceId: rollouts.resourceId, fromSlot: rollouts.fromSlot })
    .from(rollouts)
    .where(
      and(
        eq(rollouts.resourceType, 'microfrontend'),
        inArray(rollouts.resourceId, ids),
        eq(rollouts.environment, environment),
        inArray(rollouts.state, [...activeRolloutStates]),
      ),
    );
  const slots = new Map<string, MeshSlot[]>();
  for (const id of ids) {
    const own: SlotRow[] = rows
      .filter((row) => row.microfrontendId === id)
      .map(({ deployedUrl, entryUrl, ...row }) => ({ ...row, entryUrl: deployedUrl ?? entryUrl }));
    const stable = stableSlotOf(own, running.find((r) => r.resourceId === id)?.fromSlot);
    slots.set(
      id,
      own.map(({ activatedAt: _activatedAt, ...row }) => ({ ...row, stable: row.slot === stable })),
    );
  }
  return slots;
}
