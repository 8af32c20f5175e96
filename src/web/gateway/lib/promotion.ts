import { NEXT_ENVIRONMENT } from '@contract/capability-subscriptions';
import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';

/** The environment a route or policy is promoted to, or null (production): docs/promotion.md. */
export const promotionTarget = (environment: Environment): Environment | null =>
  NEXT_ENVIRONMENT[environment];

/** "Promote to UAT"/"Promote to Production" for an active version; undefined when it cannot be promoted. */
export function promoteLabel(version: { environment: Environment; isActive: boolean }): string | undefined {
  const target = version.isActive ? promotionTarget(version.environment) : null;
  return target ? `Promote to ${environmentName(target)}` : undefined;
}

/** "Promoted from Development · v3", as configuration versions read. */
export const promotedFromLabel = (from: { environment: Environment; version: number }): string =>
  `Promoted from ${environmentName(from.environment)} · v${from.version}`;
