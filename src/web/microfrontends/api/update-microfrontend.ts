import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Microfrontend, MicrofrontendInput } from '@contract/microfrontends';
import { sendJson } from '@/lib/api-client';
import { MICROFRONTENDS_PATH } from '@/microfrontends/api/microfrontend-keys';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** PATCH /api/microfrontends/{id}. */
export async function updateMicrofrontend({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: Partial<MicrofrontendInput>;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<Microfrontend> {
  return sendJson<Microfrontend>('PATCH', `${MICROFRONTENDS_PATH}/${encodeURIComponent(id)}`, patch, {
    ifMatch,
  });
}

export function useUpdateMicrofrontend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMicrofrontend,
    onSuccess: () => invalidateMicrofrontends(queryClient),
  });
}
