import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Option } from '@contract/lists';
import type { OptionsParams } from '@/components/server-combobox';
import { getOptions } from '@/lib/list-request';
import { TENANTS_PATH } from '@/tenants/api/get-tenants';

/**
 * GET /api/tenants/options?q=&limit=&ids=: the tenant pickers' matches ({id, label: name, detail: status}).
 * Keyed under the tenants' path, so an invalidation of the tenants refreshes the pickers too.
 */
export const tenantOptionsQueryOptions = (params: OptionsParams & { limit?: number }) =>
  queryOptions({
    queryKey: [TENANTS_PATH, 'options', params],
    queryFn: () => getOptions<Option>(`${TENANTS_PATH}/options`, params),
    placeholderData: keepPreviousData,
  });

export function useTenantOptions(params: OptionsParams & { limit?: number }, { enabled = true } = {}) {
  return useQuery({ ...tenantOptionsQueryOptions(params), enabled });
}
