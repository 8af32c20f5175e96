import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Capability } from '@contract/capabilities';
import {
  CAPABILITIES_PATH,
  capabilityKeys,
  type CapabilitiesParams,
} from '@/capabilities/api/capability-keys';
import { getPage, type Page } from '@/lib/list-request';

/** GET /api/capabilities?q=&status=&category=&sort=&limit=&offset=: one page and the total. */
export function getCapabilities(params: CapabilitiesParams): Promise<Page<Capability>> {
  return getPage<Capability>(CAPABILITIES_PATH, params);
}

export const capabilitiesQueryOptions = (params: CapabilitiesParams) =>
  queryOptions({
    queryKey: capabilityKeys.list(params),
    queryFn: () => getCapabilities(params),
    // Keep the current rows on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export function useCapabilities(params: CapabilitiesParams) {
  return useQuery(capabilitiesQueryOptions(params));
}
