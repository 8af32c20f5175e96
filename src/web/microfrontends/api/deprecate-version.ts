import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MicrofrontendVersion } from '@contract/microfrontends';
import { sendJson } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/microfrontends/api/get-microfrontend-versions';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** POST /api/microfrontend-versions/{versionId}/deprecate: a draft or published version. */
export async function deprecateVersion(id: string): Promise<MicrofrontendVersion> {
  return sendJson<MicrofrontendVersion>('POST', `${VERSIONS_PATH}/${encodeURIComponent(id)}/deprecate`);
}

export function useDeprecateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deprecateVersion,
    onSuccess: () => invalidateMicrofrontends(queryClient),
  });
}
