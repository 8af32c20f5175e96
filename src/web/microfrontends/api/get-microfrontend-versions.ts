import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MicrofrontendVersion } from '@contract/microfrontends';
import { getJson } from '@/lib/api-client';
import type { Option } from '@contract/lists';
import type { OptionsParams } from '@/components/server-combobox';
import { getPage } from '@/lib/list-request';
import { VERSIONS_PATH, microfrontendKeys } from '@/microfrontends/api/microfrontend-keys';

export { VERSIONS_PATH };

const versionsPath = (id: string) => `${VERSIONS_PATH}/microfrontend/${encodeURIComponent(id)}`;

/** GET /api/microfrontend-versions/microfrontend/{id}: all of its versions, newest first. */
export function getMicrofrontendVersions(microfrontendId: string): Promise<MicrofrontendVersion[]> {
  return getJson<MicrofrontendVersion[]>(versionsPath(microfrontendId));
}

export const microfrontendVersionsQueryOptions = (microfrontendId: string) =>
  queryOptions({
    queryKey: microfrontendKeys.versions(microfrontendId),
    queryFn: () => getMicrofrontendVersions(microfrontendId),
  });

/** Nothing is fetched until a microfrontend is chosen. */
export function useMicrofrontendVersions(microfrontendId: string | undefined) {
  return useQuery({
    ...microfrontendVersionsQueryOptions(microfrontendId ?? ''),
    enabled: !!microfrontendId,
  });
}

/** GET .../published: the versions a mesh may use or a slot may receive, newest first. */
export const publishedVersionsQueryOptions = (microfrontendId: string) =>
  queryOptions({
    queryKey: microfrontendKeys.published(microfrontendId),
    queryFn: () => getJson<MicrofrontendVersion[]>(`${versionsPath(microfrontendId)}/published`),
  });

export function usePublishedVersions(microfrontendId: string | undefined) {
  return useQuery({ ...publishedVersionsQueryOptions(microfrontendId ?? ''), enabled: !!microfrontendId });
}

/** GET .../options?status=published&q=&limit=&ids=: the version picker's matches. */
export const publishedVersionOptionsQueryOptions = (
  microfrontendId: string,
  params: OptionsParams & { limit?: number },
) =>
  queryOptions({
    queryKey: microfrontendKeys.publishedOptions(microfrontendId, params),
    queryFn: () =>
      getPage<Option>(`${versionsPath(microfrontendId)}/options`, { ...params, status: 'published' }),
    placeholderData: keepPreviousData,
  });

export function usePublishedVersionOptions(
  microfrontendId: string | undefined,
  params: OptionsParams & { limit?: number },
) {
  return useQuery({
    ...publishedVersionOptionsQueryOptions(microfrontendId ?? '', params),
    enabled: !!microfrontendId,
  });
}
