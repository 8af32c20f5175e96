import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capability } from '@contract/capabilities';
import type { LiveResource } from '@/concurrency';
import { getJson } from '@/lib/api-client';
import { CAPABILITIES_PATH, capabilityKeys } from '@/capabilities/api/capability-keys';

/** GET /api/capabilities/{capabilityId}. */
export function getCapability(capabilityId: string): Promise<Capability> {
  return getJson<Capability>(`${CAPABILITIES_PATH}/${encodeURIComponent(capabilityId)}`);
}

/** How a capability edit form follows its capability live (docs/live-console.md). */
export const capabilityLive: LiveResource<Capability> = {
  resourceType: 'capability',
  fetchCurrent: getCapability,
};

export const capabilityQueryOptions = (capabilityId: string) =>
  queryOptions({
    queryKey: capabilityKeys.detail(capabilityId),
    queryFn: () => getCapability(capabilityId),
  });

export function useCapability(capabilityId: string) {
  return useQuery(capabilityQueryOptions(capabilityId));
}
