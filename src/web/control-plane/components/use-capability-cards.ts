import type { Capability } from '@contract/capabilities';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { useCallback, useEffect } from 'react';
import { useCapabilityCatalogue } from '@/capabilities';
import { useActiveVersions } from '@/control-plane/api/get-active-versions';
import type { Context } from '@/control-plane/lib/default-context';

/**
 * The catalogue, page after page, and the context's active versions: what the capability cards show.
 * Two requests, however many capabilities.
 */
export function useCapabilityCards(tenantId: string, context: Context) {
  const capabilities = useCapabilityCatalogue();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = capabilities;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const active = useActiveVersions({ tenantId, ...context });
  const activeFor = (capability: Capability): ConfigurationVersion | undefined =>
    active.data?.get(capability.id);
  useEffect(() => {
    // The spec's rule for a failed active-version read: log it and show the capability unconfigured.
    if (active.error) console.error('Could not load the active configuration versions', active.error);
  }, [active.error]);
  return { capabilities, active, activeFor, loadMore };
}
