import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MicrofrontendVersion, MicrofrontendVersionPatch } from '@contract/microfrontends';
import { sendJson } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/microfrontends/api/get-microfrontend-versions';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** PATCH /api/microfrontend-versions/{versionId}: 409 when a published version's frozen fields change. */
export async function updateVersion({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: MicrofrontendVersionPatch;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<MicrofrontendVersion> {
  return sendJson<MicrofrontendVersion>('PATCH', `${VERSIONS_PATH}/${encodeURIComponent(id)}`, patch, {
    ifMatch,
  });
}

export function useUpdateVersion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVersion, onSuccess: () => invalidateMicrofrontends(queryClient) });
}
