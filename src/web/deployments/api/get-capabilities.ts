import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capability } from '@contract/capabilities';
import { getJson } from '@/lib/api-client';

/** The whole catalogue (the server's largest page), for the resource select. */
const CAPABILITIES_URL = '/api/capabilities?limit=500';

/** GET /api/capabilities: the resource select's options on the Capabilities tab. */
export const capabilityOptionsQueryOptions = () =>
  queryOptions({ queryKey: [CAPABILITIES_URL], queryFn: () => getJson<Capability[]>(CAPABILITIES_URL) });

export function useCapabilityOptions(enabled = true) {
  return useQuery({ ...capabilityOptionsQueryOptions(), enabled });
}
