import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capability } from '@contract/capabilities';
import { getJson } from '@/lib/api-client';

export const CAPABILITIES_PATH = '/api/capabilities';

/** GET /api/capabilities: the catalogue (same key as the Capabilities page, so the cache is shared). */
export function getCapabilities(): Promise<Capability[]> {
  return getJson<Capability[]>(CAPABILITIES_PATH);
}

export const capabilitiesQueryOptions = () =>
  queryOptions({ queryKey: [CAPABILITIES_PATH], queryFn: getCapabilities });

export function useCapabilities() {
  return useQuery(capabilitiesQueryOptions());
}
