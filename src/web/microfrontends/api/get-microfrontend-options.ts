import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Option } from '@contract/lists';
import type { OptionsParams } from '@/components/server-combobox';
import { getOptions } from '@/lib/list-request';
import { MICROFRONTENDS_PATH, microfrontendKeys } from '@/microfrontends/api/microfrontend-keys';

/** GET /api/microfrontends/options?q=&limit=&ids=: a picker's matches ({id, label: name, detail}). */
export const microfrontendOptionsQueryOptions = (params: OptionsParams & { limit?: number }) =>
  queryOptions({
    queryKey: microfrontendKeys.options(params),
    queryFn: () => getOptions<Option>(`${MICROFRONTENDS_PATH}/options`, params),
    placeholderData: keepPreviousData,
  });

export function useMicrofrontendOptions(
  params: OptionsParams & { limit?: number },
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...microfrontendOptionsQueryOptions(params), enabled });
}
