import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MicrofrontendVersion } from '@contract/microfrontends';
import { getJson } from '@/lib/api-client';

export const VERSIONS_PATH = '/api/microfrontend-versions';

/** GET /api/microfrontend-versions/microfrontend/{id}: all of its versions, newest first. */
export function getMicrofrontendVersions(microfrontendId: string): Promise<MicrofrontendVersion[]> {
  return getJson<MicrofrontendVersion[]>(
    `${VERSIONS_PATH}/microfrontend/${encodeURIComponent(microfrontendId)}`,
  );
}

export const microfrontendVersionsQueryOptions = (microfrontendId: string) =>
  queryOptions({
    queryKey: [VERSIONS_PATH, 'microfrontend', microfrontendId],
    queryFn: () => getMicrofrontendVersions(microfrontendId),
  });

export function useMicrofrontendVersions(microfrontendId: string) {
  return useQuery(microfrontendVersionsQueryOptions(microfrontendId));
}
