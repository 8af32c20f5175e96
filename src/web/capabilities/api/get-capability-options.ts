import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CAPABILITIES_PATH, capabilityKeys } from '@/capabilities/api/capability-keys';
import type { Option } from '@contract/lists';
import type { OptionsParams } from '@/components/server-combobox';
import { getOptions } from '@/lib/list-request';

/** GET /api/capabilities/options?q=&limit=&ids=: a picker's matches ({id, label, detail}). */
export const capabilityOptionsQueryOptions = (params: OptionsParams & { limit?: number }) =>
  queryOptions({
    queryKey: capabilityKeys.options(params),
    queryFn: () => getOptions<Option>(`${CAPABILITIES_PATH}/options`, params),
    placeholderData: keepPreviousData,
  });

export function useCapabilityOptions(
  params: OptionsParams & { limit?: number },
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...capabilityOptionsQueryOptions(params), enabled });
}
