import { and, eq, inArray } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import type { Executor } from '../db/client';
import { capabilityDeployments } from '../db/schema';
import { splitTargets, type CapabilitySplits, type SplitTarget } from './kong-upstreams';

/**
 * The capabilities among `capabilityIds` whose two slots share the traffic in `environment` (a
 * progressive rollout), with their weighted Kong targets; the others are left out.
 */
export async function capabilitySplits(
  db: Executor,
  capabilityIds: readonly string[],
  environment: Environment,
): Promise<CapabilitySplits> {
  const ids = [...new Set(capabilityIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(capabilityDeployments)
    .where(
      and(
        inArray(capabilityDeployments.capabilityId, ids),
        eq(capabilityDeployments.environment, environment),
        eq(capabilityDeployments.status, 'active'),
      ),
    );
  const splits = new Map<string, SplitTarget[]>();
  for (const id of ids) {
    const targets = splitTargets(rows.filter((row) => row.capabilityId === id));
    if (targets) splits.set(id, targets);
  }
  return splits;
}
