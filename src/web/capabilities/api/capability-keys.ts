import type { capabilityStatuses } from '@contract/capabilities';
import type { capabilitySortFields, SortValue } from '@contract/lists';
import type { OptionsParams } from '@/components/server-combobox';

export const CAPABILITIES_PATH = '/api/capabilities';

export type CapabilityStatus = (typeof capabilityStatuses)[number];

/** GET /api/capabilities' query (src/contract/lists.ts): search, filters, sort and the page. */
export type CapabilitiesParams = {
  q?: string;
  status?: CapabilityStatus;
  category?: string;
  sort?: SortValue<(typeof capabilitySortFields)[number]>;
  limit?: number;
  offset?: number;
};

/**
 * The one place a capability query key is built. Everything that shows the catalogue (the /apis table,
 * the capability page, the control plane's grid, the Deployments picker, any option list) lives under
 * `all`, so `invalidateCapabilities` refreshes every screen at once.
 */
export const capabilityKeys = {
  all: ['capabilities'] as const,
  lists: () => [...capabilityKeys.all, 'list'] as const,
  list: (params: CapabilitiesParams) => [...capabilityKeys.lists(), params] as const,
  /** Every capability, page after page (the control plane's grid). */
  catalogue: () => [...capabilityKeys.all, 'catalogue'] as const,
  options: (params: OptionsParams & { limit?: number }) =>
    [...capabilityKeys.all, 'options', params] as const,
  details: () => [...capabilityKeys.all, 'detail'] as const,
  detail: (id: string) => [...capabilityKeys.details(), id] as const,
  templates: (id: string) => [...capabilityKeys.detail(id), 'templates'] as const,
};
