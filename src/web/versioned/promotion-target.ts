import { NEXT_ENVIRONMENT } from '@contract/capability-subscriptions';
import { environments, type Environment } from '@contract/vocabulary';

/** The environment a version is promoted to (docs/promotion.md), or null: production, or not an environment. */
export function promotionTarget(environment: string): Environment | null {
  const from = environments.find((known) => known === environment);
  return from ? NEXT_ENVIRONMENT[from] : null;
}
