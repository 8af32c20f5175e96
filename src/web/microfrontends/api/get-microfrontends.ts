import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MicrofrontendListItem } from '@contract/microfrontends';
import { getPage, type Page } from '@/lib/list-request';
import {
  MICROFRONTENDS_PATH,
  microfrontendKeys,
  type MicrofrontendsParams,
} from '@/microfrontends/api/microfrontend-keys';

/**
 * GET /api/microfrontends?q=&sort=&limit=&offset=: one page and the total, each row with the newest
 * versions its card shows, so the page makes this one request and none per card.
 */
export function getMicrofrontends(params: MicrofrontendsParams): Promise<Page<MicrofrontendListItem>> {
  return getPage<MicrofrontendListItem>(MICROFRONTENDS_PATH, params);
}

export const microfrontendsQueryOptions = (params: MicrofrontendsParams) =>
  queryOptions({
    queryKey: microfrontendKeys.list(params),
    queryFn: () => getMicrofrontends(params),
    // Keep the current cards on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export function useMicrofrontends(params: MicrofrontendsParams) {
  return useQuery(microfrontendsQueryOptions(params));
}
