import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MicrofrontendVersion } from '@contract/microfrontends';
import { sendJson } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/microfrontends/api/get-microfrontend-versions';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** POST /api/microfrontend-versions/{versionId}/publish: drafts only; 409 without entry URL, modules, hash. */
export async function publishVersion(id: string): Promise<MicrofrontendVersion> {
  return sendJson<MicrofrontendVersion>('POST', `${VERSIONS_PATH}/${encodeURIComponent(id)}/publish`);
}

export function usePublishVersion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishVersion, onSuccess: () => invalidateMicrofrontends(queryClient) });
}
