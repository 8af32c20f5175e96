import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Capability } from '@contract/capabilities';
import { apiRequest } from '@/lib/api-client';

export const CAPABILITIES_PATH = '/api/capabilities';
const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Search (name, description or category) and status filter of GET /api/capabilities; empty ones are not sent. */
export type CapabilitiesParams = { q?: string; status?: string };
export type CapabilitiesPage = { capabilities: Capability[]; total: number };

export function capabilitiesSearch({ q, status }: CapabilitiesParams): string {
  const search = new URLSearchParams();
  if (q?.trim()) search.set('q', q.trim());
  if (status?.trim()) search.set('status', status.trim());
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/capabilities: the matching capabilities and their total (X-Total-Count). */
export async function getCapabilities(params: CapabilitiesParams): Promise<CapabilitiesPage> {
  const res = await apiRequest('GET', `${CAPABILITIES_PATH}${capabilitiesSearch(params)}`);
  const capabilities = (await res.json()) as Capability[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return {
    capabilities,
    total: res.headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(total) ? total : capabilities.length,
  };
}

export const capabilitiesQueryOptions = (params: CapabilitiesParams) =>
  queryOptions({
    queryKey: [CAPABILITIES_PATH, 'list', params],
    queryFn: () => getCapabilities(params),
    // Keep the current rows on screen while a new search loads.
    placeholderData: keepPreviousData,
  });

export function useCapabilities(params: CapabilitiesParams) {
  return useQuery(capabilitiesQueryOptions(params));
}
