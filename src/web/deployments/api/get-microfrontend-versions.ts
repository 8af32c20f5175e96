import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MicrofrontendVersion } from '@contract/microfrontends';
import { getJson } from '@/lib/api-client';

const VERSIONS_PATH = '/api/microfrontend-versions';
const path = (id: string) => `${VERSIONS_PATH}/microfrontend/${encodeURIComponent(id)}`;

/** GET /api/microfrontend-versions/microfrontend/{id}: every version, to name the slots' versionIds. */
export const microfrontendVersionsQueryOptions = (microfrontendId: string) =>
  queryOptions({
    queryKey: [VERSIONS_PATH, 'microfrontend', microfrontendId],
    queryFn: () => getJson<MicrofrontendVersion[]>(path(microfrontendId)),
  });

export function useMicrofrontendVersions(microfrontendId: string | undefined) {
  return useQuery({
    ...microfrontendVersionsQueryOptions(microfrontendId ?? ''),
    enabled: !!microfrontendId,
  });
}

/** GET .../published: the versions that may be deployed. */
export const publishedVersionsQueryOptions = (microfrontendId: string) =>
  queryOptions({
    queryKey: [VERSIONS_PATH, 'microfrontend', microfrontendId, 'published'],
    queryFn: () => getJson<MicrofrontendVersion[]>(`${path(microfrontendId)}/published`),
  });

export function usePublishedVersions(microfrontendId: string) {
  return useQuery(publishedVersionsQueryOptions(microfrontendId));
}
