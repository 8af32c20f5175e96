import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MicrofrontendVersion } from '@contract/microfrontends';
import { apiRequest } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/microfrontends/registry/api/get-microfrontend-versions';
import { invalidateRegistry } from '@/microfrontends/registry/api/invalidate-registry';

/** POST /api/microfrontend-versions/{versionId}/deprecate: a draft or published version. */
export async function deprecateVersion(id: string): Promise<MicrofrontendVersion> {
  const res = await apiRequest('POST', `${VERSIONS_PATH}/${encodeURIComponent(id)}/deprecate`);
  return (await res.json()) as MicrofrontendVersion;
}

export function useDeprecateVersion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deprecateVersion, onSuccess: () => invalidateRegistry(queryClient) });
}
