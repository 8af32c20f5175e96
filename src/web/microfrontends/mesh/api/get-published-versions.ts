import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MicrofrontendVersion } from '@contract/microfrontends';
import { getJson } from '@/lib/api-client';

const VERSIONS_PATH = '/api/microfrontend-versions/microfrontend';

/** GET /api/microfrontend-versions/microfrontend/{microfrontendId}/published, newest first. */
export function getPublishedVersions(microfrontendId: string): Promise<MicrofrontendVersion[]> {
  return getJson<MicrofrontendVersion[]>(`${VERSIONS_PATH}/${encodeURIComponent(microfrontendId)}/published`);
}

export const publishedVersionsQueryOptions = (microfrontendId: string) =>
  queryOptions({
    queryKey: [VERSIONS_PATH, microfrontendId, 'published'],
    queryFn: () => getPublishedVersions(microfrontendId),
  });

/** Nothing is fetched until a microfrontend is chosen. */
export function usePublishedVersions(microfrontendId: string) {
  return useQuery({ ...publishedVersionsQueryOptions(microfrontendId), enabled: microfrontendId !== '' });
}
