import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MicrofrontendVersion, MicrofrontendVersionInput } from '@contract/microfrontends';
import { sendJson } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/microfrontends/api/get-microfrontend-versions';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** POST /api/microfrontend-versions: a new draft. */
export async function createVersion(input: MicrofrontendVersionInput): Promise<MicrofrontendVersion> {
  return sendJson<MicrofrontendVersion>('POST', VERSIONS_PATH, input);
}

export function useCreateVersion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVersion, onSuccess: () => invalidateMicrofrontends(queryClient) });
}
